/**
 * The screenshots (see playwright.screenshots.config.ts). Each picture is taken where a player
 * is about to decide, after a seeded game has gone a few moves, so the same build gives the
 * same pictures.
 */
import { expect, type Page, test } from '@playwright/test';
import { instantBots, newGame, openMenu, rng, SCREENSHOTS, step } from '../e2e/helpers.ts';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The player's name is given, as on a first visit; bots move at once. */
async function prepare(page: Page): Promise<void> {
  await instantBots(page);
  await page.addInitScript(() => localStorage.setItem('gangsta.name.v1', 'Ann'));
}

/** A seeded 4-player table (Ann and three medium bots), a few moves in. */
async function tableOfFour(page: Page): Promise<void> {
  await newGame(page, ['human', 'medium', 'medium', 'medium'], { seed: 21 });
  const random = rng(21);
  for (let i = 0; i < 12; i++) await step(page, random);
  await page.waitForSelector('[data-testid="decision"] button[data-move-type]');
  // Away from the cards, so no enlarged card covers the table.
  await page.mouse.move(0, 0);
}

async function language(page: Page, code: string): Promise<void> {
  await (await openMenu(page)).getByLabel('Language').selectOption(code);
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  await page.keyboard.press('Escape');
}

test('the welcome screen', async ({ page }) => {
  await instantBots(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/welcome.png` });
  await page.getByLabel('What should the table call you?').fill('Ann');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('start-game').click();
  await expect(page.getByTestId('decision')).toBeVisible();
  // Back home: Continue comes first.
  await (await openMenu(page)).getByRole('button', { name: 'Home' }).click();
  await expect(page.getByTestId('continue-game')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/welcome-continue.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SCREENSHOTS}/welcome-phone.png`, fullPage: true });
  await language(page, 'de');
  await page.screenshot({ path: `${SCREENSHOTS}/welcome-phone-de.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SCREENSHOTS}/welcome-de.png` });
});

test('a 4-player table at 1440×900, in English and in German', async ({ page }) => {
  await prepare(page);
  await page.setViewportSize(DESKTOP);
  await tableOfFour(page);
  await page.screenshot({ path: `${SCREENSHOTS}/table-4p.png` });
  await language(page, 'de');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SCREENSHOTS}/table-4p-de.png` });
});

test('the phone: table, log and opponents tabs, the menu; and in German', async ({ page }) => {
  await prepare(page);
  await page.setViewportSize(PHONE);
  await tableOfFour(page);
  await page.screenshot({ path: `${SCREENSHOTS}/phone-table.png` });
  const tabs = page.getByRole('navigation', { name: 'Table views' });
  await tabs.getByRole('button', { name: 'Log' }).click();
  await page.screenshot({ path: `${SCREENSHOTS}/phone-log.png` });
  await tabs.getByRole('button', { name: /Opponents/ }).click();
  await page.screenshot({ path: `${SCREENSHOTS}/phone-opponents.png` });
  await tabs.getByRole('button', { name: 'Table' }).click();
  await openMenu(page);
  await page.screenshot({ path: `${SCREENSHOTS}/phone-menu.png` });
  await page.keyboard.press('Escape');
  await language(page, 'de');
  await page.screenshot({ path: `${SCREENSHOTS}/phone-table-de.png` });
});
