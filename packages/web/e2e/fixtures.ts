/**
 * Game records made at test time, for the tests whose point is a moment late in a game (the
 * final score, the replay, the middle of a game with its heist builder): bots play the game in
 * Node through the engine's public API, seeded, in milliseconds, instead of the browser playing
 * it click by click. Nothing is committed, so no file goes stale: the record is made from
 * today's engine at every run.
 *
 * The browser takes a record the way a person would: "Open a game file" (the app checks it and
 * replays it), then, for an unfinished one, "Continue this game" with the seats chosen there. A
 * record cut a few moves before its end is thus finished at the table by the browser's own bots,
 * so the score screen shown is the one of a game played to its end at that table.
 */
import { createBot, playGame } from '@gangsta/bots';
import {
  applyMove,
  createGame,
  type GameOptionsInput,
  type GameRecord,
  type GameState,
} from '@gangsta/engine';
import { expect, type Page } from '@playwright/test';
import type { SeatKind } from './helpers.ts';

/** The bots that play fixture games: random is the quickest, heuristic plays like 'easy'. */
export type FixtureBot = 'random' | 'heuristic';

/** `count` random bots: the quickest to play a fixture game, and to finish it at the table. */
export function randomBots(count: number): 'random'[] {
  return Array.from({ length: count }, () => 'random' as const);
}

/** A whole game played by bots in Node; the same arguments always give the same game. */
export function botGame(
  options: GameOptionsInput & { seed: number },
  bots: readonly FixtureBot[],
): GameRecord {
  const players = bots.map((kind, seat) => createBot({ kind, seed: options.seed * 10 + seat + 1 }));
  return playGame({ ...options, players: bots.length }, players).record;
}

/** The record's first `count` moves: the game as it stood then. */
export function firstMoves(record: GameRecord, count: number): GameRecord {
  if (count < 0 || count > record.moves.length) {
    throw new Error(`a record of ${record.moves.length} moves has no first ${count}`);
  }
  return { ...record, moves: record.moves.slice(0, count) };
}

/** The record without its last `left` moves: the same game, `left` moves before its end. */
export function beforeTheEnd(record: GameRecord, left: number): GameRecord {
  return firstMoves(record, record.moves.length - left);
}

/**
 * The record cut at the first position (from the start, before each move) where `at` holds,
 * at or after move `from`. Throws when the game never gets there, so a fixture that no longer
 * shows what its test needs fails loudly instead of testing something else.
 */
export function cutAt(record: GameRecord, at: (state: GameState) => boolean, from = 0): GameRecord {
  const created = createGame({ ...record.options, cardSet: record.cardSet });
  if (!created.ok) throw new Error(`the record's game cannot be set up: ${created.error.message}`);
  let state = created.state;
  for (let index = 0; index <= record.moves.length; index++) {
    if (index >= from && at(state)) return firstMoves(record, index);
    if (index === record.moves.length) break;
    const result = applyMove(state, record.moves[index]);
    if (!result.ok) throw new Error(`move ${index + 1} does not apply: ${result.error.message}`);
    state = result.state;
  }
  throw new Error('the game never reaches the position the fixture asks for');
}

/** Opens a record through the app's "Open a game file" (any screen with the app's menu). */
export async function openRecord(page: Page, record: GameRecord): Promise<void> {
  await page.getByTestId('import-file').setInputFiles({
    name: `fixture-seed-${record.options.seed}.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(record)),
  });
  await expect(page.getByTestId('replay')).toBeVisible();
}

/**
 * Opens an unfinished record and continues it at the table with `seats` (chosen in the form by
 * position, so it works in every language). Waits until the table shows the record's position
 * (bots to move may have gone on already).
 */
export async function continueRecord(
  page: Page,
  record: GameRecord,
  seats: readonly SeatKind[],
): Promise<void> {
  await openRecord(page, record);
  const form = page.locator('.continue-game');
  await expect(form.locator('select')).toHaveCount(seats.length);
  for (const [seat, kind] of seats.entries()) {
    await form.locator('select').nth(seat).selectOption(kind);
  }
  await form.locator('button.primary').click();
  const table = page.getByTestId('decision');
  await expect(table).toBeVisible();
  await expect
    .poll(async () => Number(await table.getAttribute('data-moves')))
    .toBeGreaterThanOrEqual(record.moves.length);
}
