/** Section 10 of docs/rules.md (R-SNITCH): snitches revealed by heist refills. */
import { describe, expect, it } from 'vitest';
import { fast, type GameState, legalMoves, pendingDecision } from '../../src/index.ts';
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

describe('R-SNITCH-5: the printed ruleset lets the active player use their Bank first', () => {
  /**
   * Seat 0 (B3: L M, and G24) has $0 in hand and $8 on an active Bank; it passes ($1 of
   * Leader income), moves on from the pass's Bank window and discards the only heist of the
   * row: the refill reveals SII-2 (value 3), and seat 0 has no Informant, so it owes $3.
   * Seat 1 (B2: L B, and G15) has no Informant either and $0.
   */
  const ownRefill = (ruleset: 'online' | 'printed', cash = 0) =>
    play(
      scenario({
        options: { resources: true, ruleset },
        chapter: 2,
        players: [
          { boss: 'B3', gang: ['G24'], cash, bank: 8, resources: [{ id: 'R09' }] },
          { boss: 'B2', gang: ['G15'], cash: 0 },
        ],
        heistRow: ['HII-30'],
        heistDeck: ['SII-2', 'HII-02'],
        start: 'action',
      }),
      { type: 'pass', seat: 0 },
      { type: 'done', seat: 0 },
      { type: 'discardRow', seat: 0, card: 'HII-30' },
    );

  it('R-SNITCH-5: a snitch from your own refill may be paid from your Bank', () => {
    const { state, events } = ownRefill('printed');
    expect(eventsOf(events, 'snitchRevealed')).toHaveLength(1);
    expect(pendingDecision(state)).toEqual({ kind: 'bank', seat: 0, snitch: 'SII-2', owed: 3 });
    expect(movesOf(state)).toContain('bank:-2');
    // The search's lean list offers exactly the withdrawal that pays the snitch.
    expect(fast.legalMoves(state).filter((m) => m.type === 'bank')).toEqual([
      { type: 'bank', seat: 0, amount: -2 },
    ]);
    // Once cash covers the snitch the window has done its work: the snitch is resolved.
    const paid = play(state, { type: 'bank', seat: 0, amount: -2 });
    expect(eventsOf(paid.events, 'snitchPaid')).toContainEqual({
      type: 'snitchPaid',
      seat: 0,
      amount: 3,
    });
    expect([seatOf(paid.state, 0).cash, seatOf(paid.state, 0).bank]).toEqual([0, 6]);
    expect(seatOf(paid.state, 0).gang.map((m) => m.id)).toEqual(['B3', 'G24']);
    expectDecision(paid.state, 'snitchDiscard', 1);
  });

  it("R-SNITCH-5: a Bank is not usable outside its owner's turn", () => {
    // Seat 1 owns the Bank ($5 on it, $0 in hand) when seat 0's refill reveals SII-2.
    const { state } = play(
      scenario({
        options: { resources: true, ruleset: 'printed' },
        chapter: 2,
        players: [
          { boss: 'B5', gang: ['G22', 'G19'], cash: 0 },
          { boss: 'B2', gang: ['G15'], cash: 0, bank: 5, resources: [{ id: 'R09' }] },
        ],
        heistRow: ['HII-30'],
        heistDeck: ['SII-2', 'HII-02'],
        start: 'action',
      }),
      { type: 'pass', seat: 0 },
      { type: 'discardRow', seat: 0, card: 'HII-30' },
    );
    expectDecision(state, 'snitchDiscard', 1);
    expect(movesOf(state)).toEqual(['discardMember:G15']);
    expect(seatOf(state, 1).bank).toBe(5);
  });

  it('R-SNITCH-5: declining the window leaves the snitch to take cash and a member', () => {
    const { state } = ownRefill('printed');
    const declined = play(state, { type: 'done', seat: 0 });
    expectDecision(declined.state, 'snitchDiscard', 0);
    expect(seatOf(declined.state, 0).bank).toBe(8);
  });

  it('R-SNITCH-5: no window when cash pays the snitch', () => {
    const { state, events } = ownRefill('printed', 4);
    expect(eventsOf(events, 'snitchPaid')[0]).toEqual({ type: 'snitchPaid', seat: 0, amount: 3 });
    expect(pendingDecision(state).kind).not.toBe('bank');
  });

  it('R-SNITCH-3: with the online ruleset the same snitch forces a discard', () => {
    const { state } = ownRefill('online');
    expectDecision(state, 'snitchDiscard', 0);
    expect(movesOf(state)).toEqual(['discardMember:G24']);
    expect([seatOf(state, 0).cash, seatOf(state, 0).bank]).toEqual([0, 8]);
  });
});
