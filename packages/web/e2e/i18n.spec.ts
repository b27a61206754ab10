/** Switching to Portuguese changes the interface, and the choice survives a reload. */
import { expect, test } from '@playwright/test';

test('switching to Portuguese changes the interface', async ({ page }) => {
  await page.goto('/');
  const start = page.getByTestId('start-game');
  await expect(start).toHaveText('Start the game');
  const english = await page.locator('main').textContent();
  await page.getByLabel('Language').selectOption('pt');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await expect(start).not.toHaveText('Start the game');
  const portuguese = await page.locator('main').textContent();
  expect(portuguese).not.toBe(english);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await expect(page.getByTestId('start-game')).not.toHaveText('Start the game');
  // A game in Portuguese: the table speaks it too.
  await page.getByTestId('start-game').click();
  await expect(page.getByTestId('decision')).toBeVisible();
  await expect(page.getByTestId('decision')).not.toContainText(
    /Choose an action|is deciding|is thinking/,
  );
  await expect(page.locator('#decision-title')).not.toBeEmpty();
});
