/** Section 17 of docs/rules.md (R-SAFE): the termination safeguard. */
import { describe, expect, it } from 'vitest';
import { type GameState, isGameOver, pendingDecision } from '../../src/index.ts';
import { eventsOf, idleBeforeSafeguard, movesOf, play, randomGame, scenario } from '../helpers.ts';

/** Everyone passes (declining the row discard) for `turns` turns. */
function passTurns(state: GameState, turns: number): GameState {
  for (let i = 0; i < turns; i++) {
    const seat = state.turn.seat;
    state = play(state, { type: 'pass', seat }).state;
    if (pendingDecision(state).kind === 'passDiscard')
      state = play(state, { type: 'done', seat }).state;
  }
  return state;
}

describe('R-SAFE-1: termination safeguard', () => {
  it('R-SAFE-1: 10 × players idle turns end the chapter; the last of them ends it', () => {
    const state = scenario({
      players: [{ boss: 'B1' }, { boss: 'B2' }, { boss: 'B3' }],
      activeSeat: 1,
      start: 'action',
    });
    const before = passTurns(state, 29);
    expect(before.chapter).toBe(1);
    expect(before.idleTurns).toBe(29);
    const ender = before.turn.seat;
    const { state: after, events } = play(before, { type: 'pass', seat: ender });
    expect(eventsOf(events, 'chapterEnding')[0]).toMatchObject({
      seat: ender,
      reason: 'safeguard',
    });
    expect(after.chapter).toBe(2);
    expect(after.turn.seat).toBe((ender + 1) % 3);
    expect(after.idleTurns).toBe(0);
  });

  it('R-SAFE-1: a recruit or a completed heist starts the count again', () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 5 }, { boss: 'B2' }],
      idleTurns: 18,
      recruitRow: ['G08'],
      start: 'action',
    });
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G08' });
    expect(after.idleTurns).toBe(0);
    const heist = scenario({
      players: [{ boss: 'B4' }, { boss: 'B2' }],
      idleTurns: 18,
      heistRow: ['HI-20'],
      start: 'action',
    });
    const done = play(
      heist,
      { type: 'heist', seat: 0, card: 'HI-20' },
      { type: 'activate', seat: 0, member: 'B4' },
    ).state;
    expect(done.idleTurns).toBe(0);
  });

  it('R-SAFE-1: extra turns count', () => {
    // Seat 0 wins Play again with HII-23 (L S×2) — a productive turn — then passes its extra
    // turn: that idle turn counts.
    const state = scenario({
      chapter: 2,
      players: [{ boss: 'B1', gang: ['G18'] }, { boss: 'B2' }],
      heistRow: ['HII-23'],
      start: 'action',
    });
    const { state: extra } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-23' },
      { type: 'activate', seat: 0, member: 'B1' },
      { type: 'activate', seat: 0, member: 'G18' },
    );
    expect(extra.turn.extra).toBe(true);
    const after = passTurns(extra, 1);
    expect(after.idleTurns).toBe(1);
  });

  it('R-SAFE-1: in chapter III the game ends and is scored', () => {
    const state = scenario({
      chapter: 3,
      players: [{ boss: 'B1' }, { boss: 'B2' }],
      idleTurns: idleBeforeSafeguard(2),
      start: 'action',
    });
    const { state: after } = play(state, { type: 'pass', seat: 0 });
    expect(isGameOver(after)).toBe(true);
    expect(after.result?.reason).toBe('safeguard');
  });

  it('R-SAFE-1: every game terminates (random games reach the end)', () => {
    for (const seed of [1, 2]) {
      const game = randomGame({ players: 2, seed }, seed, 20_000);
      const last = game.states.at(-1)!;
      expect(isGameOver(last)).toBe(true);
    }
  });
});

describe('R-SAFE-1: a turn always ends', () => {
  it('R-SAFE-1: a heist can be abandoned three times a turn, then the chosen heist must be completed', () => {
    // HI-10 (M): the Boss B3 (L M) can do it alone.
    let state = scenario({
      players: [{ boss: 'B3' }, { boss: 'B2' }],
      heistRow: ['HI-10'],
      start: 'action',
    });
    for (let i = 0; i < 3; i++) {
      state = play(
        state,
        { type: 'heist', seat: 0, card: 'HI-10' },
        { type: 'abandonHeist', seat: 0 },
      ).state;
    }
    expect(state.turn.abandons).toBe(3);
    state = play(state, { type: 'heist', seat: 0, card: 'HI-10' }).state;
    expect(movesOf(state)).toEqual(['activate:B3']);
  });

  it('R-SAFE-1: the Bank can be used six times a turn', () => {
    let state = scenario({
      players: [{ boss: 'B4', cash: 5, resources: [{ id: 'R09' }] }, { boss: 'B2' }],
      start: 'action',
    });
    for (let i = 0; i < 3; i++) {
      state = play(
        state,
        { type: 'bank', seat: 0, amount: 2 },
        { type: 'bank', seat: 0, amount: -2 },
      ).state;
    }
    expect(movesOf(state).some((m) => m.startsWith('bank'))).toBe(false);
    expect(movesOf(state)).toContain('pass');
  });
});
