/**
 * The welcome screen and the app around it: the name asked once, Play in one click against
 * three named bots, "you" in the log, Continue on the next visit; the header folded into one
 * Menu at a table and at 360 px; and, after one visit, the app without a network: a game against
 * bots and the tutorial play offline, the online screens say they need a connection.
 */
import { expect, type Page, test } from '@playwright/test';
import { instantBots, openMenu, rng, SCREENSHOTS, step } from './helpers.ts';

/** Waits until the player decides (the bots have moved), then reads the turn. */
async function settledTurn(page: Page): Promise<string | null> {
  await page.waitForSelector('[data-testid="decision"] button[data-move-type]');
  return page.getByTestId('turn').getAttribute('data-turn');
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test('the name once, Play in one click against named bots, "you" in the log, Continue next visit', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.setViewportSize({ width: 1440, height: 900 });
  await instantBots(page);
  await page.goto('/');
  const welcome = page.getByTestId('welcome');
  await expect(welcome).toBeVisible();
  await expect(welcome.getByTestId('continue-game')).toHaveCount(0);
  // Outside a game on a wide screen the whole menu shows; no Menu button.
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Rules' }),
  ).toBeVisible();

  await welcome.getByLabel('What should the table call you?').fill('Ann');
  await welcome.getByRole('button', { name: 'Save' }).click();
  await expect(welcome.getByTestId('playing-as')).toContainText('Playing as Ann');
  await welcome.getByTestId('start-game').click();

  // A table of four: Ann and three bots, each with a name (nobody is "Player N" or "Seat N").
  const table = page.getByTestId('decision');
  await expect(table).toBeVisible();
  const random = rng(3);
  for (let i = 0; i < 10; i++) await step(page, random);
  const turn = await settledTurn(page);
  await expect(table).toContainText('Ann');
  const log = page.getByRole('log');
  await expect(log).toContainText(/Turn \d+: your move\./);
  await expect(log).not.toContainText(/Seat \d|Player \d/);
  await expect(table).not.toContainText(/Seat \d|Player \d/);
  // At the table the menu folds behind one button.
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rules' })).toBeHidden();

  // A new visit (another tab): the welcome screen, Continue first, back to the same turn.
  const second = await context.newPage();
  await second.goto('/');
  const again = second.getByTestId('welcome');
  await expect(again.getByTestId('continue-game')).toBeVisible();
  await expect(again.locator('.welcome__choice').first()).toHaveAttribute(
    'data-testid',
    'continue-game',
  );
  await expect(again.getByTestId('playing-as')).toContainText('Ann');
  await again.getByTestId('continue-game').click();
  await expect(second.getByTestId('turn')).toHaveAttribute('data-turn', turn ?? '');
  expect(errors).toEqual([]);
});

test('at 360 px the header is one line and its Menu holds every item, in a game too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await instantBots(page);
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toBeVisible();
  expect(await sidewaysOverflow(page), 'welcome at 360 px').toBeLessThanOrEqual(0);
  await page.getByTestId('start-game').click();
  await settledTurn(page);
  expect(await sidewaysOverflow(page), 'table at 360 px').toBeLessThanOrEqual(0);
  const header = await page.locator('.app-header').boundingBox();
  expect(header?.height ?? 999, 'one short line').toBeLessThan(64);

  const menu = await openMenu(page);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const items = [
    menu.getByRole('button', { name: 'Home' }),
    menu.getByRole('button', { name: 'Learn to play' }),
    menu.getByRole('link', { name: 'Play online' }),
    menu.getByRole('button', { name: 'Rules' }),
    menu.getByText('Open a game file'),
    menu.getByLabel('Bot speed'),
    menu.getByLabel('Language'),
  ];
  for (const item of items) {
    await expect(item).toBeVisible();
    const box = await item.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(360);
  }
  expect(await sidewaysOverflow(page), 'open menu at 360 px').toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENSHOTS}/menu-phone.png` });
  // Escape closes it; a choice closes it and opens its screen.
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('button', { name: 'Rules' })).toBeHidden();
  await (await openMenu(page)).getByRole('button', { name: 'Rules' }).click();
  await expect(page.getByTestId('decision')).toBeHidden();
  await (await openMenu(page)).getByRole('button', { name: 'Close the rules' }).click();
  await expect(page.getByTestId('decision')).toBeVisible();
});

test('after one visit the app works offline: a game against bots and the tutorial', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await instantBots(page);
  await page.goto('/');
  await expect(page.getByTestId('welcome')).toBeVisible();
  // The service worker installs (precaching every file of the app) and takes the page over.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expect(page.getByTestId('welcome-online')).toContainText('Needs an internet connection');

  // A game against bots: the bots think in their worker, loaded from the cache.
  await page.getByTestId('start-game').click();
  const random = rng(7);
  for (let i = 0; i < 8; i++) await step(page, random);
  await settledTurn(page);
  await expect(page.getByRole('log')).toContainText(/Turn \d+: your move\./);

  // The tutorial, loaded on demand, from the cache.
  await (await openMenu(page)).getByRole('button', { name: 'Learn to play' }).click();
  await expect(page.getByTestId('coach')).toBeVisible();

  // The online screens say plainly that they need a connection.
  await (await openMenu(page)).getByRole('link', { name: 'Play online' }).click();
  await expect(page.getByTestId('offline-notice')).toContainText(
    'Playing online needs an internet connection',
  );
  await context.setOffline(false);
  expect(errors).toEqual([]);
});
