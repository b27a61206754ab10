/**
 * A person plays a whole 2-player game against a bot, by clicks only, to the final score; and
 * three people share one screen (hot-seat) until chapter II.
 */
import { expect, test } from '@playwright/test';
import {
  type Click,
  chapter,
  instantBots,
  newGame,
  playUntil,
  rng,
  SCREENSHOTS,
} from './helpers.ts';

/** Moves that must be made on the cards themselves, never on a text button. */
const CARD_MOVES = ['recruit', 'recruitFromDeck', 'heist', 'heistFromDeck', 'activate', 'ready'];

test('a human plays a complete 2-player game against a bot, to the final score', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await instantBots(page);
  await newGame(page, ['human', 'easy'], { seed: 2026 });
  const random = rng(7);
  let shot = false;
  const made: Click[] = [];
  const clicks = await playUntil(
    page,
    random,
    async () => {
      // A screenshot of the table once the gangs have grown a little.
      if (!shot && Number(await page.getByTestId('turn').getAttribute('data-turn')) >= 8) {
        shot = true;
        await page.screenshot({ path: `${SCREENSHOTS}/table-desktop.png` });
      }
      return false;
    },
    3000,
    (click) => made.push(click),
  );
  // Every recruit, heist and activation was a click on a card (or a deck).
  const onCards = made.filter((c) => CARD_MOVES.includes(c.moveType));
  expect(
    onCards.filter((c) => !c.onCard),
    'card moves made on text buttons',
  ).toEqual([]);
  for (const type of ['recruit', 'heist', 'activate']) {
    expect(
      made.some((c) => c.moveType === type),
      `at least one ${type} clicked`,
    ).toBe(true);
  }
  const score = page.getByTestId('score');
  await expect(score).toBeVisible();
  await expect(score.getByRole('table').first()).toBeVisible();
  await expect(score).toContainText(/wins!|Shared victory/);
  await expect(score).toContainText('Total IP');
  await page.screenshot({ path: `${SCREENSHOTS}/score.png` });
  test.info().annotations.push({ type: 'clicks', description: String(clicks) });
  expect(errors).toEqual([]);
});

test('three people share the screen (hot-seat) and reach chapter II', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await newGame(page, ['human', 'human', 'human'], { seed: 11, flags: ['Resource cards'] });
  // With resource cards the choice is private: the device is passed between the seats.
  const random = rng(3);
  let passScreens = 0;
  page.on('framenavigated', () => {});
  const clicks = await playUntil(page, random, async () => {
    if (await page.getByTestId('pass-device').isVisible()) passScreens++;
    return (await page.getByTestId('chapter').count()) > 0 && (await chapter(page)) >= 2;
  });
  expect(await chapter(page)).toBe(2);
  expect(passScreens).toBeGreaterThan(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SCREENSHOTS}/table-phone-375.png`, fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, 'no sideways scrolling of the page at 375 px').toBeLessThanOrEqual(0);
  test.info().annotations.push({ type: 'clicks', description: String(clicks) });
  expect(errors).toEqual([]);
});
