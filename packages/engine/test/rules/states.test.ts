/** Section 3 of docs/rules.md (R-STATE): available and engaged members; the Boss never leaves. */
import { describe, expect, it } from 'vitest';
import {
  eventsOf,
  expectDecision,
  idleBeforeSafeguard,
  member,
  nth,
  play,
  scenario,
  seatOf,
} from '../helpers.ts';

describe('R-STATE-1: available and engaged', () => {
  it('R-STATE-1: taking part in a heist engages a member', () => {
    const state = scenario({
      players: [{ boss: 'B3', gang: ['G29', 'G15'] }, { boss: 'B2' }],
      heistRow: ['HI-19'],
      start: 'action',
    });
    const { state: after } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-19' },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'G29' },
    );
    expect(member(after, 0, 'B3').engaged).toBe(true);
    expect(member(after, 0, 'G29').engaged).toBe(true);
    expect(member(after, 0, 'G15').engaged).toBe(false);
  });

  it("R-STATE-1: an opponent's Diversion engages a member", () => {
    // HII-11 (M×2 B): $3, Diversion 2.
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B2', gang: ['G31'] },
        { boss: 'B1', gang: ['G08', 'G09'] },
      ],
      heistRow: ['HII-11'],
      start: 'action',
    });
    const { state: after } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-11' },
      { type: 'activate', seat: 0, member: 'G31' },
      { type: 'activate', seat: 0, member: 'B2' },
      { type: 'engage', seat: 0, member: 'G08' },
      { type: 'done', seat: 0 },
    );
    expect(member(after, 1, 'G08').engaged).toBe(true);
    expect(member(after, 1, 'G09').engaged).toBe(false);
  });

  it('R-STATE-1: a recruited member arrives available', () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 5 }, { boss: 'B2' }],
      recruitRow: ['G08'],
      start: 'action',
    });
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G08' });
    expect(member(after, 0, 'G08').engaged).toBe(false);
  });

  it('R-STATE-1: a member back from hospital arrives available', () => {
    const state = scenario({
      players: [
        {
          boss: 'B1',
          hospital: [{ id: 'G08', engaged: true }],
          resources: [{ id: 'R11' }],
        },
        { boss: 'B2' },
      ],
      start: 'action',
    });
    const { state: after } = play(
      state,
      { type: 'pass', seat: 0 },
      { type: 'returnFromHospital', seat: 0, member: 'G08' },
    );
    expect(member(after, 0, 'G08').engaged).toBe(false);
  });
});

describe('R-STATE-2: the Boss never leaves', () => {
  it('R-STATE-2: a player with only the Boss discards nothing at a snitch (but loses the cash)', () => {
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B1', cash: 1 },
        { boss: 'B2', gang: ['G31'], cash: 0 },
      ],
      heistRow: ['HII-10'],
      heistDeck: ['SII-3'],
      start: 'action',
    });
    const { state: after, events } = play(
      state,
      { type: 'pass', seat: 0 },
      { type: 'discardRow', seat: 0, card: 'HII-10' },
    );
    // Seat 0 had $2 after passing, owes 4: loses all cash, but has only the Boss.
    expect(seatOf(after, 0).cash).toBe(0);
    expect(seatOf(after, 0).gang.map((m) => m.id)).toEqual(['B1']);
    // Seat 1 must discard G31: the Boss is not offered.
    expectDecision(after, 'snitchDiscard', 1);
    expect(eventsOf(events, 'snitchPaid').map((e) => e.seat)).toEqual([0, 1]);
  });

  it('R-STATE-2: the Boss is never a gang-war discard', () => {
    const state = scenario({
      chapter: 2,
      players: [{ boss: 'B3' }, { boss: 'B1' }],
      idleTurns: idleBeforeSafeguard(2),
      start: 'action',
    });
    // Seat 0 has 1 Mercenary, seat 1 none: seat 1 must discard, but has only its Boss.
    const { state: after, events } = play(state, { type: 'pass', seat: 0 });
    expect(nth(eventsOf(events, 'gangWar'), 0).losers).toEqual([1]);
    expect(eventsOf(events, 'memberDiscarded')).toEqual([]);
    expect(seatOf(after, 1).gang.map((m) => m.id)).toEqual(['B1']);
    expect(after.chapter).toBe(3);
  });
});
