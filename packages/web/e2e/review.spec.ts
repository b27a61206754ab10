/**
 * "Review my game" on a finished game opened from a file: the review runs in the bot worker with
 * a tiny budget (the stored settings' test hook), lists the costliest decisions, and one opens
 * the replay at its position with the better move. Screenshots on a wide screen and a phone,
 * in English and French; nothing may overflow the phone's width.
 */
import { writeFileSync } from 'node:fs';
import { createBot, playGame } from '@gangsta/bots';
import { expect, type Page, test } from '@playwright/test';
import { axe, SCREENSHOTS } from './helpers.ts';

/**
 * A short 2-player game, as a game file: seat 1 plays the heuristic, seat 0 at random (so the
 * review, whose search starts from the heuristic's move, finds costly decisions at once).
 */
function gameFile(path: string): void {
  const { record } = playGame({ players: 2, seed: 8 }, [
    createBot({ kind: 'random', seed: 1 }),
    createBot({ kind: 'heuristic', seed: 2 }),
  ]);
  writeFileSync(path, JSON.stringify(record));
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('a finished game is reviewed and a costly decision shown on the table', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.addInitScript(() => {
    localStorage.setItem(
      'gangsta.settings.v1',
      // Enough simulations for a loss to stand out of the noise (review/noise.ts): with a
      // handful, every estimate's margin is wider than any loss and nothing is listed.
      JSON.stringify({ botDelayMs: 0, reviewIterations: 300 }),
    );
  });
  const file = testInfo.outputPath('short-game.json');
  gameFile(file);
  await page.goto('/');
  await page.getByTestId('import-file').setInputFiles(file);
  const review = page.getByTestId('game-review');
  await expect(review).toBeVisible();
  await review.getByLabel('Whose decisions').selectOption('0');
  await review.getByRole('button', { name: 'Review my game' }).click();
  await expect(review.getByRole('status').first()).toContainText(/Reviewing decision|Getting/);
  const items = review.getByTestId('review-decision');
  await expect(items.first()).toBeVisible({ timeout: 120_000 });
  expect(await items.count()).toBeLessThanOrEqual(5);
  await expect(items.first()).toContainText(/points? of win chance/);
  await expect(items.first()).toContainText(/after the better one/);
  const results = await axe(page).include('[data-testid="game-review"]').analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  await page.setViewportSize({ width: 1440, height: 900 });
  await review.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/review-list-en-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await review.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/review-list-en-390.png` });
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  // The same list in French (the review is kept: no second run).
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByLabel('Language').selectOption('fr');
  await page.keyboard.press('Escape');
  await expect(review.getByRole('heading', { name: 'Analyser ma partie' })).toBeVisible();
  await expect(items.first()).toContainText(/de chance de gagner/);
  await review.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/review-list-fr-390.png` });
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  // A decision opens the replay at its position, the better move said and marked.
  const index = Number(await items.first().getAttribute('data-index'));
  await items.first().getByRole('button', { name: 'Voir sur la table' }).click();
  const note = page.getByTestId('review-note');
  await expect(note).toBeVisible();
  await expect(note).toContainText('Mieux :');
  await expect(page.getByTestId('replay-slider')).toHaveValue(String(index));
  await page.screenshot({ path: `${SCREENSHOTS}/review-note-fr-390.png` });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/review-note-fr-1440.png` });
  expect(errors).toEqual([]);
});
