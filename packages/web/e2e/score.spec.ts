/**
 * The score screen at the end of a game: the breakdown in the players' names, the chart of IP
 * and money over the game (a lazy chunk drawn on a canvas, with its numbers in a hidden table),
 * no serious axe violation, and a screenshot of it with its chart. Each game is played by bots
 * in Node to a few moves before its end (fixtures.ts), opened as a game file and continued at
 * the table, where the browser's bots finish it: the score screen of a game ended at the table.
 */
import { expect, test } from '@playwright/test';
import { beforeTheEnd, botGame, continueRecord, randomBots } from './fixtures.ts';
import { axe, instantBots, SCREENSHOTS } from './helpers.ts';

// Reduced motion: the bots' last moves go faster without the table's animations.
test.use({ reducedMotion: 'reduce' });

test('the score screen shows the breakdown and a chart of IP and money over the game', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await instantBots(page);
  const game = botGame({ players: 3, seed: 12 }, randomBots(3));
  await page.goto('/');
  await continueRecord(page, beforeTheEnd(game, 6), randomBots(3));
  const score = page.getByTestId('score');
  await expect(score).toBeVisible({ timeout: 60_000 });
  await expect(score).toContainText(/wins!|Shared victory/);
  await expect(score.getByRole('columnheader', { name: /^1\. / }).first()).toBeVisible();
  const chart = score.getByTestId('score-chart');
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await expect(chart).toHaveAttribute('data-measure', 'ip');
  // The canvas was drawn on (some pixel is not transparent).
  await expect
    .poll(() =>
      chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0) return 0;
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
        let painted = 0;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted++;
        return painted;
      }),
    )
    .toBeGreaterThan(1000);
  const rows = chart.getByTestId('score-chart-data').getByRole('row');
  expect(await rows.count()).toBeGreaterThan(10);
  await page.mouse.move(0, 0);
  // Tall enough for the whole score panel, chart included, in one picture.
  await page.setViewportSize({ width: 1440, height: 1800 });
  await score.screenshot({ path: `${SCREENSHOTS}/score-chart.png` });
  await page.screenshot({ path: `${SCREENSHOTS}/score-page.png`, fullPage: true });
  const results = await axe(page).include('[data-testid="score"]').analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  await chart.getByRole('button', { name: 'Money' }).click();
  await expect(chart).toHaveAttribute('data-measure', 'money');
  await expect(chart.getByRole('button', { name: 'Money' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await score.screenshot({ path: `${SCREENSHOTS}/score-chart-money.png` });
  expect(errors).toEqual([]);
});

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the score fits with its chart, and each row says what it counts', async ({ page }) => {
    await instantBots(page);
    const game = botGame({ players: 2, seed: 12, families: true, resources: true }, randomBots(2));
    await page.goto('/');
    await continueRecord(page, beforeTheEnd(game, 6), randomBots(2));
    const score = page.getByTestId('score');
    await expect(score).toBeVisible({ timeout: 60_000 });
    const chart = score.getByTestId('score-chart');
    await expect(chart.locator('canvas')).toBeVisible({ timeout: 30_000 });
    await page.mouse.move(0, 0);
    // The chart is in the window as the score appears: nothing needs scrolling to see it.
    const box = await chart.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(900);
    // Every row of the breakdown says what it counts, under its name.
    const rowHeaders = score.locator('.score-scroll tbody th[scope="row"]');
    const count = await rowHeaders.count();
    // Both variants: heists, members, resources, Media, richest, families, total, gang size.
    expect(count).toBe(8);
    for (let i = 0; i < count; i++) {
      await expect(rowHeaders.nth(i).locator('.score-row-help')).not.toBeEmpty();
    }
    for (const language of ['en', 'de'] as const) {
      if (language !== 'en') {
        await page.evaluate((code) => localStorage.setItem('gangsta.language', code), language);
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(chart.locator('canvas')).toBeVisible({ timeout: 30_000 });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SCREENSHOTS}/score-1440-${language}.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SCREENSHOTS}/score-390-${language}.png`, fullPage: true });
    }
  });
});
