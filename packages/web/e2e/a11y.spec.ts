/**
 * Accessibility: axe finds no serious or critical violation on the main screens, and a game
 * can be started and played with the keyboard alone.
 */
import { expect, test } from '@playwright/test';
import { beforeTheEnd, botGame, continueRecord, randomBots } from './fixtures.ts';
import { instantBots, newGame, rng, seriousViolations, step } from './helpers.ts';

test('axe finds no serious violation on the new-game screen, the table, the score and the replay', async ({
  page,
}) => {
  await instantBots(page);
  await page.goto('/');
  expect(await seriousViolations(page), 'new game').toEqual([]);
  await newGame(page, ['human', 'random'], { seed: 4, flags: ['Resource cards'] });
  const random = rng(1);
  for (let i = 0; i < 12; i++) await step(page, random);
  await page.waitForSelector('[data-testid="decision"] button[data-move-type]');
  expect(await seriousViolations(page), 'table').toEqual([]);
  // At the table the app's menu is folded behind one button.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Rules' }).click();
  await expect(page.getByRole('button', { name: 'Close the rules' })).toBeVisible();
  expect(await seriousViolations(page), 'rules').toEqual([]);
  await page.getByRole('button', { name: 'Close the rules' }).click();
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await seriousViolations(page), 'table at 375 px').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The score of a game of bots: played in Node to a few moves before its end, opened as a game
  // file and finished at the table by the browser's bots.
  const game = botGame({ players: 2, seed: 12 }, randomBots(2));
  await continueRecord(page, beforeTheEnd(game, 6), randomBots(2));
  await expect(page.getByTestId('score')).toBeVisible({ timeout: 60_000 });
  expect(await seriousViolations(page), 'score').toEqual([]);
  await page.getByRole('button', { name: 'Watch the replay' }).click();
  await expect(page.getByTestId('replay')).toBeVisible();
  expect(await seriousViolations(page), 'replay').toEqual([]);
});

test('a game can be started and played with the keyboard alone', async ({ page }) => {
  await instantBots(page);
  await page.goto('/');
  // Tab to the start button and press Enter.
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await page.getByTestId('start-game').evaluate((el) => el === document.activeElement)) break;
  }
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('decision')).toBeVisible();
  // Make five moves: Tab to the first move button of the decision panel, then Enter.
  for (let move = 0; move < 5; move++) {
    await page.waitForSelector('[data-testid="decision"] button[data-move-type]', {
      timeout: 60_000,
    });
    const before = await page.getByTestId('turn').getAttribute('data-turn');
    let focused = false;
    for (let i = 0; i < 80 && !focused; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return (
          !!el?.dataset.moveType &&
          el.dataset.moveType !== 'bank' &&
          !!el.closest('[data-testid="decision"]')
        );
      });
    }
    expect(focused, 'a move button takes the keyboard focus').toBe(true);
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element).outlineStyle,
    );
    expect(outline, 'the focus is visible').not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (turn) =>
        document.querySelector('[data-testid="turn"]')?.getAttribute('data-turn') !== turn ||
        document.querySelector('[data-testid="decision"] button[data-move-type]') !== null,
      before,
    );
  }
});

test('axe finds no serious violation on the first screen, the tutorial, the phone table and the online lobby', async ({
  page,
}) => {
  await instantBots(page);
  // The first screen a newcomer sees, before anything is stored.
  await page.goto('/');
  await expect(page.locator('main')).toBeVisible();
  expect(await seriousViolations(page), 'first screen').toEqual([]);
  // The tutorial, opened from the first screen, on a phone and on a desktop.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Learn to play' }).first().click();
  await expect(page.getByTestId('coach')).toBeVisible();
  expect(await seriousViolations(page), 'tutorial, phone').toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await seriousViolations(page), 'tutorial').toEqual([]);
  // The phone layout of a table, on each of its tabs.
  await page.setViewportSize({ width: 390, height: 844 });
  await newGame(page, ['human', 'medium', 'medium'], { seed: 6, flags: ['Families'] });
  await page.waitForSelector('[data-testid="decision"] button[data-move-type]', {
    timeout: 60_000,
  });
  expect(await seriousViolations(page), 'phone table').toEqual([]);
  for (const tab of ['opponents', 'log'] as const) {
    await page.locator(`.phone-tabs [data-tab="${tab}"]`).click();
    expect(await seriousViolations(page), `phone table, ${tab} tab`).toEqual([]);
  }
  // The online lobby (a name first, if none is remembered).
  await page.goto('/#/online');
  const name = page.getByLabel('Your name');
  const lobby = page.getByTestId('lobby');
  await expect(name.or(lobby).first()).toBeVisible();
  if (await name.isVisible()) {
    await name.fill('Axel');
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(lobby).toBeVisible();
  expect(await seriousViolations(page), 'online lobby').toEqual([]);
});
