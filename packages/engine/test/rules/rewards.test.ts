/** Section 12 of docs/rules.md (R-REW): each kind of reward. */
import { describe, expect, it } from 'vitest';
import { pendingDecision } from '../../src/index.ts';
import {
  customCards,
  eventsOf,
  expectDecision,
  idleBeforeSafeguard,
  member,
  movesOf,
  play,
  scenario,
  scenarioWith,
  seatOf,
} from '../helpers.ts';

describe('R-REW-1: Income', () => {
  it('R-REW-1: Income N gains $N', () => {
    // HI-27 (B): $2.
    const state = scenario({
      players: [{ boss: 'B2', cash: 1 }, { boss: 'B1' }],
      heistRow: ['HI-27'],
      start: 'action',
    });
    const { state: after } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-27' },
      { type: 'activate', seat: 0, member: 'B2' },
    );
    expect(seatOf(after, 0).cash).toBe(3);
  });
});

describe('R-REW-2: Influence', () => {
  it('R-REW-2: Influence N gains N IP, in the order printed', () => {
    // HI-20 (H): $1, 1 IP.
    const state = scenario({
      players: [{ boss: 'B4', cash: 0 }, { boss: 'B1' }],
      heistRow: ['HI-20'],
      start: 'action',
    });
    const { state: after, events } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-20' },
      { type: 'activate', seat: 0, member: 'B4' },
    );
    expect(seatOf(after, 0).heistIp).toBe(1);
    const kinds = events.map((e) => e.type);
    expect(kinds.indexOf('income')).toBeLessThan(kinds.indexOf('influence'));
  });
});

describe('R-REW-3: Recruit', () => {
  // HI-08 (B H): $3, Recruit.
  const recruiting = (cash: number) =>
    play(
      scenario({
        players: [{ boss: 'B2', gang: ['G29'], cash }, { boss: 'B1' }],
        heistRow: ['HI-08'],
        recruitRow: ['G07', 'G08'],
        gangsterDeck: ['G15'],
        start: 'action',
      }),
      { type: 'heist', seat: 0, card: 'HI-08' },
      { type: 'activate', seat: 0, member: 'B2' },
      { type: 'activate', seat: 0, member: 'G29' },
    ).state;

  it('R-REW-3: recruit at once from the row, paying the cost (the income just won included)', () => {
    const state = recruiting(0);
    expectDecision(state, 'recruitReward', 0);
    // $3 won: G08 ($2) is affordable, G07 ($8) is not.
    expect(movesOf(state)).toEqual(['done', 'recruit:G08']);
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G08' });
    expect(seatOf(after, 0).cash).toBe(1);
    expect(member(after, 0, 'G08').engaged).toBe(false);
    expect(after.recruitRow[1]).toBe('G15');
  });

  it('R-REW-3: the reward may be declined', () => {
    const { state } = play(recruiting(0), { type: 'done', seat: 0 });
    expect(seatOf(state, 0).gang).toHaveLength(2);
    expect(seatOf(state, 0).cash).toBe(3);
  });
});

describe('R-REW-4: Training', () => {
  it('R-REW-4: one of your own members that took part, the Boss included, learns the skill', () => {
    // HI-28 (S H): $2, Training M. B1 (S) and G29 (H) took part; G15 did not.
    const state = scenario({
      players: [{ boss: 'B1', gang: ['G29', 'G15'] }, { boss: 'B2' }],
      heistRow: ['HI-28'],
      start: 'action',
    });
    const { state: s } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-28' },
      { type: 'activate', seat: 0, member: 'B1' },
      { type: 'activate', seat: 0, member: 'G29' },
    );
    expect(pendingDecision(s)).toEqual({ kind: 'training', seat: 0, skill: 'M' });
    expect(movesOf(s)).toEqual(['done', 'train:B1', 'train:G29']);
    const { state: after } = play(s, { type: 'train', seat: 0, member: 'B1' });
    expect(member(after, 0, 'B1').learned).toBe('M');
  });

  it('R-REW-4: a member learns at most one skill', () => {
    const state = scenario({
      players: [{ boss: 'B1', gang: [{ id: 'G29', learned: 'I' }] }, { boss: 'B2' }],
      heistRow: ['HI-28'],
      start: 'action',
    });
    const { state: s } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-28' },
      { type: 'activate', seat: 0, member: 'B1' },
      { type: 'activate', seat: 0, member: 'G29' },
    );
    expect(movesOf(s)).toEqual(['done', 'train:B1']);
  });

  it('R-REW-4: never a second Leader', () => {
    // HI-15 (M): Training L. G20 (L M) is a Leader already; G30 (M) may learn it.
    for (const [gangster, expected] of [
      ['G20', []],
      ['G30', ['done', 'train:G30']],
    ] as const) {
      const state = scenario({
        players: [{ boss: 'B1', gang: [gangster] }, { boss: 'B2' }],
        heistRow: ['HI-15'],
        start: 'action',
      });
      const { state: s } = play(
        state,
        { type: 'heist', seat: 0, card: 'HI-15' },
        { type: 'activate', seat: 0, member: gangster },
      );
      if (expected.length === 0) expect(s.turn.seat).toBe(1);
      else expect(movesOf(s)).toEqual(expected);
    }
  });

  it('R-REW-4: repeating an icon the member already has is allowed', () => {
    // HII-13 (M×2 S): $2, Training B. G21 (M B) learns a second B.
    const state = scenario({
      chapter: 2,
      players: [{ boss: 'B1', gang: ['G21', 'G30'] }, { boss: 'B2' }],
      heistRow: ['HII-13'],
      start: 'action',
    });
    const { state: after } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-13' },
      { type: 'activate', seat: 0, member: 'G21' },
      { type: 'activate', seat: 0, member: 'G30' },
      { type: 'activate', seat: 0, member: 'B1' },
      { type: 'train', seat: 0, member: 'G21' },
    );
    expect(member(after, 0, 'G21').learned).toBe('B');
  });

  it("R-REW-4: opponents' members that took part cannot be trained", () => {
    // A custom cooperative HII-05 (L M H) whose reward A is Training S.
    const set = customCards((s) => {
      s.heists.find((h) => h.id === 'HII-05')!.rewardA = [{ kind: 'training', skill: 'S' }];
    });
    const state = scenarioWith(set, {
      chapter: 2,
      players: [{ boss: 'B3' }, { boss: 'B2', gang: ['G29'] }],
      heistRow: ['HII-05'],
      start: 'action',
    });
    const { state: s } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-05' },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'G29' },
    );
    expect(movesOf(s)).toEqual(['done', 'train:B3']);
  });

  it('R-REW-4: a learned skill is lost with its member', () => {
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B3', gang: ['G30'] },
        { boss: 'B1', gang: [{ id: 'G08', learned: 'H', tucked: 'HI-28' }] },
      ],
      idleTurns: idleBeforeSafeguard(2),
      start: 'action',
    });
    // Gang war: seat 0 (2 M) against 0: seat 0 picks G08 of seat 1.
    const { state: war } = play(state, { type: 'pass', seat: 0 });
    const { state: after } = play(war, { type: 'discardMember', seat: 0, member: 'G08' });
    expect(after.removed).toContain('G08');
    expect(seatOf(after, 1).gang.some((m) => m.learned)).toBe(false);
    // The Training heist kept under it leaves with it (R-HEIST-8).
    expect(after.removed).toContain('HI-28');
  });
});

describe('R-REW-5: Play again', () => {
  // HII-23 (L S×2): $2, Play again. HII-14 (L×2 M I): $3, Play again.
  const playAgain = () =>
    scenario({
      chapter: 2,
      players: [{ boss: 'B1', gang: ['G18', 'G09', 'G26'] }, { boss: 'B2' }],
      heistRow: ['HII-23', 'HII-14'],
      start: 'action',
    });

  it('R-REW-5: after this turn, take another whole turn', () => {
    const { state, events } = play(
      playAgain(),
      { type: 'heist', seat: 0, card: 'HII-23' },
      { type: 'activate', seat: 0, member: 'B1' },
      { type: 'activate', seat: 0, member: 'G18' },
    );
    expect(eventsOf(events, 'playAgainWon')).toHaveLength(1);
    expect(eventsOf(events, 'turnStarted').at(-1)).toMatchObject({ seat: 0, extra: true });
    expect(state.turn).toMatchObject({ seat: 0, extra: true });
  });

  it('R-REW-5: a turn gained this way cannot grant another', () => {
    const { state: extra } = play(
      playAgain(),
      { type: 'heist', seat: 0, card: 'HII-23' },
      { type: 'activate', seat: 0, member: 'B1' },
      { type: 'activate', seat: 0, member: 'G18' },
    );
    // The extra turn: B1 and G18 are engaged. HII-14 (L×2 M I) needs B1 back (G09's free
    // readying), then B1 and G09 give the Leaders and G26 (M I) the rest.
    const { state: after, events } = play(
      extra,
      { type: 'ready', seat: 0, member: 'B1' },
      { type: 'done', seat: 0 },
      { type: 'heist', seat: 0, card: 'HII-14' },
      { type: 'activate', seat: 0, member: 'B1' },
      { type: 'activate', seat: 0, member: 'G09' },
      { type: 'activate', seat: 0, member: 'G26' },
    );
    expect(eventsOf(events, 'playAgainWon')).toEqual([]);
    expect(after.turn).toMatchObject({ seat: 1, extra: false });
  });
});

describe('R-REW-6: Theft', () => {
  // HII-20 (L M H): Theft 4. Three players: the thief chooses.
  const theft = () =>
    play(
      scenario({
        chapter: 2,
        players: [
          { boss: 'B3', gang: ['G29'], cash: 0 },
          { boss: 'B1', cash: 10 },
          { boss: 'B2', cash: 3 },
        ],
        heistRow: ['HII-20'],
        start: 'action',
      }),
      { type: 'heist', seat: 0, card: 'HII-20' },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'G29' },
    ).state;

  it('R-REW-6: take $N from one opponent of your choice', () => {
    const state = theft();
    expect(pendingDecision(state)).toEqual({ kind: 'theft', seat: 0, amount: 4 });
    expect(movesOf(state)).toEqual(['target:1', 'target:2']);
    const { state: after } = play(state, { type: 'target', seat: 0, target: 1 });
    expect(after.players.map((p) => p.cash)).toEqual([4, 6, 3]);
  });

  it('R-REW-6: or all their cash if they have less', () => {
    const { state: after, events } = play(theft(), { type: 'target', seat: 0, target: 2 });
    expect(eventsOf(events, 'theft')[0]).toMatchObject({ target: 2, amount: 3 });
    expect(after.players.map((p) => p.cash)).toEqual([3, 10, 0]);
  });
});

describe('R-REW-7: Assassination', () => {
  // HIII-18 (S B×2): Assassination.
  const assassination = (victim: (string | { id: string; learned: 'H' })[]) =>
    play(
      scenario({
        chapter: 3,
        players: [
          { boss: 'B2', gang: ['G10', 'G08'] },
          { boss: 'B1', gang: victim },
          { boss: 'B3' },
        ],
        heistRow: ['HIII-18'],
        start: 'action',
      }),
      { type: 'heist', seat: 0, card: 'HIII-18' },
      { type: 'activate', seat: 0, member: 'G10' },
      { type: 'activate', seat: 0, member: 'G08' },
    ).state;

  it('R-REW-7: choose an opponent; they discard a member with exactly two icons, of their choice', () => {
    // G01 (M S) and G31 (M×2) have two icons; G22 (I) one, G06 (L M H) three.
    const state = assassination(['G01', 'G31', 'G22', 'G06']);
    expectDecision(state, 'assassination', 0);
    expect(movesOf(state)).toEqual(['target:1', 'target:2']);
    const { state: s } = play(state, { type: 'target', seat: 0, target: 1 });
    expectDecision(s, 'assassinationDiscard', 1);
    expect(movesOf(s)).toEqual(['discardMember:G01', 'discardMember:G31']);
    const { state: after } = play(s, { type: 'discardMember', seat: 1, member: 'G31' });
    expect(seatOf(after, 1).gang.map((m) => m.id)).toEqual(['B1', 'G01', 'G22', 'G06']);
  });

  it('R-REW-7: learned icons count', () => {
    // G22 (I) with a learned H has two icons.
    const state = assassination([{ id: 'G22', learned: 'H' }, 'G06']);
    const { state: s } = play(state, { type: 'target', seat: 0, target: 1 });
    expect(movesOf(s)).toEqual(['discardMember:G22']);
  });

  it('R-REW-7: nothing happens if they have none; never the Boss (B1 shows two icons)', () => {
    const state = assassination(['G22', 'G06']);
    const { state: after, events } = play(state, { type: 'target', seat: 0, target: 1 });
    expect(eventsOf(events, 'memberDiscarded')).toEqual([]);
    expect(seatOf(after, 1).gang).toHaveLength(3);
    expect(after.turn.seat).toBe(1);
  });
});

describe('R-REW-8: Mobilization', () => {
  // HIII-02 (M I S×2): 3 IP, Mobilization.
  const mobilization = () =>
    play(
      scenario({
        chapter: 3,
        players: [
          { boss: 'B1', gang: ['G18', 'G26', { id: 'G15', engaged: true }] },
          { boss: 'B2' },
        ],
        heistRow: ['HIII-02'],
        start: 'action',
      }),
      { type: 'heist', seat: 0, card: 'HIII-02' },
      { type: 'activate', seat: 0, member: 'G26' },
      { type: 'activate', seat: 0, member: 'G18' },
    ).state;

  it('R-REW-8: you may make your whole gang available', () => {
    const state = mobilization();
    expectDecision(state, 'mobilizationReward', 0);
    expect(movesOf(state)).toEqual(['done', 'mobilizeGang']);
    const { state: after } = play(state, { type: 'mobilizeGang', seat: 0 });
    expect(seatOf(after, 0).gang.every((m) => !m.engaged)).toBe(true);
  });

  it('R-REW-8: or decline it', () => {
    const { state: after } = play(mobilization(), { type: 'done', seat: 0 });
    expect(member(after, 0, 'G15').engaged).toBe(true);
    expect(member(after, 0, 'G26').engaged).toBe(true);
  });
});

describe('R-REW-9: Diversion', () => {
  // HII-33 (L M B H): 2 IP, Diversion 3.
  const diversion = () =>
    play(
      scenario({
        chapter: 2,
        players: [
          { boss: 'B3', gang: ['G24'] },
          { boss: 'B1', gang: ['G08', { id: 'G15', engaged: true }] },
          { boss: 'B2', gang: ['G22'] },
        ],
        heistRow: ['HII-33'],
        start: 'action',
      }),
      { type: 'heist', seat: 0, card: 'HII-33' },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'G24' },
    ).state;

  it("R-REW-9: engage up to N of the opponents' available members, over several opponents", () => {
    const state = diversion();
    expect(pendingDecision(state)).toEqual({ kind: 'diversion', seat: 0, left: 3 });
    expect(movesOf(state)).toEqual(['done', 'engage:B1', 'engage:B2', 'engage:G08', 'engage:G22']);
    const { state: after, events } = play(
      state,
      { type: 'engage', seat: 0, member: 'G08' },
      { type: 'engage', seat: 0, member: 'G22' },
      { type: 'engage', seat: 0, member: 'B2' },
    );
    expect(eventsOf(events, 'diverted').map((e) => [e.member, e.owner])).toEqual([
      ['G08', 1],
      ['G22', 2],
      ['B2', 2],
    ]);
    expect(member(after, 1, 'G08').engaged).toBe(true);
    expect(member(after, 1, 'B1').engaged).toBe(false);
    expect(after.turn.seat).toBe(1);
  });

  it('R-REW-9: fewer than N is allowed', () => {
    const { state: after } = play(
      diversion(),
      { type: 'engage', seat: 0, member: 'B1' },
      { type: 'done', seat: 0 },
    );
    expect(member(after, 1, 'B1').engaged).toBe(true);
    expect(member(after, 2, 'B2').engaged).toBe(false);
  });
});
