/**
 * Touch on a phone (390×844, hasTouch): a tap plays a card and never enlarges it; a long press
 * enlarges it without playing it, and the next touch closes it. The rows say that they scroll
 * (no card cut to a sliver, a cue at the edge); the "Kept" badge of a chosen resource card shows
 * whole; a cooperative heist that needs a rival's member keeps the heist in view on the Table tab.
 */
import { type GameRecord, legalMoves, pendingDecision } from '@gangsta/engine';
import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test';
import { first } from '../test/helpers.ts';
import { botGame, continueRecord, cutAt, randomBots } from './fixtures.ts';
import { instantBots, newGame, SCREENSHOTS } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A finger held on the middle of `target` for `ms`, then lifted (Chromium's touch events). */
async function press(page: Page, cdp: CDPSession, target: Locator, ms: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the card to press is not on screen');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function moves(page: Page): Promise<number> {
  return Number(await page.getByTestId('decision').getAttribute('data-moves'));
}

test('a tap plays a card and never enlarges it; a long press enlarges it', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await instantBots(page);
  await newGame(page, ['human', 'easy'], { seed: 7 });
  const zoom = page.getByTestId('card-zoom');
  const table = page.getByTestId('decision');
  await expect(page.locator('.status-bar.is-mine')).toBeVisible();
  // A plain tap on a card that is not playable now: nothing opens, not even a moment later.
  const plain = page.locator('.rows .tcard:not([data-legal])').first();
  await plain.scrollIntoViewIfNeeded();
  await plain.tap();
  await page.waitForTimeout(900);
  await expect(zoom).toBeHidden();
  // A tap on a playable card plays it, and no enlargement follows it.
  const before = await moves(page);
  await page.locator('.rows [data-legal="true"] .gcard').first().tap();
  await expect.poll(() => moves(page)).toBeGreaterThan(before);
  await page.waitForTimeout(900);
  await expect(zoom).toBeHidden();
  // A long press enlarges a card, whatever its state, and does not play it.
  await expect(page.locator('.status-bar.is-mine')).toBeVisible({ timeout: 30_000 });
  const cdp = await page.context().newCDPSession(page);
  const held = page.locator('.rows [data-legal="true"]').first();
  await held.scrollIntoViewIfNeeded();
  const at = await moves(page);
  await press(page, cdp, held, 800);
  await expect(zoom).toBeVisible();
  await page.waitForTimeout(300);
  expect(await moves(page), 'the long press played no move').toBe(at);
  await page.screenshot({ path: `${SCREENSHOTS}/phone-touch-zoom.png` });
  // The next touch anywhere closes it (and a touch on the status line plays nothing).
  await page.locator('#decision-title').tap();
  await expect(zoom).toBeHidden();
  await expect(table).toHaveAttribute('data-moves', String(at));
  expect(errors).toEqual([]);
});

/** Parts of `el`'s box that cannot be seen: outside the window or a clipping box around it. */
function hiddenParts(selector: string): string[] {
  const out: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(selector)) {
    if (el.getClientRects().length === 0) continue;
    const box = el.getBoundingClientRect();
    const frames: [string, DOMRect][] = [
      ['the window', new DOMRect(0, 0, window.innerWidth, window.innerHeight)],
    ];
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (/(auto|scroll|hidden|clip)/.test(style.overflowX + style.overflowY)) {
        frames.push([node.className, node.getBoundingClientRect()]);
      }
    }
    // The sticky tabs lie over whatever scrolls under them.
    const tabs = document.querySelector('.phone-tabs')?.getBoundingClientRect();
    if (tabs && tabs.bottom > box.top && tabs.top < box.bottom) out.push('under the tabs');
    for (const [name, f] of frames) {
      if (
        box.top < f.top - 1 ||
        box.bottom > f.bottom + 1 ||
        box.left < f.left - 1 ||
        box.right > f.right + 1
      ) {
        out.push(
          `${el.textContent} cut by ${name}: ${[box.left, box.top, box.right, box.bottom].map(Math.round)} in ${[f.left, f.top, f.right, f.bottom].map(Math.round)}`,
        );
      }
    }
  }
  return out;
}

test('the "Kept" badge of a chosen resource card shows whole', async ({ page }) => {
  await instantBots(page);
  await newGame(page, ['human', 'easy'], { seed: 11, flags: ['Resource cards'] });
  const badge = page.locator('.stage--resources .keep-badge');
  await expect(badge.first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/phone-kept.png` });
  expect(await page.evaluate(hiddenParts, '.stage--resources .keep-badge')).toEqual([]);
});

/** Seat 0 puts a cooperative heist together and only a rival's members can be added now. */
function borrowPosition(): GameRecord {
  const game = botGame({ players: 2, seed: 25 }, randomBots(2));
  return cutAt(game, (state) => {
    const decision = pendingDecision(state);
    if (decision.kind !== 'activate' || decision.seat !== 0) return false;
    const own = new Set(first(state.players).gang.map((m) => m.id));
    const adds = legalMoves(state).filter((m) => m.type === 'activate');
    return adds.length > 0 && adds.every((m) => m.type === 'activate' && !own.has(m.member));
  });
}

test('a cooperative heist that needs a rival’s member stays on the Table tab', async ({ page }) => {
  await instantBots(page);
  await page.goto('/');
  await continueRecord(page, borrowPosition(), ['human', 'random']);
  const tabs = page.getByRole('navigation', { name: 'Table views' });
  await expect(page.locator('.stage')).toBeVisible();
  // Give the table time to open a tab by itself, as it would for a Theft.
  await page.waitForTimeout(1000);
  await expect(tabs.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.stage')).toBeInViewport();
  // The Opponents tab says that the heist's next member is there.
  await expect(tabs.locator('.has-news')).toContainText('Opponents');
  await page.screenshot({ path: `${SCREENSHOTS}/phone-coop.png` });
  await tabs.locator('.has-news').tap();
  await expect(page.locator('.opponents [data-legal="true"]').first()).toBeVisible();
});

/**
 * Per row, as the player sees it now: whether it scrolls, the smallest visible share of a card
 * cut by its edge (1 when none is cut), and how opaque its "more to the right" cue is.
 */
function rowLook(): { scrolls: boolean; cut: number; cue: number }[] {
  return [...document.querySelectorAll<HTMLElement>('.row__cards')].map((row) => {
    const frame = row.getBoundingClientRect();
    let cut = 1;
    for (const card of row.querySelectorAll<HTMLElement>('.slot, .deck')) {
      const box = card.getBoundingClientRect();
      const seen = Math.min(box.right, frame.right) - Math.max(box.left, frame.left);
      if (seen > 1 && seen < box.width - 1) cut = Math.min(cut, seen / box.width);
    }
    const after = getComputedStyle(row.closest('.row') ?? row, '::after');
    const cue = after.content === 'none' || after.content === '' ? 0 : Number(after.opacity);
    return { scrolls: row.scrollWidth > row.clientWidth + 1, cut, cue };
  });
}

async function scrollRows(page: Page, to: 'start' | 'end'): Promise<void> {
  await page.evaluate((where) => {
    for (const row of document.querySelectorAll<HTMLElement>('.row__cards')) {
      row.style.scrollSnapType = 'none';
      row.scrollLeft = where === 'start' ? 0 : row.scrollWidth;
    }
  }, to);
  await page.waitForTimeout(200);
}

for (const width of [390, 375, 360]) {
  test(`at ${width} px the rows show whole cards or half ones, and a cue that they scroll`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await instantBots(page);
    await newGame(page, ['human', 'easy'], { seed: 7 });
    await expect(page.locator('.status-bar.is-mine')).toBeVisible();
    await scrollRows(page, 'start');
    if (width === 390) await page.screenshot({ path: `${SCREENSHOTS}/phone-rows.png` });
    const start = await page.evaluate(rowLook);
    expect(start).toHaveLength(2);
    for (const row of start) {
      expect(row.scrolls, 'five cards and a deck do not fit a phone').toBe(true);
      expect(row.cut, 'no card is cut to a sliver at the edge').toBeGreaterThanOrEqual(0.3);
      expect(row.cue, 'the row shows that it scrolls').toBeGreaterThan(0.9);
    }
    await scrollRows(page, 'end');
    for (const row of await page.evaluate(rowLook)) {
      expect(row.cue, 'nothing more to the right: no cue').toBeLessThan(0.1);
    }
  });
}
