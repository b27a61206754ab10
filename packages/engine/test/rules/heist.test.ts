/**
 * Section 7 of docs/rules.md (R-HEIST): putting a heist together one member at a time, the
 * no-hold-back rule, feasibility, the "Pedro" example and the solver, cooperative heists and
 * their rewards, and what happens to the card.
 */
import { describe, expect, it } from 'vitest';
import { applyMove, heistHint, pendingDecision, solveHeist, viewFor } from '../../src/index.ts';
import {
  eventsOf,
  expectDecision,
  member,
  movesOf,
  nth,
  play,
  scenario,
  seatOf,
} from '../helpers.ts';

describe('R-HEIST-1: choosing a heist', () => {
  it('R-HEIST-1: a heist of the row may be chosen; one not in the row may not', () => {
    const state = scenario({
      players: [{ boss: 'B3', gang: ['G29'] }, { boss: 'B2' }],
      heistRow: ['HI-19'],
      start: 'action',
    });
    expect(movesOf(state)).toContain('heist:HI-19');
    const refused = applyMove(state, { type: 'heist', seat: 0, card: 'HI-21' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('ILLEGAL_MOVE');
  });

  it('R-HEIST-1: only available members can take part', () => {
    // HI-10 (M): B3 (L M) engaged, G30 (M) and G31 (M×2) available.
    const state = scenario({
      players: [{ boss: 'B3', bossEngaged: true, gang: ['G30', 'G31'], cash: 0 }, { boss: 'B2' }],
      heistRow: ['HI-10'],
      start: 'action',
    });
    const { state: s } = play(state, { type: 'heist', seat: 0, card: 'HI-10' });
    expect(movesOf(s)).toEqual(['abandonHeist', 'activate:G30', 'activate:G31']);
  });
});

describe('R-HEIST-2..5: activating members', () => {
  const pedroish = () =>
    scenario({
      chapter: 2,
      players: [{ boss: 'B1', gang: ['G06', 'G23'] }, { boss: 'B2' }],
      heistRow: ['HII-33'],
      start: 'action',
    });

  it('R-HEIST-2: members are activated one at a time, in any order, tracking the remaining requirement', () => {
    const { state } = play(pedroish(), { type: 'heist', seat: 0, card: 'HII-33' });
    expect(pendingDecision(state)).toEqual({
      kind: 'activate',
      seat: 0,
      heist: 'HII-33',
      remaining: ['L', 'M', 'B', 'H'],
    });
    expect(movesOf(state)).toEqual(['abandonHeist', 'activate:B1', 'activate:G06', 'activate:G23']);
    const { state: s, events } = play(state, { type: 'activate', seat: 0, member: 'G23' });
    expect(pendingDecision(s)).toMatchObject({ remaining: ['M', 'H'] });
    expect(eventsOf(events, 'activated')[0]).toMatchObject({
      member: 'G23',
      remaining: ['M', 'H'],
    });
  });

  it('R-HEIST-3: a member with no icon still required cannot be activated', () => {
    const { state } = play(
      pedroish(),
      { type: 'heist', seat: 0, card: 'HII-33' },
      { type: 'activate', seat: 0, member: 'G23' },
    );
    // Remaining M H: the Boss B1 (L S) has none of them.
    expect(movesOf(state)).toEqual(['abandonHeist', 'activate:G06']);
    const refused = applyMove(state, { type: 'activate', seat: 0, member: 'B1' });
    expect(refused.ok).toBe(false);
  });

  it('R-HEIST-4: an activation uses every needed icon; unneeded icons are ignored', () => {
    const { state } = play(
      pedroish(),
      { type: 'heist', seat: 0, card: 'HII-33' },
      { type: 'activate', seat: 0, member: 'G06' },
    );
    // G06 (L M H) took L, M and H at once: only B remains.
    expect(pendingDecision(state)).toMatchObject({ remaining: ['B'] });
  });

  it('R-HEIST-4: one requirement icon per matching member icon (M×2 against M×3)', () => {
    // HIII-15 needs M×3 S: G31 (M×2) covers two Ms, not three.
    const state = scenario({
      chapter: 3,
      players: [{ boss: 'B1', gang: ['G31', 'G30'] }, { boss: 'B2' }],
      heistRow: ['HIII-15'],
      start: 'action',
    });
    const { state: s } = play(
      state,
      { type: 'heist', seat: 0, card: 'HIII-15' },
      { type: 'activate', seat: 0, member: 'G31' },
    );
    expect(pendingDecision(s)).toMatchObject({ remaining: ['M', 'S'] });
  });

  it('R-HEIST-5: the heist succeeds when nothing remains; no one joins after; activated members engage', () => {
    const { state, events } = play(
      pedroish(),
      { type: 'heist', seat: 0, card: 'HII-33' },
      { type: 'activate', seat: 0, member: 'G06' },
      { type: 'activate', seat: 0, member: 'G23' },
    );
    expect(eventsOf(events, 'heistCompleted')).toHaveLength(1);
    expect(member(state, 0, 'G06').engaged).toBe(true);
    expect(member(state, 0, 'G23').engaged).toBe(true);
    expect(member(state, 0, 'B1').engaged).toBe(false);
    // The rewards follow (Diversion 3): the Boss can no longer join.
    expectDecision(state, 'diversion', 0);
    expect(state.heist?.activated.map((a) => a.member)).toEqual(['G06', 'G23']);
  });
});

describe('R-HEIST-6: feasibility', () => {
  it('R-HEIST-6: a heist that cannot be completed is not offered', () => {
    // HI-19 needs L H: B3 (L M) has no Hacker.
    const state = scenario({
      players: [
        { boss: 'B3', cash: 0 },
        { boss: 'B2', gang: ['G29'] },
      ],
      heistRow: ['HI-19', 'HI-10'],
      start: 'action',
    });
    expect(movesOf(state)).toEqual(['heist:HI-10', 'pass']);
  });

  it('R-HEIST-6: a heist needing an engaged member is not offered', () => {
    const state = scenario({
      players: [
        { boss: 'B3', gang: [{ id: 'G29', engaged: true }, 'G08'], cash: 0 },
        { boss: 'B2' },
      ],
      heistRow: ['HI-19'],
      start: 'action',
    });
    expect(movesOf(state)).toEqual(['pass']);
  });

  it('R-HEIST-6: an unfinished selection can be abandoned; nobody is engaged', () => {
    const state = scenario({
      chapter: 2,
      players: [{ boss: 'B1', gang: ['G06', 'G23'] }, { boss: 'B2' }],
      heistRow: ['HII-33'],
      start: 'action',
    });
    const { state: s, events } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-33' },
      { type: 'activate', seat: 0, member: 'G06' },
      { type: 'abandonHeist', seat: 0 },
    );
    expect(eventsOf(events, 'heistAbandoned')).toHaveLength(1);
    expectDecision(s, 'action', 0);
    expect(s.heist).toBeNull();
    expect(seatOf(s, 0).gang.every((m) => !m.engaged)).toBe(true);
    expect(s.heistRow[0]).toBe('HII-33');
  });

  it('R-HEIST-6: every activation offered keeps completion possible (High-tech trim included)', () => {
    // B3 (L M) with High-tech equipment: HI-19 (hack attack, L H) can be done only by
    // removing H. Keeping the full requirement, or removing L, would leave a dead end.
    const state = scenario({
      players: [{ boss: 'B3', resources: [{ id: 'R07' }] }, { boss: 'B2' }],
      heistRow: ['HI-19'],
      start: 'action',
    });
    const { state: s } = play(state, { type: 'heist', seat: 0, card: 'HI-19' });
    expectDecision(s, 'highTech', 0);
    expect(movesOf(s)).toEqual(['abandonHeist', 'removeIcon:H']);
  });
});

describe('R-HEIST-6 R-HEIST-9: a cooperative heist must start with an own member', () => {
  it('R-HEIST-6: High-tech may not remove the only icon the initiator can start with', () => {
    // HII-28 (art theft, cooperative, S H×2): seat 0 brings S (B1), seat 1 brings H×2 (G12).
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B1', resources: [{ id: 'R07' }] },
        { boss: 'B2', gang: ['G12'] },
      ],
      heistRow: ['HII-28'],
      start: 'action',
    });
    const { state: s } = play(state, { type: 'heist', seat: 0, card: 'HII-28' });
    expect(movesOf(s)).toEqual(['abandonHeist', 'done', 'removeIcon:H']);
  });

  it('R-HEIST-9: a cooperative heist the initiator cannot start is not offered', () => {
    const state = scenario({
      chapter: 2,
      players: [{ boss: 'B2' }, { boss: 'B1', gang: ['G12'] }],
      heistRow: ['HII-28'],
      start: 'action',
    });
    expect(movesOf(state)).toEqual(['pass']);
  });
});

describe('R-HEIST-7: the "Pedro" example', () => {
  // Requirement {a, b, c, d} = HII-33 (L M B H). The Boss B1 (L S) brings {a} = L;
  // B = G06 (L M H) brings {a, b, c}; C = G23 (L B) brings {a, d}.
  const start = () =>
    play(
      scenario({
        chapter: 2,
        players: [{ boss: 'B1', gang: ['G06', 'G23'] }, { boss: 'B2' }],
        heistRow: ['HII-33'],
        start: 'action',
      }),
      { type: 'heist', seat: 0, card: 'HII-33' },
    ).state;

  it('R-HEIST-7: B first uses a, b, c; C takes d; the Boss cannot join', () => {
    const { state } = play(
      start(),
      { type: 'activate', seat: 0, member: 'G06' },
      { type: 'activate', seat: 0, member: 'G23' },
    );
    expect(member(state, 0, 'B1').engaged).toBe(false);
    expect(seatOf(state, 0).gang.filter((m) => m.engaged)).toHaveLength(2);
  });

  it('R-HEIST-7: starting with the Boss engages all three, in either order after it', () => {
    for (const order of [
      ['B1', 'G06', 'G23'],
      ['B1', 'G23', 'G06'],
    ]) {
      const { state } = play(
        start(),
        ...order.map((id) => ({ type: 'activate' as const, seat: 0, member: id })),
      );
      expect(seatOf(state, 0).gang.every((m) => m.engaged)).toBe(true);
    }
  });

  it('R-HEIST-7: the solver finds exactly the two orders starting with the Boss', () => {
    const solution = solveHeist(
      ['L', 'M', 'B', 'H'],
      [
        { id: 'B1', icons: ['L', 'S'] },
        { id: 'G06', icons: ['L', 'M', 'H'] },
        { id: 'G23', icons: ['L', 'B'] },
      ],
    );
    expect(solution.feasible).toBe(true);
    expect(solution.maxEngaged).toBe(3);
    expect(solution.orders.map((o) => o.join()).sort()).toEqual(['B1,G06,G23', 'B1,G23,G06']);
  });

  it('R-HEIST-7: with abstract icons a, b, c, d the solver gives the same answer', () => {
    // a = M, b = S, c = B, d = H: the Boss {a}, B {a, b, c}, C {a, d}.
    const solution = solveHeist(
      ['M', 'S', 'B', 'H'],
      [
        { id: 'Boss', icons: ['M'] },
        { id: 'B', icons: ['M', 'S', 'B'] },
        { id: 'C', icons: ['M', 'H'] },
      ],
    );
    expect(solution.maxEngaged).toBe(3);
    expect(solution.orders.map((o) => o.join()).sort()).toEqual(['Boss,B,C', 'Boss,C,B']);
  });

  it('R-HEIST-7: heistHint gives the same orders for a seat, from a state or a view', () => {
    const state = start();
    for (const game of [state, viewFor(state, 0), viewFor(state, null)]) {
      const hint = heistHint(game, 0, 'HII-33');
      expect(hint.maxEngaged).toBe(3);
      expect(hint.orders.map((o) => o.join()).sort()).toEqual(['B1,G06,G23', 'B1,G23,G06']);
    }
  });

  it('R-HEIST-7: the solver reports an infeasible requirement', () => {
    const solution = solveHeist(['L', 'H'], [{ id: 'B3', icons: ['L', 'M'] }]);
    expect(solution).toEqual({ feasible: false, maxEngaged: 0, orders: [] });
  });
});

describe('R-HEIST-8: the card after the heist', () => {
  it('R-HEIST-8: the card goes to the pile after all rewards, then the slot refills', () => {
    // HI-07 (I H): $2, 1 IP, Recruit. During the Recruit choice the card is not yet in the pile.
    const state = scenario({
      players: [{ boss: 'B4', gang: ['G22'], cash: 0 }, { boss: 'B2' }],
      heistRow: ['HI-07'],
      heistDeck: ['HI-20'],
      recruitRow: ['G08'],
      start: 'action',
    });
    const { state: s } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-07' },
      { type: 'activate', seat: 0, member: 'G22' },
      { type: 'activate', seat: 0, member: 'B4' },
    );
    expectDecision(s, 'recruitReward', 0);
    expect(seatOf(s, 0).pile).toEqual([]);
    expect(s.heistRow[0]).toBe('HI-07');
    const { state: after, events } = play(s, { type: 'recruit', seat: 0, card: 'G08' });
    expect(seatOf(after, 0).pile).toEqual(['HI-07']);
    expect(after.heistRow[0]).toBe('HI-20');
    const types = events.map((e) => e.type);
    expect(types.indexOf('recruited')).toBeLessThan(
      events.findIndex((e) => e.type === 'rowRefilled' && e.row === 'heist'),
    );
  });

  it('R-HEIST-8: a Training heist goes under the trained member', () => {
    // HI-28 (S H): $2, Training M.
    const state = scenario({
      players: [{ boss: 'B1', gang: ['G29'], cash: 0 }, { boss: 'B2' }],
      heistRow: ['HI-28'],
      start: 'action',
    });
    const { state: s } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-28' },
      { type: 'activate', seat: 0, member: 'B1' },
      { type: 'activate', seat: 0, member: 'G29' },
      { type: 'train', seat: 0, member: 'G29' },
    );
    expect(member(s, 0, 'G29')).toMatchObject({ learned: 'M', tucked: 'HI-28' });
    expect(seatOf(s, 0).pile).toEqual([]);
  });

  it('R-HEIST-8: a Training heist with nobody trained goes to the pile', () => {
    const state = scenario({
      players: [{ boss: 'B1', gang: ['G29'], cash: 0 }, { boss: 'B2' }],
      heistRow: ['HI-28'],
      start: 'action',
    });
    const { state: s } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-28' },
      { type: 'activate', seat: 0, member: 'B1' },
      { type: 'activate', seat: 0, member: 'G29' },
      { type: 'done', seat: 0 },
    );
    expect(seatOf(s, 0).pile).toEqual(['HI-28']);
  });

  it('R-HEIST-8: income gained in the heist can pay a snitch revealed by the refill', () => {
    // HII-10 (M B×2): $4. The refill reveals SII-1 (value 2); seat 0 had $0, no Informant.
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B2', gang: ['G31', 'G10'], cash: 0 },
        { boss: 'B1', cash: 0 },
      ],
      heistRow: ['HII-10'],
      heistDeck: ['SII-1', 'HII-01'],
      start: 'action',
    });
    const { state: after, events } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-10' },
      { type: 'activate', seat: 0, member: 'G31' },
      { type: 'activate', seat: 0, member: 'G10' },
    );
    expect(nth(eventsOf(events, 'snitchPaid'), 0)).toEqual({
      type: 'snitchPaid',
      seat: 0,
      amount: 2,
    });
    expect(seatOf(after, 0).cash).toBe(2);
    expect(seatOf(after, 0).gang).toHaveLength(3);
    expect(after.heistRow[0]).toBe('HII-01');
  });
});

describe('R-HEIST-9: cooperative heists', () => {
  // HII-15 (M S B), cooperative: A = $2, 1 IP; B = $4.
  const coop = () =>
    scenario({
      chapter: 2,
      players: [
        { boss: 'B1', gang: ['G15'], cash: 0 },
        { boss: 'B3', gang: ['G08'], cash: 0 },
        { boss: 'B2', cash: 0 },
      ],
      activeSeat: 1,
      heistRow: ['HII-15'],
      start: 'action',
    });

  it("R-HEIST-9: the initiator starts with one of their own members, then may use anyone's", () => {
    const { state } = play(coop(), { type: 'heist', seat: 1, card: 'HII-15' });
    // First: only seat 1's own useful members (B3 for M, G08 for S).
    expect(movesOf(state)).toEqual(['abandonHeist', 'activate:B3', 'activate:G08']);
    const { state: s } = play(state, { type: 'activate', seat: 1, member: 'B3' });
    // Then opponents' available members too: B1 (S), G15 (B), B2 (B), and own G08 (S).
    expect(movesOf(s)).toEqual([
      'abandonHeist',
      'activate:B1',
      'activate:B2',
      'activate:G08',
      'activate:G15',
    ]);
  });

  it('R-HEIST-9: opponents cannot refuse: only the initiator decides', () => {
    const { state } = play(
      coop(),
      { type: 'heist', seat: 1, card: 'HII-15' },
      { type: 'activate', seat: 1, member: 'B3' },
    );
    expect(movesOf(state, 0)).toEqual([]);
    const refused = applyMove(state, { type: 'activate', seat: 0, member: 'B1' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('WRONG_SEAT');
    const { events } = play(
      state,
      { type: 'activate', seat: 1, member: 'B1' },
      { type: 'activate', seat: 1, member: 'B2' },
    );
    expect(eventsOf(events, 'activated').map((e) => [e.member, e.owner])).toEqual([
      ['B1', 0],
      ['B2', 2],
    ]);
    expect(nth(eventsOf(events, 'heistCompleted'), 0).participants.sort()).toEqual([0, 1, 2]);
  });

  it('R-HEIST-9: a non-cooperative heist never uses opponents', () => {
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B3', gang: ['G10'] },
        { boss: 'B2', gang: ['G15'] },
      ],
      heistRow: ['HII-10'],
      start: 'action',
    });
    const { state: s } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-10' },
      { type: 'activate', seat: 0, member: 'B3' },
    );
    expect(movesOf(s)).toEqual(['abandonHeist', 'activate:G10']);
  });
});

describe('R-HEIST-10: rewards of a cooperative heist', () => {
  it('R-HEIST-10: with an opponent in it, every participant gets B once: initiator A then B, then the others in seat order', () => {
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B1', gang: ['G15'], cash: 0 },
        { boss: 'B3', cash: 0 },
        { boss: 'B2', gang: ['G08'], cash: 0 },
        { boss: 'B4', cash: 0 },
      ],
      activeSeat: 1,
      heistRow: ['HII-15'],
      start: 'action',
    });
    const { state: after, events } = play(
      state,
      { type: 'heist', seat: 1, card: 'HII-15' },
      { type: 'activate', seat: 1, member: 'B3' },
      { type: 'activate', seat: 1, member: 'G15' },
      { type: 'activate', seat: 1, member: 'G08' },
    );
    const completed = nth(eventsOf(events, 'heistCompleted'), 0);
    expect(completed).toMatchObject({ cooperative: true });
    expect([...completed.participants].sort()).toEqual([0, 1, 2]);
    const paid = events
      .filter((e) => e.type === 'income' || e.type === 'influence')
      .map((e) => `${e.type}:${'seat' in e ? e.seat : ''}:${'amount' in e ? e.amount : ''}`);
    expect(paid).toEqual(['income:1:2', 'influence:1:1', 'income:1:4', 'income:2:4', 'income:0:4']);
    expect(after.players.map((p) => p.cash)).toEqual([4, 6, 4, 0]);
    expect(seatOf(after, 1).heistIp).toBe(1);
  });

  it("R-HEIST-10: with the initiator's members alone, only A is paid", () => {
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B3', gang: ['G08', 'G15'], cash: 0 },
        { boss: 'B2', cash: 0 },
      ],
      heistRow: ['HII-15'],
      start: 'action',
    });
    const { state: after, events } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-15' },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'G08' },
      { type: 'activate', seat: 0, member: 'G15' },
    );
    expect(nth(eventsOf(events, 'heistCompleted'), 0).cooperative).toBe(false);
    expect(after.players.map((p) => p.cash)).toEqual([2, 0]);
  });
});
