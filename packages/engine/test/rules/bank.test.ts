/**
 * R-RES-2 Bank at every moment of its owner's turn where money is spent or at stake, and never
 * during a snitch (R-SNITCH-3) or another seat's decision; the per-turn cap (R-SAFE-1) holds.
 */
import { describe, expect, it } from 'vitest';
import { fast, type GameState, legalMoves, type Move } from '../../src/index.ts';
import { eventsOf, expectDecision, member, movesOf, play, scenario, seatOf } from '../helpers.ts';

const BANK = [{ id: 'R09' }];

function bankAmounts(moves: readonly Move[]): number[] {
  return moves.flatMap((m) => (m.type === 'bank' ? [m.amount] : [])).sort((a, b) => a - b);
}

/** B4 (L H) with G15 (B), $0 in hand and $`bank` on the Bank, before HI-08 (B H: $3, Recruit). */
function recruitRewardTable(bank: number, row: string[]): GameState {
  return scenario({
    players: [
      { boss: 'B4', gang: ['G15'], cash: 0, bank, resources: BANK },
      { boss: 'B2', cash: 0 },
    ],
    heistRow: ['HI-08'],
    recruitRow: row,
    start: 'action',
  });
}

function completeHi08(state: GameState): GameState {
  return play(
    state,
    { type: 'heist', seat: 0, card: 'HI-08' },
    { type: 'activate', seat: 0, member: 'B4' },
    { type: 'activate', seat: 0, member: 'G15' },
  ).state;
}

describe('R-RES-2 Bank: during mobilization', () => {
  it('R-RES-2 Bank: a paid readying (R-MOB-3) can be paid from the Bank', () => {
    const state = scenario({
      players: [
        {
          boss: 'B3',
          bossEngaged: true,
          gang: ['G15', { id: 'G08', engaged: true }],
          cash: 0,
          bank: 2,
          resources: BANK,
        },
        { boss: 'B2' },
      ],
    });
    // No free readying (the Leader Boss is engaged) and no cash: the Bank is the only way.
    expectDecision(state, 'mobilize', 0);
    expect(movesOf(state)).toEqual(['bank:-1', 'bank:-2', 'done']);
    expect(bankAmounts(fast.legalMoves(state))).toEqual([-1]);
    const { state: after } = play(
      state,
      { type: 'bank', seat: 0, amount: -1 },
      { type: 'ready', seat: 0, member: 'G08' },
    );
    expect(member(after, 0, 'G08').engaged).toBe(false);
    expect([seatOf(after, 0).cash, seatOf(after, 0).bank]).toEqual([0, 1]);
  });

  it('R-RES-2 Bank: Headquarters can be paid from the Bank', () => {
    const state = scenario({
      players: [
        {
          boss: 'B1',
          gang: [{ id: 'G08', engaged: true }],
          cash: 0,
          bank: 1,
          resources: [{ id: 'R03' }, ...BANK],
        },
        { boss: 'B2' },
      ],
    });
    expect(movesOf(state)).not.toContain('headquarters');
    const { state: withdrawn } = play(state, { type: 'bank', seat: 0, amount: -1 });
    expect(movesOf(withdrawn)).toContain('headquarters');
  });
});

describe('R-RES-2 Bank: at the action', () => {
  it('R-RES-2 Bank: a recruit can be paid from the Bank', () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 1, bank: 4, resources: BANK }, { boss: 'B2' }],
      recruitRow: ['G05'],
      start: 'action',
    });
    expect(movesOf(state)).not.toContain('recruit:G05');
    // The search's lean list keeps only the withdrawal that pays for G05 ($5).
    expect(bankAmounts(fast.legalMoves(state))).toEqual([-4]);
    const { state: after } = play(
      state,
      { type: 'bank', seat: 0, amount: -4 },
      { type: 'recruit', seat: 0, card: 'G05' },
    );
    expect(seatOf(after, 0).gang.map((m) => m.id)).toContain('G05');
    expect([seatOf(after, 0).cash, seatOf(after, 0).bank]).toEqual([0, 0]);
  });

  it("R-RES-2 Bank: the Biker gang's price can be paid from the Bank", () => {
    const state = scenario({
      players: [
        { boss: 'B3', gang: ['G29'], cash: 0, bank: 2, resources: [{ id: 'R10' }, ...BANK] },
        { boss: 'B2', cash: 0 },
      ],
      heistRow: ['HI-01'],
      heistDeck: ['HI-19'],
      start: 'action',
    });
    expect(movesOf(state)).not.toContain('heistFromDeck');
    expect(bankAmounts(fast.legalMoves(state))).toEqual([-1]);
    const { state: withdrawn } = play(state, { type: 'bank', seat: 0, amount: -1 });
    expect(movesOf(withdrawn)).toContain('heistFromDeck');
  });
});

describe('R-RES-2 Bank: at the action (Informant network)', () => {
  it("R-RES-2 Bank: the Informant network's price can be paid from the Bank", () => {
    // B1 (Bratva) peeks at G05 (Bratva, $5 − $1 = $4) with $1 in hand and $3 on the Bank.
    const state = scenario({
      players: [
        { boss: 'B1', cash: 1, bank: 3, resources: [{ id: 'R12' }, ...BANK] },
        { boss: 'B2', cash: 0 },
      ],
      recruitRow: ['G22'],
      gangsterDeck: ['G05'],
      start: 'action',
    });
    expect(movesOf(state)).not.toContain('recruitFromDeck');
    // Lean list: $2 more pays for G22 ($3), $3 more for the peeked G05 ($4).
    expect(bankAmounts(fast.legalMoves(state))).toEqual([-3, -2]);
    const { state: withdrawn } = play(state, { type: 'bank', seat: 0, amount: -3 });
    expect(movesOf(withdrawn)).toContain('recruitFromDeck');
  });
});

describe('R-RES-2 Bank: while a heist pays out', () => {
  it('R-RES-2 Bank: a Recruit reward is offered when cash and Bank together pay, with the Bank moves', () => {
    // After HI-08's $3 the player holds $3; G05 costs $5: $2 must come from the Bank.
    const state = completeHi08(recruitRewardTable(4, ['G05']));
    expectDecision(state, 'recruitReward', 0);
    expect(movesOf(state)).toEqual([
      'bank:-1',
      'bank:-2',
      'bank:-3',
      'bank:-4',
      'bank:1',
      'bank:2',
      'bank:3',
      'done',
    ]);
    expect(bankAmounts(fast.legalMoves(state))).toEqual([-2]);
    const { state: after, events } = play(
      state,
      { type: 'bank', seat: 0, amount: -2 },
      { type: 'recruit', seat: 0, card: 'G05' },
    );
    expect(eventsOf(events, 'recruited')).toEqual([
      { type: 'recruited', seat: 0, card: 'G05', cost: 5, fromDeck: false },
    ]);
    expect([seatOf(after, 0).cash, seatOf(after, 0).bank]).toEqual([0, 2]);
  });

  it('R-RES-2 Bank: the Recruit reward is skipped only when cash and Bank together cannot pay', () => {
    // $3 in hand and $1 on the Bank do not pay for G07 ($8).
    const state = completeHi08(recruitRewardTable(1, ['G07']));
    expect(state.queue.some((t) => t.kind === 'reward')).toBe(false);
    expect(seatOf(state, 0).gang.map((m) => m.id)).not.toContain('G07');
  });

  it('R-RES-2 Bank: the Recruit reward counts the Bank only while Bank moves are left (R-SAFE-1)', () => {
    let state = recruitRewardTable(4, ['G05']);
    for (let i = 0; i < 3; i++) {
      state = play(
        state,
        { type: 'bank', seat: 0, amount: -1 },
        { type: 'bank', seat: 0, amount: 1 },
      ).state;
    }
    const after = completeHi08(state);
    // The six moves are spent: $3 in hand cannot pay $5, so the reward is skipped.
    expect(seatOf(after, 0).gang.map((m) => m.id)).not.toContain('G05');
    expect(legalMoves(after).some((m) => m.type === 'bank')).toBe(false);
  });

  it('R-RES-2 Bank: the winnings can go on the Bank before the refill reveals a snitch', () => {
    // HII-06 (M B H: $4); the refill draws SII-2 (value 3) and seat 0 has no Informant.
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B3', gang: ['G24'], cash: 1, resources: BANK },
        { boss: 'B5', gang: ['G22', 'G19'], cash: 0 },
      ],
      heistRow: ['HII-06'],
      heistDeck: ['SII-2', 'HII-02'],
      start: 'action',
    });
    const { state: window } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-06' },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'G24' },
    );
    expectDecision(window, 'bank', 0);
    expect(seatOf(window, 0).cash).toBe(5);
    expect(window.heistRow).toEqual(['HII-06', null, null, null, null]);
    // Depositing everything keeps the $5, at the price of a member (R-SNITCH-2).
    const { state: snitch } = play(
      window,
      { type: 'bank', seat: 0, amount: 5 },
      { type: 'done', seat: 0 },
    );
    expectDecision(snitch, 'snitchDiscard', 0);
    // R-SNITCH-3: no Bank move while the snitch is resolved, even in the owner's turn.
    expect(movesOf(snitch)).toEqual(['discardMember:G24']);
    expect([seatOf(snitch, 0).cash, seatOf(snitch, 0).bank]).toEqual([0, 5]);
  });

  it('R-RES-2 Bank: kept in hand, the winnings pay the snitch', () => {
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B3', gang: ['G24'], cash: 1, resources: BANK },
        { boss: 'B5', gang: ['G22', 'G19'], cash: 0 },
      ],
      heistRow: ['HII-06'],
      heistDeck: ['SII-2', 'HII-02'],
      start: 'action',
    });
    const { state: after, events } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-06' },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'G24' },
      { type: 'done', seat: 0 },
    );
    expect(eventsOf(events, 'snitchPaid')).toEqual([{ type: 'snitchPaid', seat: 0, amount: 3 }]);
    expect(seatOf(after, 0).cash).toBe(2);
  });
});

describe('R-RES-2 Bank: one window when nothing is at stake before the turn ends', () => {
  it('R-RES-2 Bank: a Biker gang heist refills nothing, so only the turn-end window opens', () => {
    const state = scenario({
      players: [
        { boss: 'B3', gang: ['G29'], cash: 1, resources: [{ id: 'R10' }, ...BANK] },
        { boss: 'B2', cash: 0 },
      ],
      heistRow: ['HI-01'],
      heistDeck: ['HI-19', 'HI-20'],
      start: 'action',
    });
    const { state: window } = play(
      state,
      { type: 'heistFromDeck', seat: 0 },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'G29' },
    );
    expectDecision(window, 'bank', 0);
    expectDecision(play(window, { type: 'done', seat: 0 }).state, 'action', 1);
  });
});

describe('R-RES-2 Bank: when passing and at the end of the turn', () => {
  it("R-RES-2 Bank: the pass's income can go on the Bank before the row discard", () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 2, resources: BANK }, { boss: 'B2' }],
      heistRow: ['HI-01'],
      start: 'action',
    });
    const { state: window } = play(state, { type: 'pass', seat: 0 });
    expectDecision(window, 'bank', 0);
    expect(seatOf(window, 0).cash).toBe(3);
    // The lean list of the search offers only moving on at a Bank window.
    expect(fast.legalMoves(window)).toEqual([{ type: 'done', seat: 0 }]);
    const { state: deposited } = play(window, { type: 'bank', seat: 0, amount: 3 });
    // The window stays open until the owner moves on.
    expectDecision(deposited, 'bank', 0);
    const { state: discard } = play(deposited, { type: 'done', seat: 0 });
    expectDecision(discard, 'passDiscard', 0);
    expect([seatOf(discard, 0).cash, seatOf(discard, 0).bank]).toEqual([0, 3]);
  });

  it("R-RES-2 Bank: never during another seat's decision", () => {
    const state = scenario({
      players: [
        { boss: 'B1', cash: 2, bank: 3, resources: BANK },
        { boss: 'B2', cash: 5 },
      ],
      activeSeat: 1,
      start: 'action',
    });
    expect(legalMoves(state, 0)).toEqual([]);
    expect(legalMoves(state).some((m) => m.type === 'bank')).toBe(false);
  });
});
