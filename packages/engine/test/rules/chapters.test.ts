/**
 * Section 9 of docs/rules.md (R-CHAP): thresholds, the end of a chapter, opportunity income, the
 * gang war (with the 2-player rule), laying out the next chapter, and who plays next.
 */
import { describe, expect, it } from 'vitest';
import { CLASSIC_CARDS, cardsOf, type GameState, pendingDecision } from '../../src/index.ts';
import {
  customCards,
  eventsOf,
  expectDecision,
  idleBeforeSafeguard,
  movesOf,
  nth,
  play,
  scenario,
  scenarioWith,
  seatOf,
} from '../helpers.ts';

const cards = cardsOf(CLASSIC_CARDS);

/** A scenario whose next idle turn (a pass by the active seat) ends the chapter. */
function endingChapter(input: Parameters<typeof scenario>[0]): GameState {
  return scenario({
    ...input,
    idleTurns: idleBeforeSafeguard(input.players.length),
    start: 'action',
  });
}

describe('R-CHAP-1: thresholds', () => {
  it('R-CHAP-1: chapter I ends when a gang grows to 4, the Boss included', () => {
    const state = scenario({
      players: [{ boss: 'B1', gang: ['G08', 'G15'], cash: 5 }, { boss: 'B2' }],
      recruitRow: ['G01'],
      start: 'action',
    });
    const { state: after, events } = play(state, { type: 'recruit', seat: 0, card: 'G01' });
    expect(eventsOf(events, 'chapterEnding')).toEqual([
      { type: 'chapterEnding', chapter: 1, seat: 0, reason: 'gangSize' },
    ]);
    expect(after.chapter).toBe(2);
  });

  it('R-CHAP-1: a gang of 3 does not end chapter I', () => {
    const state = scenario({
      players: [{ boss: 'B1', gang: ['G08'], cash: 5 }, { boss: 'B2' }],
      recruitRow: ['G01'],
      start: 'action',
    });
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G01' });
    expect(after.chapter).toBe(1);
  });

  it('R-CHAP-1: chapter II ends at 7', () => {
    const six = ['G08', 'G15', 'G22', 'G29', 'G30'];
    const state = scenario({
      chapter: 2,
      players: [{ boss: 'B1', gang: six, cash: 5 }, { boss: 'B2' }],
      recruitRow: ['G01'],
      start: 'action',
    });
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G01' });
    expect(after.chapter).toBe(3);
  });

  it('R-CHAP-1: chapter III (and the game) ends at 9', () => {
    const eight = ['G08', 'G15', 'G22', 'G29', 'G30', 'G09', 'G10'];
    const state = scenario({
      chapter: 3,
      players: [{ boss: 'B1', gang: eight, cash: 5 }, { boss: 'B2' }],
      recruitRow: ['G01'],
      start: 'action',
    });
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G01' });
    expect(pendingDecision(after)).toEqual({ kind: 'gameOver' });
    expect(after.result?.reason).toBe('gangSize');
  });

  it('R-CHAP-1: a Recruit reward is growth', () => {
    // HI-08 (B H): $3, Recruit, with a gang of 3.
    const state = scenario({
      players: [{ boss: 'B2', gang: ['G29', 'G08'], cash: 0 }, { boss: 'B1' }],
      heistRow: ['HI-08'],
      recruitRow: ['G15'],
      start: 'action',
    });
    const { events } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-08' },
      { type: 'activate', seat: 0, member: 'B2' },
      { type: 'activate', seat: 0, member: 'G29' },
      { type: 'recruit', seat: 0, card: 'G15' },
    );
    expect(eventsOf(events, 'chapterEnding')).toHaveLength(1);
  });

  it('R-CHAP-1: a gang that starts a chapter above its threshold ends it at its next growth', () => {
    const eight = ['G08', 'G15', 'G22', 'G29', 'G30', 'G09', 'G10'];
    const state = scenario({
      chapter: 2,
      players: [{ boss: 'B1', gang: eight, cash: 5 }, { boss: 'B2' }],
      recruitRow: ['G01'],
      start: 'action',
    });
    // Passing is no growth: the chapter goes on.
    const passed = play(state, { type: 'pass', seat: 0 }, { type: 'done', seat: 0 }).state;
    expect(passed.chapter).toBe(2);
    const back = play(passed, { type: 'pass', seat: 1 }, { type: 'done', seat: 1 }).state;
    const { events } = play(back, { type: 'recruit', seat: 0, card: 'G01' });
    expect(eventsOf(events, 'chapterEnding')).toHaveLength(1);
  });
});

describe('R-CHAP-2: the action that crossed the threshold finishes', () => {
  it('R-CHAP-2: every reward is paid, end-of-turn effects apply, no heist slot is refilled, the recruit row is', () => {
    // HI-07 (I H): $2, 1 IP, Recruit. Seat 0 (gang of 3) recruits G08: size 4.
    const state = scenario({
      players: [
        {
          boss: 'B4',
          gang: ['G22', { id: 'G09', engaged: true }],
          cash: 2,
          resources: [{ id: 'R08' }],
        },
        { boss: 'B2' },
      ],
      heistRow: ['HI-07'],
      heistDeck: ['HI-01'],
      recruitRow: ['G08'],
      gangsterDeck: ['G15'],
      start: 'action',
    });
    const { state: s, events } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-07' },
      { type: 'activate', seat: 0, member: 'G22' },
      { type: 'activate', seat: 0, member: 'B4' },
      { type: 'recruit', seat: 0, card: 'G08' },
    );
    expect(s.chapterEndPending).toBe(true);
    expect(seatOf(s, 0).heistIp).toBe(1);
    expect(seatOf(s, 0).pile).toEqual(['HI-07']);
    expect(s.recruitRow[0]).toBe('G15');
    expect(eventsOf(events, 'rowRefilled').filter((e) => e.row === 'heist')).toEqual([]);
    // Secret society still acts before the chapter ends.
    expectDecision(s, 'secretSociety', 0);
    const { state: after } = play(s, { type: 'ready', seat: 0, member: 'G09' });
    expect(after.chapter).toBe(2);
  });

  it('R-CHAP-2: reward B is paid too before the chapter ends', () => {
    // A custom cooperative heist whose reward A is Recruit: the initiator grows to 4.
    const set = customCards((s) => {
      const heist = s.heists.find((h) => h.id === 'HII-03')!;
      heist.rewardA = [{ kind: 'recruit' }];
    });
    const state = scenarioWith(set, {
      chapter: 2,
      players: [
        { boss: 'B3', gang: ['G08', 'G15', 'G16', 'G17', 'G18'], cash: 5 },
        { boss: 'B5', gang: ['G01'], cash: 0 },
      ],
      heistRow: ['HII-03'],
      recruitRow: ['G02'],
      start: 'action',
    });
    // L M from B3; I from B5 (seat 1); S from G08.
    const { state: after, events } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-03' },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'B5' },
      { type: 'activate', seat: 0, member: 'G08' },
      { type: 'recruit', seat: 0, card: 'G02' },
    );
    const incomes = eventsOf(events, 'income').map((e) => [e.seat, e.amount]);
    expect(incomes).toEqual([
      [0, 3],
      [1, 3],
    ]);
    // The chapter ended after both were paid: the gang war follows.
    const kinds = events.map((e) => e.type);
    expect(kinds.lastIndexOf('income')).toBeLessThan(kinds.indexOf('gangWar'));
    expect(after.chapterEndPending).toBe(true);
  });

  it('R-CHAP-2: a pending Play again turn is lost', () => {
    // A custom HII-14 (L×2 M I) paying Recruit then Play again; the recruit reaches 7.
    const set = customCards((s) => {
      const heist = s.heists.find((h) => h.id === 'HII-14')!;
      heist.rewardA = [{ kind: 'recruit' }, { kind: 'playAgain' }];
    });
    const state = scenarioWith(set, {
      chapter: 2,
      players: [{ boss: 'B3', gang: ['G09', 'G22', 'G15', 'G29', 'G30'], cash: 5 }, { boss: 'B2' }],
      heistRow: ['HII-14'],
      recruitRow: ['G08'],
      start: 'action',
    });
    const { state: after, events } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-14' },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'G09' },
      { type: 'activate', seat: 0, member: 'G22' },
      { type: 'recruit', seat: 0, card: 'G08' },
    );
    expect(eventsOf(events, 'playAgainWon')).toHaveLength(1);
    expect(after.chapter).toBe(3);
    expect(after.turn).toMatchObject({ seat: 1, extra: false });
  });

  it("R-CHAP-2: the active player ends the chapter even if another player's reward caused it", () => {
    // A custom cooperative heist whose reward B is Recruit: seat 1 grows to 7 in seat 0's turn.
    const set = customCards((s) => {
      const heist = s.heists.find((h) => h.id === 'HII-03')!;
      heist.rewardB = [{ kind: 'recruit' }];
    });
    const state = scenarioWith(set, {
      chapter: 2,
      players: [
        { boss: 'B3', gang: ['G08', 'G31'], cash: 0 },
        { boss: 'B5', gang: ['G15', 'G17', 'G18', 'G19', 'G22'], cash: 5 },
        { boss: 'B1', cash: 0 },
      ],
      heistRow: ['HII-03'],
      recruitRow: ['G02'],
      start: 'action',
    });
    const { state: war, events } = play(
      state,
      { type: 'heist', seat: 0, card: 'HII-03' },
      { type: 'activate', seat: 0, member: 'B3' },
      { type: 'activate', seat: 0, member: 'B5' },
      { type: 'activate', seat: 0, member: 'G08' },
      { type: 'recruit', seat: 1, card: 'G02' },
    );
    expect(eventsOf(events, 'chapterEnding')[0]).toMatchObject({ chapter: 2, seat: 0 });
    // Seat 0 has the most Mercenaries (3): seat 1 discards (seat 2 has only its Boss).
    const { state: after, events: next } = play(war, {
      type: 'discardMember',
      seat: 1,
      member: 'G02',
    });
    // R-CHAP-7: the next chapter starts with the player after seat 0.
    expect(eventsOf(next, 'chapterStarted')[0]).toMatchObject({ chapter: 3, firstPlayer: 1 });
    expect(after.turn.seat).toBe(1);
  });
});

describe('R-CHAP-3: opportunity income', () => {
  it('R-CHAP-3: 8, 6 and 5 icons give $0, $2 and $3', () => {
    // Seat 0: B1 (L S) + G07 (M×2 B) + G08 (S) = 6 icons, recruits G10 (B×2): 8 icons, size 4.
    // Seat 1: B2 (L B) + G13 (M×2 I) + G15 (B) = 6. Seat 2: B3 (L M) + G14 (L M S) = 5.
    const state = scenario({
      players: [
        { boss: 'B1', gang: ['G07', 'G08'], cash: 4 },
        { boss: 'B2', gang: ['G13', 'G15'], cash: 0 },
        { boss: 'B3', gang: ['G14'], cash: 0 },
      ],
      recruitRow: ['G10'],
      start: 'action',
    });
    const { state: after, events } = play(state, { type: 'recruit', seat: 0, card: 'G10' });
    expect(eventsOf(events, 'opportunityIncome').map((e) => [e.seat, e.icons, e.amount])).toEqual([
      [0, 8, 0],
      [1, 6, 2],
      [2, 5, 3],
    ]);
    expect(after.players.map((p) => p.cash)).toEqual([0, 2, 3]);
  });

  it('R-CHAP-3: learned icons count', () => {
    const state = endingChapter({
      players: [
        { boss: 'B1', gang: [{ id: 'G08', learned: 'M' }], cash: 0 },
        { boss: 'B2', gang: ['G15'], cash: 0 },
      ],
    });
    const { events } = play(state, { type: 'pass', seat: 0 });
    expect(eventsOf(events, 'opportunityIncome').map((e) => [e.icons, e.amount])).toEqual([
      [4, 0],
      [3, 1],
    ]);
  });
});

describe('R-CHAP-4: the gang war', () => {
  it('R-CHAP-4: one player alone with the most Mercenaries: every other discards one of their choice', () => {
    // Mercenaries: seat 0: 1 (B3); seat 1: 3 (G31 M×2, G30); seat 2: 0.
    const state = endingChapter({
      chapter: 2,
      players: [
        { boss: 'B3', gang: ['G08'] },
        { boss: 'B1', gang: ['G31', 'G30'] },
        { boss: 'B2', gang: ['G15', 'G22'] },
      ],
    });
    const { state: s, events } = play(state, { type: 'pass', seat: 0 });
    expect(nth(eventsOf(events, 'gangWar'), 0)).toEqual({
      type: 'gangWar',
      mercenaries: [1, 3, 0],
      losers: [0, 2],
    });
    // Seat order from the active player (seat 0): seat 0, then seat 2.
    expectDecision(s, 'gangWarDiscard', 0);
    expect(movesOf(s)).toEqual(['discardMember:G08']);
    const { state: s2 } = play(s, { type: 'discardMember', seat: 0, member: 'G08' });
    expect(pendingDecision(s2)).toEqual({ kind: 'gangWarDiscard', seat: 2, victim: 2 });
    expect(movesOf(s2)).toEqual(['discardMember:G15', 'discardMember:G22']);
    const { state: after, events: ev } = play(s2, {
      type: 'discardMember',
      seat: 2,
      member: 'G22',
    });
    expect(eventsOf(ev, 'memberDiscarded')[0]).toMatchObject({
      seat: 2,
      member: 'G22',
      reason: 'gangWar',
    });
    expect(seatOf(after, 1).gang).toHaveLength(3);
    expect(after.removed).toContain('G22');
    expect(after.chapter).toBe(3);
  });

  it('R-CHAP-4: several tie for the most: every player discards one', () => {
    const state = endingChapter({
      chapter: 2,
      activeSeat: 1,
      players: [
        { boss: 'B3', gang: ['G08'] },
        { boss: 'B1', gang: ['G30', 'G15'] },
        { boss: 'B2', gang: ['G22'] },
      ],
    });
    const { state: s, events } = play(state, { type: 'pass', seat: 1 });
    expect(nth(eventsOf(events, 'gangWar'), 0).losers.sort()).toEqual([0, 1, 2]);
    // From the active player: 1, 2, 0.
    expectDecision(s, 'gangWarDiscard', 1);
    const s2 = play(s, { type: 'discardMember', seat: 1, member: 'G15' }).state;
    expectDecision(s2, 'gangWarDiscard', 2);
    const s3 = play(s2, { type: 'discardMember', seat: 2, member: 'G22' }).state;
    expectDecision(s3, 'gangWarDiscard', 0);
  });
});

describe('R-CHAP-5: the gang war with 2 players', () => {
  const war = (seat0: string[], seat1: string[]) =>
    play(
      endingChapter({
        chapter: 2,
        players: [
          { boss: 'B1', gang: seat0 },
          { boss: 'B2', gang: seat1 },
        ],
      }),
      { type: 'pass', seat: 0 },
    );

  it('R-CHAP-5: a tie: both discard one member of their choice', () => {
    const { state, events } = war(['G30', 'G08'], ['G25', 'G15']);
    expect(eventsOf(events, 'gangWar')[0]).toMatchObject({ mercenaries: [1, 1], losers: [0, 1] });
    expect(pendingDecision(state)).toEqual({ kind: 'gangWarDiscard', seat: 0, victim: 0 });
    const { state: s2 } = play(state, { type: 'discardMember', seat: 0, member: 'G08' });
    expect(pendingDecision(s2)).toEqual({ kind: 'gangWarDiscard', seat: 1, victim: 1 });
  });

  it("R-CHAP-5: 4 against 2: the winner picks which of the loser's members goes", () => {
    // Seat 0: G31 (M×2) + G13 (M×2 I) = 4; seat 1: G30 (M) + G25 (M H) = 2.
    const { state, events } = war(['G31', 'G13'], ['G30', 'G25']);
    expect(eventsOf(events, 'gangWar')[0]).toMatchObject({ mercenaries: [4, 2], losers: [1] });
    expect(pendingDecision(state)).toEqual({ kind: 'gangWarDiscard', seat: 0, victim: 1 });
    // Never the Boss.
    expect(movesOf(state)).toEqual(['discardMember:G25', 'discardMember:G30']);
    const { state: after } = play(state, { type: 'discardMember', seat: 0, member: 'G30' });
    expect(seatOf(after, 1).gang.map((m) => m.id)).toEqual(['B2', 'G25']);
    expect(seatOf(after, 0).gang).toHaveLength(3);
  });

  it('R-CHAP-5: 3 against 2: the loser picks', () => {
    // Seat 0: G31 (M×2) + G30 (M) = 3; seat 1: G25 (M H) + G16 (M H) = 2.
    const { state, events } = war(['G31', 'G30'], ['G25', 'G16']);
    expect(eventsOf(events, 'gangWar')[0]).toMatchObject({ mercenaries: [3, 2], losers: [1] });
    expect(pendingDecision(state)).toEqual({ kind: 'gangWarDiscard', seat: 1, victim: 1 });
  });

  it('R-CHAP-5: a positive count against 0: the winner picks', () => {
    const { state, events } = war(['G30'], ['G08', 'G15']);
    expect(eventsOf(events, 'gangWar')[0]).toMatchObject({ mercenaries: [1, 0], losers: [1] });
    expect(pendingDecision(state)).toEqual({ kind: 'gangWarDiscard', seat: 0, victim: 1 });
  });

  it('R-CHAP-5: 0 against 0 is a tie: both discard', () => {
    const { events } = war(['G08'], ['G15']);
    expect(eventsOf(events, 'gangWar')[0]).toMatchObject({ mercenaries: [0, 0], losers: [0, 1] });
  });
});

describe('R-CHAP-6: laying out the next chapter', () => {
  it('R-CHAP-6: the old row and deck leave; 5 heists of the new chapter are laid out; rows of gangsters stay', () => {
    const state = endingChapter({
      players: [{ boss: 'B1' }, { boss: 'B2' }],
      heistRow: ['HI-01', 'HI-02'],
      recruitRow: ['G01', 'G02'],
      gangsterDeck: ['G03'],
    });
    const { state: after } = play(state, { type: 'pass', seat: 0 }, { type: 'done', seat: 0 });
    expect(after.chapter).toBe(2);
    expect(after.heistRow).toHaveLength(5);
    for (const id of after.heistRow) expect(cards.heist(id!).chapter).toBe(2);
    // 33 heists and 3 snitches, 5 of them laid out.
    expect(after.heistDeck).toHaveLength(31);
    for (const id of ['HI-01', 'HI-02', 'HI-03', 'HI-30']) expect(after.removed).toContain(id);
    expect(after.recruitRow.slice(0, 2)).toEqual(['G01', 'G02']);
    expect(after.gangsterDeck[0]).toBe('G03');
    expect(after.snitchesThisChapter).toBe(0);
  });

  it('R-CHAP-6: snitches met while laying out are set aside unresolved, then shuffled back', () => {
    // Chapter III cut to 5 heists and its 5 snitches: the row must take all five heists.
    const set = customCards((s) => {
      s.heists = s.heists.filter((h) => h.chapter < 3 || h.id <= 'HIII-05');
    });
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const state = scenarioWith(set, {
        options: { seed },
        chapter: 2,
        players: [
          { boss: 'B1', cash: 0 },
          { boss: 'B2', cash: 0 },
        ],
        idleTurns: idleBeforeSafeguard(2),
        start: 'action',
      });
      const { state: after, events } = play(state, { type: 'pass', seat: 0 });
      expect(after.chapter).toBe(3);
      expect([...after.heistRow].sort()).toEqual([
        'HIII-01',
        'HIII-02',
        'HIII-03',
        'HIII-04',
        'HIII-05',
      ]);
      expect([...after.heistDeck].sort()).toEqual([
        'SIII-1',
        'SIII-2',
        'SIII-3',
        'SIII-4',
        'SIII-5',
      ]);
      expect(after.snitchesThisChapter).toBe(0);
      expect(eventsOf(events, 'snitchRevealed')).toEqual([]);
      expect(seatOf(after, 1).cash).toBe(0);
    }
  });
});

describe('R-CHAP-7: who plays next', () => {
  it('R-CHAP-7: the next chapter starts with the player after the one who ended it', () => {
    const state = endingChapter({
      activeSeat: 2,
      players: [{ boss: 'B1' }, { boss: 'B2' }, { boss: 'B3' }],
    });
    const { state: after, events } = play(state, { type: 'pass', seat: 2 });
    expect(eventsOf(events, 'chapterStarted')[0]).toMatchObject({ chapter: 2, firstPlayer: 0 });
    expect(after.turn.seat).toBe(0);
  });
});
