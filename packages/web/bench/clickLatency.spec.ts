/**
 * `npm run bench:click -w packages/web`: how long a click on the table takes to show its
 * result. Plays a 4-player game against instant bots with the seeded click policy of the
 * end-to-end tests and, for each click of the human, measures from the pointer going down to
 * the first frame painted after the table's move counter changed (the click's own move, before
 * any bot answers). Prints the median, the 95th percentile and the worst. A figure for the
 * README, not a test: nothing here fails on a slow machine.
 */
import { test } from '@playwright/test';
import { instantBots, MOVE_BUTTONS, newGame, rng } from '../e2e/helpers.ts';

const CLICKS = Number(process.env.CLICKS ?? 120);

declare global {
  interface Window {
    __latencies: number[];
  }
}

test('click → update on the table', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await instantBots(page);
  await page.addInitScript(() => {
    window.__latencies = [];
    let downAt: number | null = null;
    let movesAtDown: string | null = null;
    const moves = () => document.querySelector('[data-moves]')?.getAttribute('data-moves') ?? null;
    window.addEventListener(
      'pointerdown',
      (event) => {
        downAt = event.timeStamp;
        movesAtDown = moves();
      },
      true,
    );
    new MutationObserver(() => {
      if (downAt === null || moves() === movesAtDown) return;
      const start = downAt;
      downAt = null;
      requestAnimationFrame(() => {
        // The frame after this one's callbacks is the first that shows the change.
        requestAnimationFrame((painted) => window.__latencies.push(painted - start));
      });
    }).observe(document.documentElement, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-moves'],
    });
  });
  await newGame(page, ['human', 'medium', 'medium', 'medium'], { seed: 7 });
  const random = rng(7);
  let clicks = 0;
  while (clicks < CLICKS) {
    await page.waitForFunction(
      (selector) =>
        document.querySelector('[data-testid="score"]') !== null ||
        document.querySelector(selector) !== null,
      MOVE_BUTTONS,
      { timeout: 60_000 },
    );
    if (await page.getByTestId('score').isVisible()) break;
    const buttons = page.locator(MOVE_BUTTONS);
    const count = await buttons.count();
    if (count === 0) continue;
    await buttons.nth(Math.floor(random() * count)).click();
    clicks++;
  }
  const latencies = (await page.evaluate(() => window.__latencies)).sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  console.log(
    `click → update, ${latencies.length} clicks at 1440×900: median ${at(0.5).toFixed(1)} ms, ` +
      `p95 ${at(0.95).toFixed(1)} ms, worst ${latencies[latencies.length - 1].toFixed(1)} ms`,
  );
});
