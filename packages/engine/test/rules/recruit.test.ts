/** Section 6 of docs/rules.md (R-REC): recruiting from the row, paying, refilling. */
import { describe, expect, it } from 'vitest';
import { applyMove } from '../../src/index.ts';
import { eventsOf, member, movesOf, play, scenario, seatOf } from '../helpers.ts';

describe('R-REC-1: recruit', () => {
  it('R-REC-1: pay the cost, the gangster joins the gang available', () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 7 }, { boss: 'B2' }],
      recruitRow: ['G13', 'G08'],
      start: 'action',
    });
    const { state: after, events } = play(state, { type: 'recruit', seat: 0, card: 'G13' });
    expect(seatOf(after, 0).cash).toBe(0);
    expect(seatOf(after, 0).gang.map((m) => m.id)).toEqual(['B1', 'G13']);
    expect(member(after, 0, 'G13').engaged).toBe(false);
    expect(eventsOf(events, 'recruited')[0]).toMatchObject({ card: 'G13', cost: 7 });
  });

  it("R-REC-1: Families variant: $1 less for the Boss's family, never below $0", () => {
    // B2 is Cartel: G08 (Cartel, $2) costs $1; G15 (Ghetto Gang, $2) costs $2.
    const state = scenario({
      options: { families: true },
      players: [{ boss: 'B2', cash: 1 }, { boss: 'B1' }],
      recruitRow: ['G08', 'G15'],
      start: 'action',
    });
    expect(movesOf(state)).toEqual(['pass', 'recruit:G08']);
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G08' });
    expect(seatOf(after, 0).cash).toBe(0);
  });

  it('R-REC-1: without the Families variant there is no discount', () => {
    const state = scenario({
      players: [{ boss: 'B2', cash: 1 }, { boss: 'B1' }],
      recruitRow: ['G08'],
      start: 'action',
    });
    expect(movesOf(state)).toEqual(['pass']);
  });
});

describe('R-REC-2: paying', () => {
  it('R-REC-2: a gangster the player cannot pay for cannot be recruited', () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 4 }, { boss: 'B2' }],
      recruitRow: ['G07', 'G01', 'G13'],
      start: 'action',
    });
    expect(movesOf(state)).toEqual(['pass', 'recruit:G01']);
    const refused = applyMove(state, { type: 'recruit', seat: 0, card: 'G07' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('ILLEGAL_MOVE');
  });
});

describe('R-REC-3: refill', () => {
  it('R-REC-3: the slot is refilled from the top of the gangster deck', () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 5 }, { boss: 'B2' }],
      recruitRow: ['G01', 'G02', 'G03'],
      gangsterDeck: ['G20', 'G21'],
      start: 'action',
    });
    const { state: after, events } = play(state, { type: 'recruit', seat: 0, card: 'G02' });
    expect(after.recruitRow.slice(0, 3)).toEqual(['G01', 'G20', 'G03']);
    expect(after.gangsterDeck[0]).toBe('G21');
    expect(eventsOf(events, 'rowRefilled')).toEqual([
      { type: 'rowRefilled', row: 'recruit', slot: 1, card: 'G20' },
    ]);
  });

  it('R-REC-3: an empty gangster deck leaves the slot empty', () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 5 }, { boss: 'B2' }],
      recruitRow: ['G01', 'G02'],
      exactGangsterDeck: true,
      start: 'action',
    });
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G01' });
    expect(after.recruitRow[0]).toBeNull();
    expect(after.gangsterDeck).toEqual([]);
  });

  it('R-REC-3: a Recruit reward with an empty recruit row does nothing', () => {
    // HI-08 (B H): $3, Recruit. The recruit row is empty.
    const state = scenario({
      players: [{ boss: 'B2', gang: ['G29'], cash: 0 }, { boss: 'B1' }],
      heistRow: ['HI-08'],
      recruitRow: [],
      start: 'action',
    });
    const { state: after } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-08' },
      { type: 'activate', seat: 0, member: 'B2' },
      { type: 'activate', seat: 0, member: 'G29' },
    );
    expect(seatOf(after, 0).cash).toBe(3);
    expect(seatOf(after, 0).gang).toHaveLength(2);
    expect(after.turn.seat).toBe(1);
  });
});
