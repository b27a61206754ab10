/** Section 14 of docs/rules.md (R-FAM): the Families variant. */
import { describe, expect, it } from 'vitest';
import { createGame, finalScores, pendingDecision } from '../../src/index.ts';
import { movesOf, nth, play, scenario, seatOf } from '../helpers.ts';

describe('R-FAM-1: family discount', () => {
  it("R-FAM-1: a gangster of the Boss's family costs $1 less", () => {
    // B4 is Mafia: G22 (Mafia, $3) costs $2; G08 (Cartel, $2) still $2.
    const state = scenario({
      options: { families: true },
      players: [{ boss: 'B4', cash: 2 }, { boss: 'B1' }],
      recruitRow: ['G22', 'G08'],
      start: 'action',
    });
    expect(movesOf(state)).toEqual(['pass', 'recruit:G08', 'recruit:G22']);
    const { state: after, events } = play(state, { type: 'recruit', seat: 0, card: 'G22' });
    expect(seatOf(after, 0).cash).toBe(0);
    expect(events.find((e) => e.type === 'recruited')).toMatchObject({ cost: 2 });
  });
});

describe('R-FAM-2: family majorities', () => {
  it('R-FAM-2: +2 IP for the most members of a family (Boss included); tied +1 each', () => {
    // Bratva: seat 0 has B1 + G01 = 2, seat 1 has G02 = 1 → seat 0 +2.
    // Cartel: seat 1 has B2, seat 0 has G08 → tie, +1 each.
    // Mafia: seat 1 has G22 alone → +2. Ghetto Gang, Triads: nobody.
    const state = scenario({
      options: { families: true },
      players: [
        { boss: 'B1', gang: ['G01', 'G08'] },
        { boss: 'B2', gang: ['G02', 'G22'] },
      ],
    });
    const scores = finalScores(state).scores;
    expect(scores.map((s) => s.families)).toEqual([3, 3]);
  });

  it('R-FAM-2: the largest-gang bonus is not awarded; the richest bonus is', () => {
    const state = scenario({
      options: { families: true },
      players: [
        { boss: 'B1', gang: ['G01', 'G02'], cash: 5 },
        { boss: 'B2', cash: 1 },
      ],
    });
    const a = nth(finalScores(state).scores, 0);
    expect(a.largestGang).toBe(0);
    expect(a.richest).toBe(2);
  });

  it('R-FAM-2: without the variant there are no family majorities', () => {
    const state = scenario({ players: [{ boss: 'B1', gang: ['G01'] }, { boss: 'B2' }] });
    expect(finalScores(state).scores.map((s) => s.families)).toEqual([0, 0]);
  });
});

describe('R-FAM-3: both variants together', () => {
  it('R-FAM-3: Families and Resources can be combined', () => {
    const result = createGame({ players: 3, seed: 4, families: true, resources: true });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.options).toMatchObject({ families: true, resources: true });
    expect(pendingDecision(result.state).kind).toBe('keepResources');
    const state = scenario({
      options: { families: true, resources: true },
      players: [
        { boss: 'B2', gang: ['G08'], cash: 4, resources: [{ id: 'R05', active: false }] },
        { boss: 'B1' },
      ],
      recruitRow: ['G11'],
      start: 'action',
    });
    // G11 (Cartel, I S, $5) for $4, and it activates Private jet (I S).
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G11' });
    expect(seatOf(after, 0).cash).toBe(0);
    expect(nth(seatOf(after, 0).resources, 0).active).toBe(true);
  });
});
