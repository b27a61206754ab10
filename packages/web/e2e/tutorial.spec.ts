/**
 * "Learn to play" in the browser: the tutorial is completed by clicking only what it highlights
 * (the one legal card, or the coach's Next), it can be left and resumed at the same step, and
 * axe finds no serious violation on it. A screenshot of a step goes to the screenshots folder.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { instantBots, SCREENSHOTS } from './helpers.ts';

/** Cards the table marks as clickable (the tutorial leaves exactly one). */
const LEGAL = '[data-legal="true"]';
const NEXT = '[data-testid="tutorial-next"]';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

async function openTutorial(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: 'Learn to play' })
    .click();
  await expect(page.getByTestId('coach')).toBeVisible();
}

async function stepIndex(page: Page): Promise<number> {
  return Number(await page.getByTestId('coach').getAttribute('data-step-index'));
}

/** Clicks what the tutorial asks for: Next, or the one highlighted card. Returns what it was. */
async function advance(page: Page): Promise<'next' | 'card'> {
  const before = await stepIndex(page);
  await page.waitForFunction(
    ([legal, next]) =>
      document.querySelector(next) !== null || document.querySelector(legal) !== null,
    [LEGAL, NEXT],
    { timeout: 30_000 },
  );
  let clicked: 'next' | 'card';
  if (await page.locator(NEXT).isVisible()) {
    await page.locator(NEXT).click();
    clicked = 'next';
  } else {
    const cards = page.locator(LEGAL);
    await expect(cards, 'exactly one highlighted card').toHaveCount(1);
    await cards.click();
    clicked = 'card';
  }
  await expect.poll(() => stepIndex(page), { timeout: 30_000 }).toBe(before + 1);
  return clicked;
}

test('the tutorial is completed by clicking what it highlights, and can be left and resumed', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await instantBots(page);
  await page.goto('/');
  await openTutorial(page);
  expect(await stepIndex(page)).toBe(0);
  const coach = page.getByTestId('coach');
  let cardClicks = 0;
  let resumed = false;
  while ((await coach.getAttribute('data-step')) !== 'finished') {
    const step = await coach.getAttribute('data-step');
    if (step === 'noHoldBack') {
      await expect(page.locator(LEGAL)).toHaveCount(1);
      // Away from the cards, so no enlarged card covers the coach.
      await page.mouse.move(0, 0);
      await expect(page.getByTestId('card-zoom')).toBeHidden();
      await page.screenshot({ path: `${SCREENSHOTS}/tutorial-step.png`, fullPage: true });
      expect(await seriousViolations(page), 'tutorial').toEqual([]);
    }
    if (step === 'synchronization' && !resumed) {
      // Leave, come back: the tutorial resumes at the same step (progress in localStorage).
      resumed = true;
      const at = await stepIndex(page);
      await page.getByRole('button', { name: 'Leave the tutorial' }).click();
      await expect(coach).toBeHidden();
      await page.reload();
      await openTutorial(page);
      expect(await stepIndex(page)).toBe(at);
    }
    if ((await advance(page)) === 'card') cardClicks++;
  }
  expect(resumed).toBe(true);
  expect(cardClicks).toBeGreaterThanOrEqual(12);
  await expect(page.getByTestId('chapter')).toHaveAttribute('data-chapter', '3');
  await expect(coach.getByRole('button', { name: 'Start a real game' })).toBeVisible();
  expect(await seriousViolations(page), 'tutorial, last step').toEqual([]);
  expect(errors).toEqual([]);
});

test('the tutorial speaks the chosen language', async ({ page }) => {
  await instantBots(page);
  await page.addInitScript(() => localStorage.setItem('gangsta.language', 'de'));
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Hauptmenü' })
    .getByRole('button', { name: 'Spielen lernen' })
    .click();
  const coach = page.getByTestId('coach');
  await expect(coach).toContainText('Willkommen in der Unterwelt');
  await expect(coach).toContainText('Mister Jade');
  await coach.getByRole('button', { name: 'Weiter' }).click();
  await expect(coach).toContainText('Klicke auf die hervorgehobene Karte');
});
