/**
 * Section 8 of docs/rules.md (R-PASS): Leader income, the optional row discard, and their
 * order.
 */
import { describe, expect, it } from 'vitest';
import { eventsOf, expectDecision, movesOf, play, scenario, seatOf } from '../helpers.ts';

describe('R-PASS-1: Leader income', () => {
  it('R-PASS-1: $1 per Leader member, available or engaged', () => {
    // Leaders: B1, G09 (engaged), G32; G08 learned Leader. G31 is not a Leader.
    const state = scenario({
      players: [
        {
          boss: 'B1',
          gang: [{ id: 'G09', engaged: true }, 'G32', { id: 'G08', learned: 'L' }, 'G31'],
          cash: 0,
        },
        { boss: 'B2' },
      ],
      start: 'action',
    });
    const { state: after, events } = play(state, { type: 'pass', seat: 0 });
    expect(eventsOf(events, 'income')[0]).toMatchObject({ seat: 0, amount: 4, reason: 'pass' });
    expect(seatOf(after, 0).cash).toBe(4);
  });
});

describe('R-PASS-2: discarding a row card', () => {
  const passing = () =>
    scenario({
      players: [{ boss: 'B1', cash: 0 }, { boss: 'B2' }],
      heistRow: ['HI-01', 'HI-02'],
      heistDeck: ['HI-03'],
      recruitRow: ['G01', 'G02'],
      gangsterDeck: ['G03'],
      start: 'action',
    });

  it('R-PASS-2: the player may discard one card of either row, or none', () => {
    const { state } = play(passing(), { type: 'pass', seat: 0 });
    expectDecision(state, 'passDiscard', 0);
    expect(movesOf(state)).toEqual([
      'discardRow:G01',
      'discardRow:G02',
      'discardRow:HI-01',
      'discardRow:HI-02',
      'done',
    ]);
    const { state: after } = play(state, { type: 'done', seat: 0 });
    expect(after.heistRow.slice(0, 2)).toEqual(['HI-01', 'HI-02']);
    expect(after.turn.seat).toBe(1);
  });

  it('R-PASS-2: a discarded heist leaves the game and its slot refills from the heist deck', () => {
    const { state } = play(
      passing(),
      { type: 'pass', seat: 0 },
      { type: 'discardRow', seat: 0, card: 'HI-02' },
    );
    expect(state.heistRow.slice(0, 2)).toEqual(['HI-01', 'HI-03']);
    expect(state.removed).toContain('HI-02');
  });

  it('R-PASS-2: a discarded gangster leaves the game and its slot refills from the gangster deck', () => {
    const { state } = play(
      passing(),
      { type: 'pass', seat: 0 },
      { type: 'discardRow', seat: 0, card: 'G01' },
    );
    expect(state.recruitRow.slice(0, 2)).toEqual(['G03', 'G02']);
    expect(state.removed).toContain('G01');
  });

  it('R-PASS-2: an empty deck leaves the slot empty', () => {
    const state = scenario({
      players: [{ boss: 'B1' }, { boss: 'B2' }],
      heistRow: ['HI-01'],
      exactHeistDeck: true,
      start: 'action',
    });
    const { state: after } = play(
      state,
      { type: 'pass', seat: 0 },
      { type: 'discardRow', seat: 0, card: 'HI-01' },
    );
    expect(after.heistRow[0]).toBeNull();
  });

  it('R-PASS-2: a heist refill reveals and resolves a snitch (section 10)', () => {
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B1', cash: 0 },
        { boss: 'B2', cash: 5 },
      ],
      heistRow: ['HII-01'],
      heistDeck: ['SII-2', 'HII-02'],
      start: 'action',
    });
    const { state: after, events } = play(
      state,
      { type: 'pass', seat: 0 },
      { type: 'discardRow', seat: 0, card: 'HII-01' },
    );
    expect(eventsOf(events, 'snitchRevealed')).toHaveLength(1);
    expect(after.heistRow[0]).toBe('HII-02');
    expect(seatOf(after, 1).cash).toBe(2);
  });

  it('R-PASS-2: no heist refill once a chapter end is pending (R-CHAP-2)', () => {
    // The Hospital return makes the gang grow to 4 in chapter I: the heist slot stays empty.
    const state = scenario({
      players: [
        {
          boss: 'B1',
          gang: ['G08', 'G15'],
          hospital: ['G22'],
          resources: [{ id: 'R11' }],
        },
        { boss: 'B2' },
      ],
      heistRow: ['HI-01'],
      heistDeck: ['HI-02'],
      recruitRow: ['G01'],
      gangsterDeck: ['G02'],
      start: 'action',
    });
    const { state: s } = play(
      state,
      { type: 'pass', seat: 0 },
      { type: 'returnFromHospital', seat: 0, member: 'G22' },
    );
    expect(s.chapterEndPending).toBe(true);
    const { events } = play(s, { type: 'discardRow', seat: 0, card: 'HI-01' });
    expect(eventsOf(events, 'rowRefilled').filter((e) => e.row === 'heist')).toEqual([]);
    expect(eventsOf(events, 'chapterStarted')).toHaveLength(1);
  });
});

describe('R-PASS-3: order of a pass', () => {
  it('R-PASS-3: Leader income (before any hospital return), Black market, Hospital, then the discard', () => {
    // G09 (a Leader) waits in the hospital: it is not counted for income.
    const state = scenario({
      players: [
        {
          boss: 'B1',
          hospital: ['G09'],
          resources: [{ id: 'R02' }, { id: 'R11' }],
          cash: 0,
        },
        { boss: 'B2' },
      ],
      heistRow: ['HI-01'],
      start: 'action',
    });
    const { state: s, events } = play(state, { type: 'pass', seat: 0 });
    expect(eventsOf(events, 'income').map((e) => [e.reason, e.amount])).toEqual([
      ['pass', 1],
      ['blackMarket', 2],
    ]);
    expectDecision(s, 'hospitalReturn', 0);
    const { state: back } = play(s, { type: 'returnFromHospital', seat: 0, member: 'G09' });
    expectDecision(back, 'passDiscard', 0);
    expect(seatOf(back, 0).cash).toBe(3);
  });
});
