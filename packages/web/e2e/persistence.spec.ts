/**
 * Saving: a game in progress survives a reload; a game file exported from a finished game
 * imports into the replay viewer, which steps through it, reveals hidden cards and reviews a
 * move; a damaged file is refused with a clear message.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { beforeTheEnd, botGame, continueRecord, randomBots } from './fixtures.ts';
import { instantBots, newGame, playUntil, rng, SCREENSHOTS, step } from './helpers.ts';

test('a reload in the middle of a game restores it', async ({ page }) => {
  await instantBots(page);
  await newGame(page, ['human', 'random'], { seed: 99 });
  const random = rng(5);
  for (let i = 0; i < 25; i++) await step(page, random);
  // Let any bot move finish, then note where the game stands.
  await page.waitForSelector('[data-testid="decision"] button[data-move-type]');
  const turn = await page.getByTestId('turn').getAttribute('data-turn');
  const log = await page.getByRole('log').textContent();
  const decision = await page.locator('#decision-title').textContent();
  await page.reload();
  await expect(page.getByTestId('turn')).toHaveAttribute('data-turn', turn ?? '');
  await expect(page.locator('#decision-title')).toHaveText(decision ?? '');
  expect(await page.getByRole('log').textContent()).toBe(log);
  // And play goes on.
  await step(page, random);
});

test('an exported game imports and replays', async ({ page }, testInfo) => {
  await instantBots(page);
  // A game of bots with resource cards, played in Node to a few moves before its end
  // (fixtures.ts), opened and finished at the table by the browser's bots, then exported.
  const game = botGame({ players: 2, seed: 5, resources: true }, randomBots(2));
  await page.goto('/');
  await continueRecord(page, beforeTheEnd(game, 6), randomBots(2));
  await expect(page.getByTestId('score')).toBeVisible({ timeout: 60_000 });
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save game file' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^gangsta-.*seed-5\.json$/);
  const file = testInfo.outputPath('game.json');
  await download.saveAs(file);

  // Start afresh (the game menu's New game leads to the welcome screen), then open the file.
  await page.getByRole('button', { name: 'New game' }).first().click();
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.getByTestId('import-file').setInputFiles(file);
  const replay = page.getByTestId('replay');
  await expect(replay).toBeVisible();
  const slider = page.getByTestId('replay-slider');
  const total = Number(await slider.getAttribute('max'));
  expect(total).toBeGreaterThan(20);
  // At the end: the final score; at the start: the setup.
  await expect(replay.getByTestId('score')).toBeVisible();
  await slider.fill('0');
  await expect(replay).toContainText('The table is set up.');
  await slider.fill('10');
  // The file keeps the players' names (the bots' names from the table), never "Player N".
  await expect(replay).toContainText(/Move 10: \S/);
  await expect(replay).not.toContainText(/Player \d/);
  // Step with the buttons and the keyboard.
  await page.getByRole('button', { name: 'Next move' }).click();
  await expect(replay).toContainText(/Move 11:/);
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(replay).toContainText(/Move 12:/);
  // The game is over: hidden cards can be revealed.
  await page.getByLabel('Reveal hidden cards').check();
  await expect(page.getByRole('heading', { name: 'Hidden cards at this moment' })).toBeVisible();
  await expect(replay).toContainText('Heist deck, top first');
  await page.getByRole('button', { name: 'Review this move' }).click();
  await expect(replay).toContainText(/The medium bot would have played/, { timeout: 30_000 });
  await page.screenshot({ path: `${SCREENSHOTS}/replay.png`, fullPage: true });

  // A damaged file is refused, with the reason.
  const broken = testInfo.outputPath('broken.json');
  writeFileSync(broken, '{"format":"gangsta-game","version":1,"options":{"players":2}');
  await page.getByTestId('import-file').setInputFiles(broken);
  await expect(page.getByRole('alert')).toContainText('it is not a JSON file');
  const foreign = testInfo.outputPath('foreign.json');
  writeFileSync(
    foreign,
    JSON.stringify({ format: 'gangsta-game', version: 1, options: { players: 2 }, moves: [] }),
  );
  await page.getByTestId('import-file').setInputFiles(foreign);
  await expect(page.getByRole('alert')).toContainText('is missing or wrong');
});

test('an unfinished game file can be continued', async ({ page }, testInfo) => {
  await instantBots(page);
  await newGame(page, ['human', 'human'], { seed: 8 });
  const random = rng(9);
  for (let i = 0; i < 10; i++) await step(page, random);
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save game file' }).click();
  const file = testInfo.outputPath('unfinished.json');
  await (await downloadPromise).saveAs(file);
  await page.getByTestId('import-file').setInputFiles(file);
  await expect(page.getByText('Hidden cards can be revealed once the game is over.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue this game' }).click();
  await expect(page.getByTestId('decision')).toBeVisible();
  await playUntil(page, random, async () => true);
});
