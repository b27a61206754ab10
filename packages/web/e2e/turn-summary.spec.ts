/**
 * "What just happened": the turn summary appears when the player's turn comes back against
 * bots and covers none of the cards the decision is played on; banners never cover such a card;
 * hot-seat shows no floating figures that did not happen and says whose turn it is; the hint
 * line does not move the table. Screenshots of the summary in every language at both sizes.
 */
import { expect, type Page, test } from '@playwright/test';
import { instantBots, MOVE_BUTTONS, newGame, rng, SCREENSHOTS, stepWithClick } from './helpers.ts';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Watches the page for a banner over a control of the decision (a lit card or a bar button)
 * and for floating figures on the player's own board right after it changed seat.
 */
async function watchOverlaps(page: Page): Promise<void> {
  await page.addInitScript((selector) => {
    const report = { bannerOverCard: [] as string[], falseDeltas: [] as string[] };
    (window as unknown as { __overlaps: typeof report }).__overlaps = report;
    const hit = (a: DOMRect, b: DOMRect) =>
      a.width > 0 &&
      b.width > 0 &&
      a.left < b.right &&
      b.left < a.right &&
      a.top < b.bottom &&
      b.top < a.bottom;
    let seat = '';
    const observer = new MutationObserver(() => {
      const banner = document.querySelector('.table-banner span');
      if (banner) {
        const box = banner.getBoundingClientRect();
        for (const control of document.querySelectorAll<HTMLElement>(selector)) {
          if (hit(box, control.getBoundingClientRect())) {
            report.bannerOverCard.push(
              `${banner.textContent} over ${control.dataset.card ?? control.textContent}`,
            );
          }
        }
      }
      const mine = document.querySelector('.board--mine .board__player')?.textContent ?? '';
      if (mine !== seat) {
        // The "you" board now shows another seat: a figure floating there would be false.
        const deltas = document.querySelectorAll('.board--mine .delta');
        if (seat !== '' && deltas.length > 0) {
          report.falseDeltas.push(
            `${seat} → ${mine}: ${[...deltas].map((d) => d.textContent).join(' ')}`,
          );
        }
        seat = mine;
      }
    });
    const start = () =>
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    if (document.body) start();
    else document.addEventListener('DOMContentLoaded', start);
  }, MOVE_BUTTONS);
}

function overlaps(report: Page) {
  return report.evaluate(
    () =>
      (window as unknown as { __overlaps: { bannerOverCard: string[]; falseDeltas: string[] } })
        .__overlaps,
  );
}

/** The summary's box and the boxes of every lit control of the decision that shows. */
async function summaryAndControls(page: Page): Promise<{ summary: Box; controls: Box[] }> {
  const summary = await page.getByTestId('turn-summary').boundingBox();
  if (!summary) throw new Error('no summary box');
  const controls = await page.locator(MOVE_BUTTONS).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0
        ? [{ x: box.left, y: box.top, width: box.width, height: box.height }]
        : [];
    }),
  );
  return { summary, controls };
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Plays (seeded clicks) until the summary shows at one of the player's decisions. */
async function playUntilSummary(page: Page, seed: number, wanted = 1, maxClicks = 400) {
  const random = rng(seed);
  let seen = 0;
  for (let clicks = 0; clicks < maxClicks; clicks++) {
    await page.waitForFunction(
      (selector) =>
        document.querySelector('[data-testid="score"]') !== null ||
        document.querySelector('[data-testid="pass-device"]') !== null ||
        document.querySelector(selector) !== null,
      MOVE_BUTTONS,
      { timeout: 60_000 },
    );
    if (await page.getByTestId('turn-summary').isVisible()) {
      seen++;
      const { summary, controls } = await summaryAndControls(page);
      for (const control of controls) expect(intersects(summary, control)).toBe(false);
      if (seen >= wanted) return;
    }
    const result = await stepWithClick(page, random);
    if (result.step === 'over') break;
  }
  throw new Error(`the summary showed ${seen} times, not ${wanted}`);
}

test.describe('the turn summary', () => {
  test.beforeEach(async ({ page }) => {
    await instantBots(page);
    await watchOverlaps(page);
  });

  test('against bots: appears when the turn comes back, covers no lit card, closes', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await newGame(page, ['human', 'easy', 'easy'], { seed: 21 });
    await playUntilSummary(page, 3, 4);
    const summary = page.getByTestId('turn-summary');
    await expect(summary.getByTestId('recap').first()).toBeVisible();
    await summary.getByRole('button', { name: 'Close the summary of the other turns' }).click();
    await expect(summary).toHaveCount(0);
    const report = await overlaps(page);
    expect(report.bannerOverCard).toEqual([]);
  });

  test('on a phone: a strip above the tabs that covers no lit card', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await newGame(page, ['human', 'easy', 'easy', 'easy'], { seed: 8 });
    await playUntilSummary(page, 5, 3);
    const strip = await page.getByTestId('turn-summary').boundingBox();
    const tabs = await page.locator('.phone-tabs').boundingBox();
    expect(strip && tabs && strip.y + strip.height <= tabs.y + 1).toBe(true);
    expect((await overlaps(page)).bannerOverCard).toEqual([]);
  });

  test('hot-seat: no floating figures that did not happen; the line says whose turn', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await newGame(page, ['human', 'human'], { seed: 4 });
    const random = rng(9);
    for (let clicks = 0; clicks < 60; clicks++) {
      const result = await stepWithClick(page, random);
      if (result.step === 'over') break;
    }
    const pass = page.getByTestId('pass-device');
    if (await pass.isVisible()) await pass.getByRole('button').click();
    await expect(page.locator('#decision-title')).toContainText(/Player \d’s turn\./);
    const report = await overlaps(page);
    expect(report.falseDeltas).toEqual([]);
    expect(report.bannerOverCard).toEqual([]);
  });

  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the hint line does not move the table at ${size.width}×${size.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await newGame(page, ['human', 'easy'], { seed: 2 });
      // The bot may move first; a busy machine may take a while to start its worker.
      await expect(page.locator('.status-bar.is-mine')).toBeVisible({ timeout: 60_000 });
      const main = page.locator('.table-main');
      const before = await main.boundingBox();
      await page.locator('.status-bar').getByRole('button', { name: 'Hint' }).click();
      await expect(page.locator('.status-bar__hint')).not.toBeEmpty();
      await expect(page.locator('.status-bar__hint')).not.toHaveText(/thinking/i);
      const after = await main.boundingBox();
      expect(after?.y).toBe(before?.y);
    });
  }
});

test('screenshots of the turn summary in every language at both sizes', async ({ page }) => {
  test.setTimeout(480_000);
  await instantBots(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await newGame(page, ['human', 'easy', 'easy'], { seed: 21 });
  await playUntilSummary(page, 3, 5);
  for (const language of ['en', 'de', 'fr', 'nl', 'pt']) {
    await page.evaluate((code) => localStorage.setItem('gangsta.language', code), language);
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const summary = page.getByTestId('turn-summary');
      await expect(summary).toBeVisible();
      const { summary: box, controls } = await summaryAndControls(page);
      for (const control of controls) expect(intersects(box, control)).toBe(false);
      await page.screenshot({
        path: `${SCREENSHOTS}/turn-summary-${size.width}-${language}.png`,
      });
      if (size.width < 500) {
        // The strip opened: every line whole.
        await summary.locator('.turn-summary__more').click();
        await page.screenshot({
          path: `${SCREENSHOTS}/turn-summary-${size.width}-${language}-open.png`,
        });
      }
    }
  }
});
