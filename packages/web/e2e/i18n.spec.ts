/** Switching to Portuguese changes the interface, and the choice survives a reload. */
import { expect, test } from '@playwright/test';

test('switching to Portuguese changes the interface', async ({ page }) => {
  await page.goto('/');
  const play = page.getByTestId('start-game');
  await expect(play).toContainText('Play');
  const english = await page.locator('main').textContent();
  await page.getByLabel('Language').selectOption('pt');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await expect(play).toContainText('Jogar');
  const portuguese = await page.locator('main').textContent();
  expect(portuguese).not.toBe(english);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await expect(page.getByTestId('start-game')).toContainText('Jogar');
  // A game in Portuguese: the table speaks it too, and names no one by seat number.
  await page.getByTestId('start-game').click();
  await expect(page.getByTestId('decision')).toBeVisible();
  await expect(page.getByTestId('decision')).not.toContainText(
    /Choose an action|is deciding|is thinking/,
  );
  await expect(page.locator('#decision-title')).not.toBeEmpty();
  await expect(page.getByRole('log')).toContainText('O jogo começa.');
  await expect(page.getByRole('log')).not.toContainText(/Lugar \d|Seat \d/);
});
