/** Section 11 of docs/rules.md (R-RES): activating resource cards, and each card's effect. */
import { describe, expect, it } from 'vitest';
import {
  finalScores,
  type GameState,
  legalMoves,
  pendingDecision,
  viewFor,
  visibleEvents,
} from '../../src/index.ts';
import {
  eventsOf,
  expectDecision,
  idleBeforeSafeguard,
  member,
  movesOf,
  nth,
  type Played,
  play,
  scenario,
  seatOf,
} from '../helpers.ts';

/** Seat 0 passes and discards the only heist of the row: its slot refills from the deck. */
function refillWith(input: Parameters<typeof scenario>[0]): Played {
  const state: GameState = scenario({ ...input, heistRow: ['HII-30'], start: 'action' });
  return play(state, { type: 'pass', seat: 0 }, { type: 'discardRow', seat: 0, card: 'HII-30' });
}

describe('R-RES-1: activation', () => {
  it('R-RES-1: a kept card activates the moment the gang has its whole requirement', () => {
    // R05 Private jet needs I S: B1 (L S) recruits G22 (I).
    const state = scenario({
      players: [{ boss: 'B1', cash: 3, resources: [{ id: 'R05', active: false }] }, { boss: 'B2' }],
      recruitRow: ['G22'],
      start: 'action',
    });
    const { state: after, events } = play(state, { type: 'recruit', seat: 0, card: 'G22' });
    expect(eventsOf(events, 'resourceActivated')).toEqual([
      { type: 'resourceActivated', seat: 0, card: 'R05' },
    ]);
    expect(nth(seatOf(after, 0).resources, 0).active).toBe(true);
  });

  it('R-RES-1: a learned skill can complete the requirement', () => {
    // R05 (I S): B1 (L S) learns I from HI-25 (L×2: $2, Training I) with G09 (L).
    const state = scenario({
      players: [
        { boss: 'B1', gang: ['G09'], resources: [{ id: 'R05', active: false }] },
        { boss: 'B2' },
      ],
      heistRow: ['HI-25'],
      start: 'action',
    });
    const { state: after } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-25' },
      { type: 'activate', seat: 0, member: 'B1' },
      { type: 'activate', seat: 0, member: 'G09' },
      { type: 'train', seat: 0, member: 'B1' },
    );
    expect(nth(seatOf(after, 0).resources, 0).active).toBe(true);
  });

  it('R-RES-1: an icon count not yet met does not activate', () => {
    // R09 Bank needs H×2: G29 (H) alone is not enough.
    const state = scenario({
      players: [{ boss: 'B1', cash: 3, resources: [{ id: 'R09', active: false }] }, { boss: 'B2' }],
      recruitRow: ['G29'],
      start: 'action',
    });
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G29' });
    expect(nth(seatOf(after, 0).resources, 0).active).toBe(false);
  });

  it('R-RES-1: it stays active when the icons are lost', () => {
    // B1 (L S) + G22 (I) with Private jet active; G22 is lost to a snitch.
    const { state } = refillWith({
      chapter: 2,
      players: [
        { boss: 'B5', gang: ['G19'] },
        { boss: 'B1', gang: ['G22'], cash: 0, resources: [{ id: 'R05' }] },
      ],
      heistDeck: ['SII-3', 'HII-01'],
    });
    const { state: after } = play(state, { type: 'discardMember', seat: 1, member: 'G22' });
    expect(seatOf(after, 1).resources).toEqual([{ id: 'R05', active: true }]);
  });

  it("R-RES-1: a card activated during a turn already acts at that turn's end", () => {
    // R08 Secret society (M I H): B4 (L H) + G30 (M) recruits G22 (I); the engaged G09 can be readied.
    const state = scenario({
      players: [
        {
          boss: 'B4',
          gang: ['G30', { id: 'G09', engaged: true }],
          cash: 3,
          resources: [{ id: 'R08', active: false }],
        },
        { boss: 'B2' },
      ],
      recruitRow: ['G22'],
      start: 'action',
    });
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G22' });
    expectDecision(after, 'secretSociety', 0);
  });

  it('R-RES-1: an active card scores its IP at the end; an inactive one does not', () => {
    const state = scenario({
      players: [
        { boss: 'B1', resources: [{ id: 'R02', active: true }] },
        { boss: 'B2', resources: [{ id: 'R11', active: false }] },
      ],
    });
    const { scores } = finalScores(state);
    expect(nth(scores, 0).resources).toBe(5);
    expect(nth(scores, 1).resources).toBe(0);
  });
});

describe('R-RES-2: Police station', () => {
  it('R-RES-2 Police station: never more than $1 at a snitch', () => {
    const { state, events } = refillWith({
      chapter: 2,
      players: [
        { boss: 'B5', gang: ['G19'] },
        { boss: 'B1', gang: ['G08'], cash: 3, resources: [{ id: 'R01' }] },
      ],
      heistDeck: ['SII-3', 'HII-01'],
    });
    // Seat 1 has no Informant: it would owe $4.
    expect(eventsOf(events, 'snitchPaid').filter((e) => e.seat === 1)).toEqual([
      { type: 'snitchPaid', seat: 1, amount: 1 },
    ]);
    expect(seatOf(state, 1).cash).toBe(2);
  });

  it('R-RES-2 Police station: without $1, a member is discarded as usual', () => {
    const { state } = refillWith({
      chapter: 2,
      players: [
        { boss: 'B5', gang: ['G19'] },
        { boss: 'B1', gang: ['G08'], cash: 0, resources: [{ id: 'R01' }] },
      ],
      heistDeck: ['SII-3', 'HII-01'],
    });
    expectDecision(state, 'snitchDiscard', 1);
  });
});

describe('R-RES-2: Black market', () => {
  it('R-RES-2 Black market: +$2 when passing', () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 0, resources: [{ id: 'R02' }] }, { boss: 'B2' }],
      start: 'action',
    });
    const { state: after } = play(state, { type: 'pass', seat: 0 });
    expect(seatOf(after, 0).cash).toBe(3);
  });
});

describe('R-RES-2: Headquarters', () => {
  const hq = (cash: number) =>
    scenario({
      players: [
        {
          boss: 'B1',
          bossEngaged: true,
          gang: [{ id: 'G08', engaged: true }, 'G15'],
          cash,
          resources: [{ id: 'R03' }],
        },
        { boss: 'B2' },
      ],
    });

  it('R-RES-2 Headquarters: during mobilization, pay $1 to make the whole gang available', () => {
    const state = hq(2);
    expect(movesOf(state)).toContain('headquarters');
    const { state: after, events } = play(state, { type: 'headquarters', seat: 0 });
    expect(eventsOf(events, 'gangReadied')[0]).toMatchObject({ cost: 1, reason: 'headquarters' });
    expect(seatOf(after, 0).gang.every((m) => !m.engaged)).toBe(true);
    expect(seatOf(after, 0).cash).toBe(1);
    expectDecision(after, 'action', 0);
  });

  it('R-RES-2 Headquarters: not without $1', () => {
    const state = scenario({
      players: [
        {
          boss: 'B1',
          gang: [{ id: 'G08', engaged: true }],
          cash: 0,
          resources: [{ id: 'R03' }],
        },
        { boss: 'B2' },
      ],
    });
    // B1 available gives a free readying, but Headquarters needs $1.
    expect(movesOf(state)).toEqual(['done', 'ready:G08']);
  });
});

describe('R-RES-2: Counterfeit printer', () => {
  it('R-RES-2 Counterfeit printer: +$1 at the start of each of your own turns', () => {
    const state = scenario({
      players: [
        { boss: 'B1', cash: 0, resources: [{ id: 'R04' }] },
        { boss: 'B2', cash: 0 },
      ],
      activeSeat: 1,
      start: 'action',
    });
    const { state: after, events } = play(state, { type: 'pass', seat: 1 });
    expect(eventsOf(events, 'income').filter((e) => e.reason === 'counterfeitPrinter')).toEqual([
      { type: 'income', seat: 0, amount: 1, reason: 'counterfeitPrinter' },
    ]);
    expect(seatOf(after, 0).cash).toBe(1);
  });

  it('R-RES-2 Counterfeit printer: stops when the gang war begins, but still scores', () => {
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B1', cash: 0, resources: [{ id: 'R04' }] },
        { boss: 'B2', cash: 0 },
      ],
      activeSeat: 1,
      idleTurns: idleBeforeSafeguard(2),
      start: 'action',
    });
    const { state: after, events } = play(state, { type: 'pass', seat: 1 });
    // Chapter III starts with seat 0: no printer income any more.
    expect(after.chapter).toBe(3);
    expect(after.turn.seat).toBe(0);
    expect(eventsOf(events, 'income').filter((e) => e.reason === 'counterfeitPrinter')).toEqual([]);
    expect(nth(finalScores(after).scores, 0).resources).toBe(3);
  });

  it('R-RES-2 Counterfeit printer: not active by the gang war, it never activates', () => {
    // R04 needs M B×2: B2 (L B) + G21 (M B) in chapter III.
    const state = scenario({
      chapter: 3,
      players: [{ boss: 'B2', cash: 6, resources: [{ id: 'R04', active: false }] }, { boss: 'B1' }],
      recruitRow: ['G21'],
      start: 'action',
    });
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G21' });
    expect(nth(seatOf(after, 0).resources, 0).active).toBe(false);
  });

  it('R-RES-2 Counterfeit printer: activates normally before the gang war', () => {
    const state = scenario({
      chapter: 2,
      players: [{ boss: 'B2', cash: 6, resources: [{ id: 'R04', active: false }] }, { boss: 'B1' }],
      recruitRow: ['G21'],
      start: 'action',
    });
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G21' });
    expect(nth(seatOf(after, 0).resources, 0).active).toBe(true);
  });
});

describe('R-RES-2: Private jet', () => {
  // HII-15 (M S B), cooperative. Private jet belongs to `jetSeat`.
  const coop = (withOpponent: boolean, jetSeat: number) =>
    scenario({
      chapter: 2,
      players: [
        {
          boss: 'B3',
          gang: ['G08', ...(withOpponent ? [] : ['G15']), { id: 'G30', engaged: true }],
          resources: jetSeat === 0 ? [{ id: 'R05' }] : [],
        },
        { boss: 'B2', gang: ['G10'], resources: jetSeat === 1 ? [{ id: 'R05' }] : [] },
      ],
      heistRow: ['HII-15'],
      start: 'action',
    });
  const together = (jetSeat: number) =>
    play(
      coop(true, jetSeat),
      { type: 'heist', seat: 0, card: 'HII-15' },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'G08' },
      { type: 'activate', seat: 0, member: 'G10' },
    ).state;

  it('R-RES-2 Private jet: after initiating a heist that was cooperative in fact, ready one member', () => {
    const state = together(0);
    expectDecision(state, 'privateJet', 0);
    expect(movesOf(state)).toEqual(['done', 'ready:B3', 'ready:G08', 'ready:G30']);
    const { state: after } = play(state, { type: 'ready', seat: 0, member: 'G30' });
    expect(member(after, 0, 'G30').engaged).toBe(false);
    expect(after.turn.seat).toBe(1);
  });

  it("R-RES-2 Private jet: also after taking part in an opponent's cooperative heist", () => {
    const state = together(1);
    expectDecision(state, 'privateJet', 1);
    const { state: after } = play(state, { type: 'ready', seat: 1, member: 'G10' });
    expect(member(after, 1, 'G10').engaged).toBe(false);
  });

  it('R-RES-2 Private jet: nothing after a heist done alone', () => {
    const { state } = play(
      coop(false, 0),
      { type: 'heist', seat: 0, card: 'HII-15' },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'G08' },
      { type: 'activate', seat: 0, member: 'G15' },
    );
    expect(pendingDecision(state)).not.toMatchObject({ kind: 'privateJet' });
    expect(state.turn.seat).toBe(1);
  });
});

describe('R-RES-2: Media', () => {
  it('R-RES-2 Media: +1 IP per heist in the pile that gave IP', () => {
    // HI-02 and HI-04 gave IP; HI-01 did not.
    const state = scenario({
      players: [
        { boss: 'B1', pile: ['HI-01', 'HI-02', 'HI-04'], resources: [{ id: 'R06' }] },
        { boss: 'B2' },
      ],
    });
    expect(nth(finalScores(state).scores, 0).media).toBe(2);
  });

  it('R-RES-2 Media: at most +7', () => {
    const pile = ['HI-02', 'HI-04', 'HI-07', 'HI-09', 'HI-10', 'HI-12', 'HI-14', 'HI-17', 'HI-20'];
    const state = scenario({
      players: [{ boss: 'B1', pile, resources: [{ id: 'R06' }] }, { boss: 'B2' }],
    });
    expect(nth(finalScores(state).scores, 0).media).toBe(7);
  });

  it('R-RES-2 Media: nothing while inactive', () => {
    const state = scenario({
      players: [
        { boss: 'B1', pile: ['HI-02'], resources: [{ id: 'R06', active: false }] },
        { boss: 'B2' },
      ],
    });
    expect(nth(finalScores(state).scores, 0).media).toBe(0);
  });
});

describe('R-RES-2: High-tech equipment', () => {
  const withHighTech = (heist: string, gang: string[] = ['G29']) =>
    scenario({
      players: [{ boss: 'B3', gang, resources: [{ id: 'R07' }] }, { boss: 'B2' }],
      heistRow: [heist],
      start: 'action',
    });

  it('R-RES-2 High-tech equipment: remove one icon of a Hack attack before the first activation', () => {
    // HI-19 (hack attack, L H).
    const { state } = play(withHighTech('HI-19'), { type: 'heist', seat: 0, card: 'HI-19' });
    expectDecision(state, 'highTech', 0);
    expect(movesOf(state)).toEqual(['abandonHeist', 'done', 'removeIcon:H', 'removeIcon:L']);
    const { state: s } = play(state, { type: 'removeIcon', seat: 0, skill: 'H' });
    expect(pendingDecision(s)).toMatchObject({ kind: 'activate', remaining: ['L'] });
    const { state: after } = play(s, { type: 'activate', seat: 0, member: 'B3' });
    expect(seatOf(after, 0).pile).toEqual(['HI-19']);
    expect(member(after, 0, 'G29').engaged).toBe(false);
  });

  it('R-RES-2 High-tech equipment: works on Art theft too', () => {
    // HI-29 (art theft, L B): B3 has no Brawler, removing B makes it possible.
    const state = withHighTech('HI-29', []);
    expect(movesOf(state)).toContain('heist:HI-29');
    const { state: s } = play(state, { type: 'heist', seat: 0, card: 'HI-29' });
    expect(movesOf(s)).toEqual(['abandonHeist', 'removeIcon:B']);
  });

  it('R-RES-2 High-tech equipment: not for other heists, nor a one-icon requirement', () => {
    // HI-11 (jewelry, M H) and HI-20 (hack attack, H).
    for (const heist of ['HI-11', 'HI-20']) {
      const { state } = play(withHighTech(heist), { type: 'heist', seat: 0, card: heist });
      expectDecision(state, 'activate', 0);
    }
  });
});

describe('R-RES-2: Secret society', () => {
  it('R-RES-2 Secret society: at the end of your turn, make one of your Leaders available', () => {
    const state = scenario({
      players: [
        {
          boss: 'B4',
          gang: [
            { id: 'G09', engaged: true },
            { id: 'G08', engaged: true },
          ],
          cash: 0,
          resources: [{ id: 'R08' }],
        },
        { boss: 'B2' },
      ],
      start: 'action',
    });
    const { state: s } = play(state, { type: 'pass', seat: 0 });
    // Leaders only: G08 (S) is not offered.
    expect(movesOf(s)).toEqual(['done', 'ready:G09']);
    const { state: after } = play(s, { type: 'done', seat: 0 });
    expect(member(after, 0, 'G09').engaged).toBe(true);
  });
});

describe('R-RES-2: Bank', () => {
  it('R-RES-2 Bank: deposit or withdraw during your own turn, up to $10 on the card', () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 4, bank: 8, resources: [{ id: 'R09' }] }, { boss: 'B2' }],
      start: 'action',
    });
    const amounts = legalMoves(state)
      .flatMap((m) => (m.type === 'bank' ? [m.amount] : []))
      .sort((a, b) => a - b);
    expect(amounts).toEqual([-8, -7, -6, -5, -4, -3, -2, -1, 1, 2]);
    const { state: after } = play(state, { type: 'bank', seat: 0, amount: 2 });
    expect([seatOf(after, 0).cash, seatOf(after, 0).bank]).toEqual([2, 10]);
    expectDecision(after, 'action', 0);
    // Again after passing (the rows are empty: no discard follows) and before the turn ends,
    // then not during another player's turn.
    const passed = play(after, { type: 'pass', seat: 0 }).state;
    expectDecision(passed, 'bank', 0);
    const turnEnd = play(passed, { type: 'done', seat: 0 }).state;
    expectDecision(turnEnd, 'bank', 0);
    const withdrawn = play(turnEnd, { type: 'bank', seat: 0, amount: -3 }).state;
    expect([seatOf(withdrawn, 0).cash, seatOf(withdrawn, 0).bank]).toEqual([6, 7]);
    const ended = play(withdrawn, { type: 'done', seat: 0 }).state;
    expectDecision(ended, 'action', 1);
    expect(legalMoves(ended, 0)).toEqual([]);
  });

  it('R-RES-2 Bank: money on the card is safe from Theft', () => {
    // HII-20 (L M H): Theft 4.
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B3', gang: ['G29'], cash: 0 },
        { boss: 'B2', cash: 1, bank: 9, resources: [{ id: 'R09' }] },
      ],
      heistRow: ['HII-20'],
      start: 'action',
    });
    const { state: after } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-20' },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'G29' },
      { type: 'target', seat: 0, target: 1 },
    );
    expect([seatOf(after, 1).cash, seatOf(after, 1).bank]).toEqual([0, 9]);
    expect(seatOf(after, 0).cash).toBe(1);
  });
});

describe('R-RES-2: Biker gang', () => {
  const biker = (deck: string[], cash = 2) =>
    scenario({
      players: [
        { boss: 'B3', gang: ['G29'], cash, resources: [{ id: 'R10' }] },
        { boss: 'B2', cash: 0 },
      ],
      activeSeat: 1,
      heistRow: ['HI-01'],
      heistDeck: deck,
      start: 'action',
    });

  it('R-RES-2 Biker gang: look privately at the top heist at the start of your turn', () => {
    const { state, events } = play(
      biker(['HI-19']),
      { type: 'pass', seat: 1 },
      { type: 'done', seat: 1 },
    );
    expect(seatOf(state, 0).peek).toEqual({ heist: 'HI-19' });
    expect(visibleEvents(events, 0).some((e) => e.type === 'peeked')).toBe(true);
    expect(visibleEvents(events, 1).some((e) => e.type === 'peeked')).toBe(false);
    expect(seatOf(viewFor(state, 1), 0).peek).toEqual({});
    expect(seatOf(viewFor(state, 0), 0).peek).toEqual({ heist: 'HI-19' });
  });

  it('R-RES-2 Biker gang: perform that heist as the action for $1; nothing is refilled', () => {
    const { state } = play(
      biker(['HI-19', 'HI-20']),
      { type: 'pass', seat: 1 },
      { type: 'done', seat: 1 },
    );
    expect(movesOf(state)).toContain('heistFromDeck');
    const { state: after, events } = play(
      state,
      { type: 'heistFromDeck', seat: 0 },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'G29' },
    );
    expect(eventsOf(events, 'heistChosen')[0]).toMatchObject({
      card: 'HI-19',
      fromDeck: true,
      cost: 1,
    });
    // $2 − $1 + $4 (HI-19).
    expect(seatOf(after, 0).cash).toBe(5);
    expect(seatOf(after, 0).pile).toEqual(['HI-19']);
    expect(after.heistRow[0]).toBe('HI-01');
    expect(after.heistDeck[0]).toBe('HI-20');
    expect(eventsOf(events, 'rowRefilled')).toEqual([]);
  });

  it('R-RES-2 Biker gang: not without $1, nor for a heist the gang cannot complete', () => {
    const poor = play(
      biker(['HI-19'], 0),
      { type: 'pass', seat: 1 },
      { type: 'done', seat: 1 },
    ).state;
    expect(movesOf(poor)).not.toContain('heistFromDeck');
    const hard = play(biker(['HI-12']), { type: 'pass', seat: 1 }, { type: 'done', seat: 1 }).state;
    expect(movesOf(hard)).not.toContain('heistFromDeck');
  });

  it('R-RES-2 Biker gang: a snitch on top stays there', () => {
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B3', gang: ['G29'], cash: 2, resources: [{ id: 'R10' }] },
        { boss: 'B2', cash: 0 },
      ],
      activeSeat: 1,
      heistDeck: ['SII-1'],
      start: 'action',
    });
    const { state: s } = play(state, { type: 'pass', seat: 1 });
    expect(seatOf(s, 0).peek).toEqual({ heist: 'SII-1' });
    expect(movesOf(s)).not.toContain('heistFromDeck');
    expect(s.heistDeck[0]).toBe('SII-1');
  });
});

describe('R-RES-2: Hospital', () => {
  it('R-RES-2 Hospital: a member lost to Assassination goes to the hospital, with its learned skill', () => {
    // HIII-18 (S B×2): Assassination. Seat 1 loses G31 (M×2) to its hospital.
    const state = scenario({
      chapter: 3,
      players: [
        { boss: 'B2', gang: ['G10', 'G08'] },
        { boss: 'B1', gang: [{ id: 'G29', learned: 'H' }], resources: [{ id: 'R11' }] },
      ],
      heistRow: ['HIII-18'],
      start: 'action',
    });
    const { state: after, events } = play(
      state,
      { type: 'heist', seat: 0, card: 'HIII-18' },
      { type: 'activate', seat: 0, member: 'G10' },
      { type: 'activate', seat: 0, member: 'G08' },
      { type: 'target', seat: 0, target: 1 },
      { type: 'discardMember', seat: 1, member: 'G29' },
    );
    expect(eventsOf(events, 'memberDiscarded')[0]).toMatchObject({ toHospital: true });
    expect(seatOf(after, 1).hospital).toEqual([{ id: 'G29', engaged: false, learned: 'H' }]);
    expect(seatOf(after, 1).gang.map((m) => m.id)).toEqual(['B1']);
  });

  it('R-RES-2 Hospital: a member lost at the gang war goes to the hospital', () => {
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B3', gang: ['G30'] },
        { boss: 'B1', gang: ['G08'], resources: [{ id: 'R11' }] },
      ],
      idleTurns: idleBeforeSafeguard(2),
      start: 'action',
    });
    const { state: war } = play(state, { type: 'pass', seat: 0 });
    const { state: after } = play(war, { type: 'discardMember', seat: 0, member: 'G08' });
    expect(seatOf(after, 1).hospital.map((m) => m.id)).toEqual(['G08']);
  });

  it('R-RES-2 Hospital: a member lost to a snitch does not', () => {
    const { state } = refillWith({
      chapter: 2,
      players: [
        { boss: 'B5', gang: ['G19'] },
        { boss: 'B1', gang: ['G08'], cash: 0, resources: [{ id: 'R11' }] },
      ],
      heistDeck: ['SII-3', 'HII-01'],
    });
    const { state: after } = play(state, { type: 'discardMember', seat: 1, member: 'G08' });
    expect(seatOf(after, 1).hospital).toEqual([]);
    expect(after.removed).toContain('G08');
  });

  it('R-RES-2 Hospital: members in hospital are out of the gang (no IP, icons, size, Diversion)', () => {
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B2', gang: ['G31'] },
        { boss: 'B1', hospital: ['G30', 'G28'], resources: [{ id: 'R11' }] },
      ],
      heistRow: ['HII-11'],
      start: 'action',
    });
    const scores = nth(finalScores(state).scores, 1);
    expect([scores.members, scores.gangSize]).toEqual([0, 1]);
    // HII-11 (M×2 B): Diversion 2 can engage only the Boss B1.
    const { state: s } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-11' },
      { type: 'activate', seat: 0, member: 'G31' },
      { type: 'activate', seat: 0, member: 'B2' },
    );
    expect(movesOf(s)).toEqual(['done', 'engage:B1']);
  });

  it('R-RES-2 Hospital: members come back when passing, available; that is growth', () => {
    const state = scenario({
      players: [
        {
          boss: 'B1',
          gang: ['G15', 'G22'],
          hospital: [{ id: 'G08', engaged: true }, 'G29'],
          resources: [{ id: 'R11' }],
        },
        { boss: 'B2' },
      ],
      start: 'action',
    });
    const { state: s, events } = play(
      state,
      { type: 'pass', seat: 0 },
      { type: 'returnFromHospital', seat: 0, member: 'G08' },
    );
    expect(eventsOf(events, 'chapterEnding')).toHaveLength(1);
    expect(member(s, 0, 'G08').engaged).toBe(false);
    expectDecision(s, 'hospitalReturn', 0);
  });
});

describe('R-RES-2: Informant network', () => {
  const network = (options: Record<string, unknown> = {}, cash = 3) =>
    play(
      scenario({
        options,
        players: [
          { boss: 'B2', cash, resources: [{ id: 'R12' }] },
          { boss: 'B1', cash: 0 },
        ],
        activeSeat: 1,
        recruitRow: ['G01'],
        gangsterDeck: ['G09', 'G10'],
        start: 'action',
      }),
      { type: 'pass', seat: 1 },
      { type: 'done', seat: 1 },
    ).state;

  it('R-RES-2 Informant network: look privately at the top gangster; recruit it, $1 off for the family; nothing refilled', () => {
    const state = network();
    expect(seatOf(state, 0).peek).toEqual({ gangster: 'G09' });
    expect(seatOf(viewFor(state, 1), 0).peek).toEqual({});
    // G09 is Cartel like B2: $3 − $1.
    const { state: after, events } = play(state, { type: 'recruitFromDeck', seat: 0 });
    expect(eventsOf(events, 'recruited')[0]).toMatchObject({
      card: 'G09',
      cost: 2,
      fromDeck: true,
    });
    expect(seatOf(after, 0).cash).toBe(1);
    expect(after.recruitRow[0]).toBe('G01');
    expect(after.gangsterDeck[0]).toBe('G10');
  });

  it('R-RES-2 Informant network: the discount does not add to the Families discount', () => {
    const state = network({ families: true }, 2);
    const { state: after } = play(state, { type: 'recruitFromDeck', seat: 0 });
    expect(seatOf(after, 0).cash).toBe(0);
  });

  it('R-RES-2 Informant network: not offered when the price cannot be paid', () => {
    expect(movesOf(network({}, 1))).not.toContain('recruitFromDeck');
  });
});
