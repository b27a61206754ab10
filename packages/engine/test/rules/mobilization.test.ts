/**
 * Section 5 of docs/rules.md (R-MOB): synchronization, free readying by Leaders available at the
 * start of mobilization, paid readying, and the four worked situations of the rulebooks.
 */
import { describe, expect, it } from 'vitest';
import { pendingDecision } from '../../src/index.ts';
import { eventsOf, expectDecision, member, movesOf, play, scenario, seatOf } from '../helpers.ts';

// Leaders: B1 (L S), G09 (L), G32 (L S). Not Leaders: G08 (S), G15 (B), G01 (M S).

describe('R-MOB-1: synchronization', () => {
  it('R-MOB-1: a gang entirely engaged becomes available, free, and mobilization ends', () => {
    const state = scenario({
      players: [
        { boss: 'B1', bossEngaged: true, gang: [{ id: 'G08', engaged: true }], cash: 3 },
        { boss: 'B2' },
      ],
    });
    expect(seatOf(state, 0).gang.every((m) => !m.engaged)).toBe(true);
    expect(seatOf(state, 0).cash).toBe(3);
    expectDecision(state, 'action', 0);
  });

  it('R-MOB-1: synchronization is compulsory and announced', () => {
    const state = scenario({
      players: [
        { boss: 'B1' },
        { boss: 'B2', bossEngaged: true, gang: [{ id: 'G08', engaged: true }] },
      ],
      start: 'action',
    });
    const { state: after, events } = play(state, { type: 'pass', seat: 0 });
    expect(eventsOf(events, 'synchronized')).toEqual([{ type: 'synchronized', seat: 1 }]);
    expect(seatOf(after, 1).gang.every((m) => !m.engaged)).toBe(true);
  });
});

describe('R-MOB-2: free readying', () => {
  it('R-MOB-2: each Leader available at the start gives one free readying', () => {
    const state = scenario({
      players: [
        {
          boss: 'B1',
          gang: [
            'G09',
            { id: 'G08', engaged: true },
            { id: 'G15', engaged: true },
            { id: 'G01', engaged: true },
          ],
          cash: 0,
        },
        { boss: 'B2' },
      ],
    });
    expect(pendingDecision(state)).toEqual({ kind: 'mobilize', seat: 0, freeReadies: 2 });
  });

  it('R-MOB-2: a learned Leader counts as a Leader', () => {
    const state = scenario({
      players: [
        {
          boss: 'B1',
          gang: [
            { id: 'G08', learned: 'L' },
            { id: 'G15', engaged: true },
          ],
          cash: 0,
        },
        { boss: 'B2' },
      ],
    });
    expect(pendingDecision(state)).toMatchObject({ freeReadies: 2 });
  });

  it('R-MOB-2: a Leader engaged at the start gives nothing, even once readied', () => {
    const state = scenario({
      players: [
        {
          boss: 'B1',
          gang: [{ id: 'G09', engaged: true }, { id: 'G15', engaged: true }, 'G08'],
          cash: 1,
        },
        { boss: 'B2' },
      ],
    });
    // B1 available: 1 free readying. Ready the Leader G09 with it: no new free readying.
    expect(pendingDecision(state)).toMatchObject({ freeReadies: 1 });
    const { state: s } = play(state, { type: 'ready', seat: 0, member: 'G09' });
    expect(pendingDecision(s)).toMatchObject({ kind: 'mobilize', freeReadies: 0 });
    const { state: paid } = play(s, { type: 'ready', seat: 0, member: 'G15' });
    expect(seatOf(paid, 0).cash).toBe(0);
  });
});

describe('R-MOB-3: paid readying', () => {
  it('R-MOB-3: after the free ones, $1 per further member', () => {
    const state = scenario({
      players: [
        {
          boss: 'B1',
          gang: [
            { id: 'G08', engaged: true },
            { id: 'G15', engaged: true },
            { id: 'G01', engaged: true },
          ],
          cash: 5,
        },
        { boss: 'B2' },
      ],
    });
    const { state: after, events } = play(
      state,
      { type: 'ready', seat: 0, member: 'G08' },
      { type: 'ready', seat: 0, member: 'G15' },
      { type: 'ready', seat: 0, member: 'G01' },
    );
    expect(eventsOf(events, 'readied').map((e) => [e.member, e.cost, e.reason])).toEqual([
      ['G08', 0, 'leader'],
      ['G15', 1, 'paid'],
      ['G01', 1, 'paid'],
    ]);
    expect(seatOf(after, 0).cash).toBe(3);
  });

  it('R-MOB-3: without money nor free readying, nothing can be readied', () => {
    const state = scenario({
      players: [
        { boss: 'B1', bossEngaged: true, gang: ['G08', { id: 'G15', engaged: true }], cash: 0 },
        { boss: 'B2' },
      ],
    });
    expectDecision(state, 'action', 0);
    expect(member(state, 0, 'G15').engaged).toBe(true);
  });
});

describe('R-MOB-4: readying is optional', () => {
  it('R-MOB-4: the player picks which members, and may stop at any time', () => {
    const state = scenario({
      players: [
        {
          boss: 'B1',
          gang: [
            { id: 'G08', engaged: true },
            { id: 'G15', engaged: true },
          ],
          cash: 5,
        },
        { boss: 'B2' },
      ],
    });
    expect(movesOf(state)).toEqual(['done', 'ready:G08', 'ready:G15']);
    const { state: after } = play(
      state,
      { type: 'ready', seat: 0, member: 'G15' },
      { type: 'done', seat: 0 },
    );
    expectDecision(after, 'action', 0);
    expect(member(after, 0, 'G08').engaged).toBe(true);
    expect(member(after, 0, 'G15').engaged).toBe(false);
    expect(seatOf(after, 0).cash).toBe(5);
  });
});

describe('R-MOB-5: the worked situations', () => {
  it('R-MOB-5 situation 1: 2 available Leaders, 2 engaged members: both readied free', () => {
    const state = scenario({
      players: [
        {
          boss: 'B1',
          gang: ['G09', { id: 'G08', engaged: true }, { id: 'G15', engaged: true }],
          cash: 0,
        },
        { boss: 'B2' },
      ],
    });
    const { state: after } = play(
      state,
      { type: 'ready', seat: 0, member: 'G08' },
      { type: 'ready', seat: 0, member: 'G15' },
    );
    expect(seatOf(after, 0).gang.every((m) => !m.engaged)).toBe(true);
    expect(seatOf(after, 0).cash).toBe(0);
    expectDecision(after, 'action', 0);
  });

  it('R-MOB-5 situation 2: 1 available Leader; the Boss free, the gangster for $1', () => {
    const state = scenario({
      players: [
        {
          boss: 'B1',
          bossEngaged: true,
          gang: ['G09', { id: 'G08', engaged: true }],
          cash: 3,
        },
        { boss: 'B2' },
      ],
    });
    expect(pendingDecision(state)).toMatchObject({ freeReadies: 1 });
    const { state: after, events } = play(
      state,
      { type: 'ready', seat: 0, member: 'B1' },
      { type: 'ready', seat: 0, member: 'G08' },
    );
    expect(eventsOf(events, 'readied').map((e) => [e.member, e.cost])).toEqual([
      ['B1', 0],
      ['G08', 1],
    ]);
    expect(seatOf(after, 0).cash).toBe(2);
    expect(seatOf(after, 0).gang.every((m) => !m.engaged)).toBe(true);
  });

  it('R-MOB-5 situation 3: Leaders engaged, $2 readies both Leaders, the other stays engaged', () => {
    const state = scenario({
      players: [
        {
          boss: 'B1',
          bossEngaged: true,
          gang: [{ id: 'G09', engaged: true }, 'G08', { id: 'G15', engaged: true }],
          cash: 2,
        },
        { boss: 'B2' },
      ],
    });
    expect(pendingDecision(state)).toMatchObject({ kind: 'mobilize', freeReadies: 0 });
    const { state: after } = play(
      state,
      { type: 'ready', seat: 0, member: 'B1' },
      { type: 'ready', seat: 0, member: 'G09' },
    );
    expect(seatOf(after, 0).cash).toBe(0);
    expect(member(after, 0, 'B1').engaged).toBe(false);
    expect(member(after, 0, 'G09').engaged).toBe(false);
    expect(member(after, 0, 'G15').engaged).toBe(true);
    // Leaders readied this turn give nothing: mobilization is over.
    expectDecision(after, 'action', 0);
  });

  it('R-MOB-5 situation 4: all members engaged: everyone readied free', () => {
    const state = scenario({
      players: [
        {
          boss: 'B1',
          bossEngaged: true,
          gang: [
            { id: 'G09', engaged: true },
            { id: 'G08', engaged: true },
            { id: 'G15', engaged: true },
          ],
          cash: 0,
        },
        { boss: 'B2' },
      ],
    });
    expect(seatOf(state, 0).gang.every((m) => !m.engaged)).toBe(true);
    expect(seatOf(state, 0).cash).toBe(0);
    expectDecision(state, 'action', 0);
  });
});
