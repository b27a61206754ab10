/** Section 10 of docs/rules.md (R-SNITCH): snitches revealed by heist refills. */
import { describe, expect, it } from 'vitest';
import { type GameState, legalMoves, pendingDecision } from '../../src/index.ts';
import {
  eventsOf,
  expectDecision,
  movesOf,
  type Played,
  play,
  scenario,
  seatOf,
} from '../helpers.ts';

/** Seat 0 passes and discards the only heist of the row: its slot refills from `deck`. */
function refillWith(input: Parameters<typeof scenario>[0]): Played {
  const state: GameState = scenario({ ...input, heistRow: ['HII-30'], start: 'action' });
  return play(state, { type: 'pass', seat: 0 }, { type: 'discardRow', seat: 0, card: 'HII-30' });
}

describe('R-SNITCH-1: revealing a snitch', () => {
  it('R-SNITCH-1: resolved at once, set aside, and the slot draws again (repeatedly)', () => {
    const { state, events } = refillWith({
      chapter: 2,
      players: [
        { boss: 'B5', gang: ['G19', 'G22'] },
        { boss: 'B1', gang: ['G11', 'G26', 'G27'] },
      ],
      heistDeck: ['SII-1', 'SII-2', 'HII-01'],
    });
    expect(eventsOf(events, 'snitchRevealed').map((e) => [e.card, e.value, e.count])).toEqual([
      ['SII-1', 2, 1],
      ['SII-2', 3, 2],
    ]);
    expect(state.heistRow[0]).toBe('HII-01');
    expect(state.removed).toEqual(expect.arrayContaining(['SII-1', 'SII-2', 'HII-30']));
    expect(state.snitchesThisChapter).toBe(2);
  });

  it('R-SNITCH-1: an empty deck after a snitch leaves the slot empty', () => {
    const { state } = refillWith({
      chapter: 2,
      players: [
        { boss: 'B5', gang: ['G19'] },
        { boss: 'B1', gang: ['G11', 'G26'] },
      ],
      heistDeck: ['SII-1'],
      exactHeistDeck: true,
    });
    expect(state.heistRow[0]).toBeNull();
    expect(state.heistDeck).toEqual([]);
  });
});

describe('R-SNITCH-2: resolving a snitch', () => {
  it('R-SNITCH-2: enough Informant icons (available or engaged): nothing happens', () => {
    // SII-3 is worth 4: B5 (L I) + G19 (I×2, engaged) + G22 (I) = 4.
    const { state, events } = refillWith({
      chapter: 2,
      players: [
        { boss: 'B5', gang: [{ id: 'G19', engaged: true }, 'G22'], cash: 0 },
        { boss: 'B1', cash: 10 },
      ],
      heistDeck: ['SII-3', 'HII-01'],
    });
    expect(eventsOf(events, 'snitchSpared')).toEqual([{ type: 'snitchSpared', seat: 0 }]);
    expect(seatOf(state, 0).cash).toBe(1);
  });

  it('R-SNITCH-2: a shortfall covered by cash is paid', () => {
    // SII-3 (4): seat 1 has 1 Informant (G22): owes $3 of its $5.
    const { state, events } = refillWith({
      chapter: 2,
      players: [
        { boss: 'B5', gang: ['G19', 'G22'] },
        { boss: 'B1', gang: ['G11'], cash: 5 },
      ],
      heistDeck: ['SII-3', 'HII-01'],
    });
    expect(eventsOf(events, 'snitchPaid')).toEqual([{ type: 'snitchPaid', seat: 1, amount: 3 }]);
    expect(seatOf(state, 1).cash).toBe(2);
    expect(seatOf(state, 1).gang).toHaveLength(2);
  });

  it('R-SNITCH-2: a shortfall not covered: all cash is lost and a member of their choice discarded', () => {
    const { state, events } = refillWith({
      chapter: 2,
      players: [
        { boss: 'B5', gang: ['G19', 'G22'] },
        { boss: 'B1', gang: ['G08', 'G15'], cash: 3 },
      ],
      heistDeck: ['SII-3', 'HII-01'],
    });
    expect(eventsOf(events, 'snitchPaid')).toEqual([{ type: 'snitchPaid', seat: 1, amount: 3 }]);
    expect(seatOf(state, 1).cash).toBe(0);
    expect(pendingDecision(state)).toEqual({ kind: 'snitchDiscard', seat: 1, snitch: 'SII-3' });
    // Never the Boss.
    expect(movesOf(state)).toEqual(['discardMember:G08', 'discardMember:G15']);
    const { state: after, events: ev } = play(state, {
      type: 'discardMember',
      seat: 1,
      member: 'G15',
    });
    expect(eventsOf(ev, 'memberDiscarded')[0]).toMatchObject({ member: 'G15', reason: 'snitch' });
    expect(seatOf(after, 1).gang.map((m) => m.id)).toEqual(['B1', 'G08']);
    expect(after.removed).toContain('G15');
  });

  it('R-SNITCH-2: players are checked and discard in seat order from the active player', () => {
    const state = scenario({
      chapter: 2,
      activeSeat: 1,
      players: [
        { boss: 'B1', gang: ['G08'], cash: 0 },
        { boss: 'B2', gang: ['G15'], cash: 0 },
        { boss: 'B3', gang: ['G30'], cash: 0 },
      ],
      heistRow: ['HII-30'],
      heistDeck: ['SII-1', 'HII-01'],
      start: 'action',
    });
    const { state: s, events } = play(
      state,
      { type: 'pass', seat: 1 },
      { type: 'discardRow', seat: 1, card: 'HII-30' },
    );
    // Seat 1 passed ($1): owes 2, loses $1. Then seats 2 and 0 (no cash).
    expect(eventsOf(events, 'snitchPaid').map((e) => [e.seat, e.amount])).toEqual([
      [1, 1],
      [2, 0],
      [0, 0],
    ]);
    expectDecision(s, 'snitchDiscard', 1);
    const s2 = play(s, { type: 'discardMember', seat: 1, member: 'G15' }).state;
    expectDecision(s2, 'snitchDiscard', 2);
    const s3 = play(s2, { type: 'discardMember', seat: 2, member: 'G30' }).state;
    expectDecision(s3, 'snitchDiscard', 0);
  });
});

describe('R-SNITCH-3: the Bank is not cash', () => {
  it('R-SNITCH-3: money on the Bank is safe from a snitch', () => {
    const { state } = refillWith({
      chapter: 2,
      players: [
        { boss: 'B5', gang: ['G19', 'G22'] },
        { boss: 'B1', gang: ['G08'], cash: 1, bank: 8, resources: [{ id: 'R09' }] },
      ],
      heistDeck: ['SII-3', 'HII-01'],
    });
    expect(seatOf(state, 1).bank).toBe(8);
    expect(seatOf(state, 1).cash).toBe(0);
    expectDecision(state, 'snitchDiscard', 1);
    // No Bank withdrawal while the snitch is resolved.
    expect(legalMoves(state).every((m) => m.type === 'discardMember')).toBe(true);
  });
});

describe('R-SNITCH-4: the end of the game by snitches', () => {
  it('R-SNITCH-4: the 3rd snitch of chapter III ends the game once resolved', () => {
    const state = scenario({
      chapter: 3,
      snitchesThisChapter: 2,
      players: [
        { boss: 'B1', gang: ['G08'], cash: 0 },
        { boss: 'B5', gang: ['G19'], cash: 0 },
      ],
      heistRow: ['HIII-30'],
      heistDeck: ['SIII-1', 'HIII-01'],
      start: 'action',
    });
    const { state: s } = play(
      state,
      { type: 'pass', seat: 0 },
      { type: 'discardRow', seat: 0, card: 'HIII-30' },
    );
    // Resolved first: seat 0 (1 Leader income, owes 3) discards.
    expectDecision(s, 'snitchDiscard', 0);
    const { state: after, events } = play(s, { type: 'discardMember', seat: 0, member: 'G08' });
    expect(after.phase).toBe('gameOver');
    expect(after.result?.reason).toBe('snitches');
    expect(eventsOf(events, 'gameEnded')).toHaveLength(1);
    // The slot is not refilled: the chapter end was pending.
    expect(after.heistRow[0]).toBeNull();
  });

  it('R-SNITCH-4: the 3rd snitch of chapter II does not end the chapter', () => {
    const { state } = refillWith({
      chapter: 2,
      snitchesThisChapter: 2,
      players: [
        { boss: 'B5', gang: ['G19'] },
        { boss: 'B1', gang: ['G11', 'G26'] },
      ],
      heistDeck: ['SII-1', 'HII-01'],
    });
    expect(state.chapter).toBe(2);
    expect(state.chapterEndPending).toBe(false);
  });
});
