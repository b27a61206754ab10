/**
 * The engine's API contract around the rules: typed rejections that leave the state untouched,
 * option validation, and replaying a game from its record.
 */
import { describe, expect, it } from 'vitest';
import { applyMove, createGame, type GameRecord, type GameState, replay } from '../../src/index.ts';
import { idleBeforeSafeguard, play, randomGame, scenario } from '../helpers.ts';

/** Applies `move`, expects the error `code`, and checks the state was not touched. */
function expectRejected(state: GameState, move: unknown, code: string) {
  const before = structuredClone(state);
  const result = applyMove(state, move);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe(code);
  expect(typeof result.error.message).toBe('string');
  expect(state).toEqual(before);
  return result.error;
}

describe('applyMove: typed errors, state unchanged', () => {
  const state = () =>
    scenario({
      players: [{ boss: 'B1', cash: 3 }, { boss: 'B2' }],
      recruitRow: ['G08', 'G07'],
      start: 'action',
    });

  it('R-TURN-2: a malformed move is MALFORMED_MOVE', () => {
    const s = state();
    for (const move of [
      null,
      42,
      'pass',
      {},
      { type: 'fly', seat: 0 },
      { type: 'pass' },
      { type: 'pass', seat: -1 },
      { type: 'pass', seat: 0, extra: true },
      { type: 'recruit', seat: 0 },
      { type: 'bank', seat: 0, amount: 0 },
    ]) {
      expectRejected(s, move, 'MALFORMED_MOVE');
    }
  });

  it('R-TURN-2: a move by a seat with nothing to decide is WRONG_SEAT', () => {
    const error = expectRejected(state(), { type: 'pass', seat: 1 }, 'WRONG_SEAT');
    expect(error?.params).toMatchObject({ seat: 1, decision: 'action' });
  });

  it('R-TURN-2: a move naming an unknown card is UNKNOWN_CARD', () => {
    const error = expectRejected(
      state(),
      { type: 'recruit', seat: 0, card: 'G99' },
      'UNKNOWN_CARD',
    );
    expect(error?.params).toMatchObject({ card: 'G99' });
  });

  it('R-TURN-2: a well-formed but illegal move is ILLEGAL_MOVE', () => {
    const s = state();
    // G07 costs $8; G01 is not in the row; no heist is in the row; done is no action.
    expectRejected(s, { type: 'recruit', seat: 0, card: 'G07' }, 'ILLEGAL_MOVE');
    expectRejected(s, { type: 'recruit', seat: 0, card: 'G01' }, 'ILLEGAL_MOVE');
    expectRejected(s, { type: 'heist', seat: 0, card: 'HI-01' }, 'ILLEGAL_MOVE');
    expectRejected(s, { type: 'done', seat: 0 }, 'ILLEGAL_MOVE');
  });

  it('R-END-4: any move once the game is over is GAME_OVER', () => {
    const over = play(
      scenario({
        chapter: 3,
        players: [{ boss: 'B1' }, { boss: 'B2' }],
        idleTurns: idleBeforeSafeguard(2),
        start: 'action',
      }),
      { type: 'pass', seat: 0 },
    ).state;
    expect(over.phase).toBe('gameOver');
    expectRejected(over, { type: 'pass', seat: 1 }, 'GAME_OVER');
  });

  it('applyMove never changes the state it is given, even on success', () => {
    const s = state();
    const before = structuredClone(s);
    const result = applyMove(s, { type: 'recruit', seat: 0, card: 'G08' });
    expect(result.ok).toBe(true);
    expect(s).toEqual(before);
  });
});

describe('createGame: options', () => {
  it('R-COMP-9: a bad player count is INVALID_OPTIONS naming players', () => {
    for (const players of [1, 5, 3.5, Number.NaN]) {
      const result = createGame({ players });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('INVALID_OPTIONS');
        expect(result.error.message).toContain('players');
      }
    }
  });

  it('R-SETUP-3: other bad options are INVALID_OPTIONS naming the option', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ players: 2, expertResources: true }, 'expertResources'],
      [{ players: 2, firstPlayer: 2 }, 'firstPlayer'],
      [{ players: 2, bosses: ['B1'] }, 'bosses'],
      [{ players: 2, bosses: ['B1', 'B9'] }, 'B9'],
      [{ players: 2, seed: -1 }, 'seed'],
      [{ players: 2, colour: 'red' }, 'colour'],
    ];
    for (const [input, word] of cases) {
      const result = createGame(input as never);
      expect(result.ok, JSON.stringify(input)).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('INVALID_OPTIONS');
        expect(result.error.message).toContain(word);
      }
    }
  });

  it('R-SETUP-1: the same options and seed give the same game', () => {
    const a = createGame({ players: 3, seed: 42, resources: true });
    const b = createGame({ players: 3, seed: 42, resources: true });
    expect(a).toEqual(b);
  });
});

describe('replay', () => {
  it('R-TURN-3: a recorded random game replays to an identical state and events', () => {
    for (const [options, seed] of [
      [{ players: 2, seed: 5 }, 5],
      [{ players: 4, seed: 6, resources: true, families: true }, 6],
    ] as const) {
      const game = randomGame(options, seed);
      const record = JSON.parse(JSON.stringify(game.record)) as GameRecord;
      const replayed = replay(record);
      expect(replayed.ok).toBe(true);
      if (!replayed.ok) return;
      expect(replayed.state).toEqual(game.states.at(-1));
      expect(replayed.events).toEqual(game.events);
    }
  });

  it('replay names the move that fails', () => {
    const game = randomGame({ players: 2, seed: 9 }, 9, 10);
    const moves = [...game.record.moves];
    moves[4] = { type: 'pass', seat: 3 };
    const replayed = replay({ ...game.record, moves });
    expect(replayed.ok).toBe(false);
    if (!replayed.ok) {
      expect(replayed.index).toBe(4);
      expect(replayed.error.message).toContain('move 5');
    }
  });

  it('replay refuses something that is not a game record', () => {
    const replayed = replay({ format: 'other' } as unknown as GameRecord);
    expect(replayed.ok).toBe(false);
  });
});
