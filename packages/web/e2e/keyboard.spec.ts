/**
 * A whole game with the keyboard alone: after the game is set up, every move is made by
 * pressing Tab (or Shift+Tab) until the control is focused, then Enter or Space — no mouse
 * click at all. Each focused control shows its focus ring. And the other way round: after a
 * mouse click, the focus the table moves to the status line shows no ring.
 */
import { expect, type Page, test } from '@playwright/test';
import { instantBots, MOVE_BUTTONS, newGame, rng } from './helpers.ts';

/** Whether the focused element is an enabled move control of the table. */
const focusedIsMove = (page: Page) =>
  page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, MOVE_BUTTONS);

/** Waits for the next human decision or the score; true when the game is over. */
async function nextDecision(page: Page): Promise<boolean> {
  await page.waitForFunction(
    (selector) =>
      document.querySelector('[data-testid="score"]') !== null ||
      document.querySelector(selector) !== null,
    MOVE_BUTTONS,
    { timeout: 60_000 },
  );
  return page.getByTestId('score').isVisible();
}

test('a whole game is played with the keyboard alone', async ({ page }) => {
  test.setTimeout(900_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await instantBots(page);
  // Set-up may use the mouse; from here on, keys only.
  await newGame(page, ['human', 'random'], { seed: 33, flags: ['Resource cards'] });
  const random = rng(33);
  let moves = 0;
  let withSpace = 0;
  for (; moves < 600; moves++) {
    if (await nextDecision(page)) break;
    // Forward or backward through the page, stopping at the first, second or third move
    // control met (the seed says which): any control must be reachable both ways.
    const key = random() < 0.5 ? 'Tab' : 'Shift+Tab';
    const skip = Math.floor(random() * 3);
    let met = 0;
    let reached = false;
    for (let presses = 0; presses < 300 && !reached; presses++) {
      await page.keyboard.press(key);
      if (await focusedIsMove(page)) reached = met++ === skip;
    }
    if (!reached && met === 0) {
      // The decision moved on meanwhile (a bot's simultaneous choice): look again.
      if ((await page.locator(MOVE_BUTTONS).count()) === 0) continue;
      throw new Error(`move ${moves}: no move control can be reached with ${key}`);
    }
    if (!reached) {
      // Fewer controls than the seed's pick: the walk came round again; take the focused one.
      while (!(await focusedIsMove(page))) await page.keyboard.press(key);
    }
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    });
    expect(ring, `move ${moves}: the focused control shows its ring`).toBe(true);
    const useSpace = random() < 0.5;
    if (useSpace) withSpace++;
    const played = await page.getByTestId('decision').getAttribute('data-moves');
    await page.keyboard.press(useSpace ? 'Space' : 'Enter');
    // The key played the move: the game has one more move.
    await expect(page.getByTestId('decision')).not.toHaveAttribute('data-moves', played ?? '');
  }
  await expect(page.getByTestId('score')).toBeVisible();
  expect(moves).toBeGreaterThan(40);
  expect(withSpace).toBeGreaterThan(5);
  expect(errors).toEqual([]);
});

test('the focus ring shows after keys, not after mouse clicks', async ({ page }) => {
  await instantBots(page);
  await newGame(page, ['human', 'random'], { seed: 8 });
  await page.waitForSelector(MOVE_BUTTONS);
  const ringed = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return false;
      const style = getComputedStyle(el);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    });
  // A mouse click on a card: the table moves the focus to the status line, without a ring.
  for (let i = 0; i < 3; i++) {
    await page.waitForSelector(MOVE_BUTTONS);
    const before = await page.getByTestId('turn').getAttribute('data-turn');
    await page.locator(`${MOVE_BUTTONS}.gcard, ${MOVE_BUTTONS}`).first().click();
    await page.waitForFunction(
      ([turn, selector]) =>
        document.querySelector('[data-testid="turn"]')?.getAttribute('data-turn') !== turn ||
        document.querySelector(selector) !== null,
      [before, MOVE_BUTTONS] as const,
    );
    await page.waitForTimeout(200);
    expect(await ringed(), `after click ${i + 1}: no ring`).toBe(false);
  }
  // The same table with keys: the ring is there.
  await page.keyboard.press('Tab');
  expect(await ringed(), 'after Tab: a ring').toBe(true);
});
