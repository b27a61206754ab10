/**
 * The desktop table's geometry at 1440×900 with 2, 3 and 4 players: every rival's board shows
 * whole (not under the log, not clipped by its column, not cut by the window), the buttons of a
 * Theft's targets can be seen and clicked, and the rows use the width they have. Positions are
 * games of random bots played in Node (fixtures.ts) to the moment the player must choose whom
 * to rob, or puts a heist together. Screenshots of each land in test-results/screenshots/
 * (layout-*.png), in English and French, on a desktop and a phone.
 */
import { type GameRecord, pendingDecision } from '@gangsta/engine';
import { expect, type Page, test } from '@playwright/test';
import { botGame, continueRecord, cutAt, randomBots } from './fixtures.ts';
import { instantBots, SCREENSHOTS, type SeatKind } from './helpers.ts';

/** Seeds whose random game gives seat 0 a Theft (found once with the engine; checked by cutAt). */
const THEFT_SEED: Record<number, number> = { 2: 1, 3: 5, 4: 1 };

function theftPosition(players: number): GameRecord {
  const seed = THEFT_SEED[players];
  if (seed === undefined) throw new Error(`no Theft seed for ${players} players`);
  const game = botGame({ players, seed }, randomBots(players));
  return cutAt(game, (state) => {
    const decision = pendingDecision(state);
    return decision.kind === 'theft' && decision.seat === 0;
  });
}

/** Seat 0 puts a heist together, well into the game (gangs grown). */
function heistPosition(players: number): GameRecord {
  const game = botGame({ players, seed: 60 + players }, randomBots(players));
  return cutAt(
    game,
    (state) => {
      const decision = pendingDecision(state);
      return decision.kind === 'activate' && decision.seat === 0;
    },
    90,
  );
}

function seats(players: number): SeatKind[] {
  return ['human', ...Array.from({ length: players - 1 }, () => 'easy' as const)];
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface Geometry {
  window: { width: number; height: number };
  log: Box;
  /** Each rival's board, and the box of the column that shows it (its scroll viewport). */
  rivals: { seat: string; board: Box; column: Box }[];
  /** Per row: the row's inner right edge minus its last card's right edge. */
  rowGaps: number[];
  /** Theft target buttons: their box and whether the point at their middle is theirs. */
  targets: { text: string; box: Box; hit: boolean }[];
  pageScroll: { x: number; y: number };
  /** How far the main area (rows or stage, and your gang) would have to scroll. */
  mainOverflow: number;
}

async function geometry(page: Page): Promise<Geometry> {
  return page.evaluate(() => {
    const box = (element: Element): Box => {
      const r = element.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const log = document.querySelector('.table-side .log');
    const column = document.querySelector('.opponents');
    const rows = [...document.querySelectorAll('.rows .row')].map((row) => {
      const cards = [...row.querySelectorAll('.row__cards .gcard, .row__cards .empty-card')];
      const inner = row.getBoundingClientRect();
      const padding = Number.parseFloat(getComputedStyle(row).paddingRight);
      const last = Math.max(...cards.map((c) => c.getBoundingClientRect().right));
      return inner.right - padding - last;
    });
    return {
      window: { width: window.innerWidth, height: window.innerHeight },
      log: log ? box(log) : { left: 0, top: 0, right: 0, bottom: 0 },
      rivals: [...document.querySelectorAll<HTMLElement>('.board--compact')].map((board) => ({
        seat: board.dataset.seat ?? '?',
        board: box(board),
        column: column ? box(column) : box(document.documentElement),
      })),
      rowGaps: rows,
      targets: [...document.querySelectorAll<HTMLElement>('.board__target')].map((button) => {
        const b = button.getBoundingClientRect();
        const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        return {
          text: button.textContent ?? '',
          box: box(button),
          hit: at !== null && button.contains(at),
        };
      }),
      pageScroll: {
        x: document.documentElement.scrollWidth - window.innerWidth,
        y: document.documentElement.scrollHeight - window.innerHeight,
      },
      mainOverflow: (() => {
        const main = document.querySelector('.table-main');
        return main ? main.scrollHeight - main.clientHeight : 0;
      })(),
    };
  });
}

function overlaps(a: Box, b: Box): boolean {
  return (
    a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1
  );
}

function inside(inner: Box, outer: Box): boolean {
  return (
    inner.left >= outer.left - 1 &&
    inner.right <= outer.right + 1 &&
    inner.top >= outer.top - 1 &&
    inner.bottom <= outer.bottom + 1
  );
}

function expectWholeRivals(g: Geometry, moment: string): void {
  const screen = { left: 0, top: 0, right: g.window.width, bottom: g.window.height };
  for (const rival of g.rivals) {
    expect(
      overlaps(rival.board, g.log),
      `${moment}: seat ${rival.seat}'s board is clear of the log`,
    ).toBe(false);
    expect(
      inside(rival.board, rival.column),
      `${moment}: seat ${rival.seat}'s board is whole in its column`,
    ).toBe(true);
    expect(inside(rival.board, screen), `${moment}: seat ${rival.seat}'s board is on screen`).toBe(
      true,
    );
  }
  expect(g.pageScroll.x, `${moment}: no sideways page scroll`).toBeLessThanOrEqual(0);
  expect(g.pageScroll.y, `${moment}: no vertical page scroll`).toBeLessThanOrEqual(0);
  expect(
    g.mainOverflow,
    `${moment}: the rows and your gang fit without scrolling`,
  ).toBeLessThanOrEqual(1);
}

for (const players of [2, 3, 4]) {
  test(`${players} players at 1440×900: during a Theft every rival shows whole and every target can be clicked`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await instantBots(page);
    await page.goto('/');
    await continueRecord(page, theftPosition(players), seats(players));
    await expect(page.locator('.board__target')).toHaveCount(players - 1);
    await page.mouse.move(0, 0);
    const g = await geometry(page);
    await page.screenshot({ path: `${SCREENSHOTS}/layout-theft-${players}p-1440.png` });
    expectWholeRivals(g, `Theft, ${players} players`);
    for (const target of g.targets) {
      expect(target.hit, `"${target.text}" is not under anything`).toBe(true);
      expect(target.box.bottom, `"${target.text}" is on screen`).toBeLessThanOrEqual(
        g.window.height,
      );
    }
    // The rows use the width: at most a small margin right of their last card.
    for (const gap of g.rowGaps) expect(gap, 'space right of the rows').toBeLessThanOrEqual(40);
    // And the click takes: the first target's button plays the Theft.
    const moves = Number(await page.getByTestId('decision').getAttribute('data-moves'));
    await page.locator('.board__target').first().click();
    await expect
      .poll(async () => Number(await page.getByTestId('decision').getAttribute('data-moves')))
      .toBeGreaterThan(moves);
  });
}

test('4 players at 1440×900: a heist being put together late in the game leaves every board whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await instantBots(page);
  await page.goto('/');
  await continueRecord(page, heistPosition(4), seats(4));
  await expect(page.getByTestId('heist-builder')).toBeVisible();
  await page.mouse.move(0, 0);
  const g = await geometry(page);
  await page.screenshot({ path: `${SCREENSHOTS}/layout-heist-4p-1440.png` });
  expectWholeRivals(g, 'heist, 4 players');
});

/** Screenshots to be looked at: each table size at both window sizes, English and French. */
for (const language of ['en', 'fr']) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    test(`screenshots: ${language} at ${width}×${height}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await instantBots(page);
      await page.goto('/');
      if (width > 760) {
        await page.locator('.language-switch select').first().selectOption(language);
      } else {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.locator('.language-switch select').first().selectOption(language);
        await page.keyboard.press('Escape');
      }
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      for (const players of [2, 3, 4]) {
        await continueRecord(page, theftPosition(players), seats(players));
        await expect(page.locator('.board__target').first()).toBeAttached();
        await page.mouse.move(0, 0);
        await page.screenshot({
          path: `${SCREENSHOTS}/layout-${language}-${width}-${players}p-theft.png`,
        });
        if (width <= 760) {
          await page.locator('.phone-tabs button').nth(1).click();
          await page.screenshot({
            path: `${SCREENSHOTS}/layout-${language}-${width}-${players}p-theft-opponents.png`,
          });
        }
        await continueRecord(page, heistPosition(players), seats(players));
        await expect(page.getByTestId('heist-builder')).toBeVisible();
        await page.mouse.move(0, 0);
        await page.screenshot({
          path: `${SCREENSHOTS}/layout-${language}-${width}-${players}p-heist.png`,
        });
      }
    });
  }
}
