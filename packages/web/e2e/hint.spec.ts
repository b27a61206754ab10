/**
 * Hint on the opening resource keep, while the bots are still choosing their own resources
 * (the case where the hint used to vanish): it answers, marks the card it would keep, and the
 * chosen card is marked in words. Then a hint at the first decision of the turns, too.
 */
import { expect, test } from '@playwright/test';
import { newGame } from './helpers.ts';

test('the hint answers on the resource keep and on the next decision', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  // Bots at their ordinary pace: they are still choosing when the hint is asked.
  await newGame(page, ['human', 'medium', 'medium'], { seed: 17, flags: ['Resource cards'] });
  const keep = page.getByRole('button', { name: 'Keep the chosen card' });
  await expect(keep).toBeVisible();
  const dealt = page.getByRole('list', { name: 'Resource cards dealt to you' });
  await expect(dealt.locator(':scope > li.is-chosen')).toHaveCount(1);
  await expect(dealt.locator(':scope > li.is-chosen')).toContainText('Kept');
  const bar = page.locator('.status-bar');
  await bar.getByRole('button', { name: 'Hint' }).click();
  const hint = bar.locator('.status-bar__hint');
  await expect(hint).toContainText('The medium bot would: Keep ', { timeout: 30_000 });
  await expect(dealt.locator('.gcard.hinted')).toHaveCount(1);
  // The bots' own choices arrive meanwhile (two moves, the game's first); the hint stays.
  await expect(page.getByTestId('decision')).toHaveAttribute('data-moves', '2');
  await expect(hint).toContainText('The medium bot would: Keep ');
  await keep.click();
  // The first decision of the turns (mobilization or an action): the hint answers there too.
  await expect(bar.getByRole('button', { name: 'Hint' })).toBeEnabled({ timeout: 60_000 });
  await bar.getByRole('button', { name: 'Hint' }).click();
  await expect(hint).toContainText('The medium bot would:', { timeout: 30_000 });
  expect(errors).toEqual([]);
});
