/**
 * Section 1 of docs/rules.md (R-COMP): the classic card data against the facts of CARDS.md (the
 * expected values are written here by hand), the card-set validation, and the counting rules
 * for icons shown twice.
 */
import { describe, expect, it } from 'vitest';
import {
  CLASSIC_CARDS,
  cardsOf,
  createGame,
  FAMILIES,
  finalScores,
  parseCardSet,
  SKILLS,
} from '../../src/index.ts';
import {
  eventsOf,
  expectDecision,
  idleBeforeSafeguard,
  movesOf,
  nth,
  play,
  scenario,
  seatOf,
} from '../helpers.ts';

const cards = cardsOf(CLASSIC_CARDS);

describe('R-COMP-1: skills, and icons shown twice', () => {
  it('R-COMP-1: the six skills are Leader, Mercenary, Informant, Sniper, Brawler, Hacker', () => {
    expect([...SKILLS]).toEqual(['L', 'M', 'I', 'S', 'B', 'H']);
  });

  it('R-COMP-1: no classic card prints Leader twice', () => {
    for (const card of [...CLASSIC_CARDS.bosses, ...CLASSIC_CARDS.gangsters]) {
      expect(card.skills.filter((s) => s === 'L').length).toBeLessThanOrEqual(1);
    }
  });

  it('R-COMP-1: M×2 covers a requirement of two Mercenaries alone', () => {
    // HI-05 needs M×2; the Boss B1 (L S) cannot help, G31 (M×2) covers it by itself.
    const state = scenario({
      players: [{ boss: 'B1', gang: ['G31'] }, { boss: 'B2' }],
      heistRow: ['HI-05'],
      start: 'action',
    });
    const { state: after } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-05' },
      { type: 'activate', seat: 0, member: 'G31' },
    );
    expect(seatOf(after, 0).pile).toEqual(['HI-05']);
    expect(seatOf(after, 0).cash).toBe(4);
  });

  it('R-COMP-1: M×2 counts twice at the gang war', () => {
    // Seat 0: G31 (M×2) = 2 Mercenaries; seat 1: B3 (L M) + G30 (M) = 2: a tie, both discard.
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B1', gang: ['G31', 'G08'] },
        { boss: 'B3', gang: ['G30', 'G15'] },
      ],
      idleTurns: idleBeforeSafeguard(2),
      start: 'action',
    });
    const { events } = play(state, { type: 'pass', seat: 0 });
    expect(eventsOf(events, 'gangWar')[0]).toMatchObject({ mercenaries: [2, 2], losers: [0, 1] });
  });

  it('R-COMP-1: I×2 counts twice against a snitch', () => {
    // G19 (I×2) meets a snitch of value 2 alone: nothing is owed.
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B1', gang: ['G19', 'G15'], cash: 0 },
        { boss: 'B2', cash: 5 },
      ],
      heistRow: ['HII-10'],
      heistDeck: ['SII-1', 'HII-01'],
      recruitRow: [],
      start: 'action',
    });
    // Passing and discarding the row card refills its slot: the snitch comes up.
    const { events } = play(
      state,
      { type: 'pass', seat: 0 },
      { type: 'discardRow', seat: 0, card: 'HII-10' },
    );
    expect(eventsOf(events, 'snitchSpared').map((e) => e.seat)).toEqual([0]);
    expect(eventsOf(events, 'snitchPaid')).toEqual([{ type: 'snitchPaid', seat: 1, amount: 2 }]);
  });

  it('R-COMP-1: opportunity income counts every icon, M×2 as two', () => {
    // Seat 0: B1 (L S) + G31 (M×2) = 4 icons; seat 1: B2 (L B) = 2 icons: seat 1 gains $2.
    const state = scenario({
      players: [
        { boss: 'B1', gang: ['G31'] },
        { boss: 'B2', cash: 0 },
      ],
      idleTurns: idleBeforeSafeguard(2),
      start: 'action',
    });
    const { events } = play(state, { type: 'pass', seat: 0 });
    expect(eventsOf(events, 'opportunityIncome').map((e) => [e.icons, e.amount])).toEqual([
      [4, 0],
      [2, 2],
    ]);
  });

  it('R-COMP-1: a member with M×2 has "two skills" for Assassination', () => {
    const state = scenario({
      chapter: 3,
      players: [
        { boss: 'B2', gang: ['G10', 'G08'] },
        { boss: 'B1', gang: ['G31', 'G30'] },
      ],
      heistRow: ['HIII-18'],
      start: 'action',
    });
    // HIII-18 needs S B×2: G08 (S) and G10 (B×2).
    const { state: s } = play(
      state,
      { type: 'heist', seat: 0, card: 'HIII-18' },
      { type: 'activate', seat: 0, member: 'G10' },
      { type: 'activate', seat: 0, member: 'G08' },
      { type: 'target', seat: 0, target: 1 },
    );
    expectDecision(s, 'assassinationDiscard', 1);
    // G30 (M) has one icon; G31 (M×2) has two; the Boss is never a target.
    expect(movesOf(s)).toEqual(['discardMember:G31']);
  });

  it('R-COMP-1: a resource requirement H×2 is met by one member showing H×2', () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 5, resources: [{ id: 'R09', active: false }] }, { boss: 'B2' }],
      recruitRow: ['G12'],
      start: 'action',
    });
    const { state: after, events } = play(state, { type: 'recruit', seat: 0, card: 'G12' });
    expect(eventsOf(events, 'resourceActivated')).toHaveLength(1);
    expect(nth(seatOf(after, 0).resources, 0).active).toBe(true);
  });

  it('R-COMP-1: Leader counts per member, and no member learns a second Leader', () => {
    // HI-15 (M) trains Leader; only the Boss B3 (L M) took part, and it is a Leader already.
    const state = scenario({
      players: [{ boss: 'B3', gang: ['G09'] }, { boss: 'B2' }],
      heistRow: ['HI-15'],
      start: 'action',
    });
    const { state: s } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-15' },
      { type: 'activate', seat: 0, member: 'B3' },
    );
    // Nobody can learn: the reward is skipped and the card goes to the pile.
    expect(seatOf(s, 0).gang.every((m) => m.learned === undefined)).toBe(true);
    expect(seatOf(s, 0).pile).toEqual(['HI-15']);
  });
});

describe('R-COMP-2..7: the classic card data', () => {
  it('R-COMP-2: 5 Bosses, one per family, with skills, IP and starting money', () => {
    expect(CLASSIC_CARDS.bosses).toHaveLength(5);
    expect(new Set(CLASSIC_CARDS.bosses.map((b) => b.family)).size).toBe(5);
    expect(cards.boss('B1')).toEqual({
      id: 'B1',
      family: 'bratva',
      skills: ['L', 'S'],
      money: 8,
      ip: 0,
    });
    expect(cards.boss('B3')).toMatchObject({ family: 'ghettoGang', skills: ['L', 'M'], money: 6 });
    expect(cards.boss('B5')).toMatchObject({ family: 'triads', skills: ['L', 'I'], money: 6 });
  });

  it('R-COMP-3: 35 gangsters, 7 per family, 1–3 icons each', () => {
    expect(CLASSIC_CARDS.gangsters).toHaveLength(35);
    for (const family of FAMILIES) {
      expect(CLASSIC_CARDS.gangsters.filter((g) => g.family === family)).toHaveLength(7);
    }
    for (const g of CLASSIC_CARDS.gangsters) {
      expect(g.skills.length).toBeGreaterThanOrEqual(1);
      expect(g.skills.length).toBeLessThanOrEqual(3);
    }
    expect(cards.gangster('G07')).toEqual({
      id: 'G07',
      family: 'bratva',
      skills: ['M', 'M', 'B'],
      cost: 8,
      ip: 3,
    });
    expect(cards.gangster('G12')).toMatchObject({ family: 'cartel', skills: ['H', 'H'], cost: 5 });
    expect(cards.gangster('G22')).toMatchObject({ family: 'mafia', skills: ['I'], cost: 3, ip: 1 });
    expect(cards.gangster('G35')).toMatchObject({
      family: 'triads',
      skills: ['M', 'I', 'B'],
      cost: 7,
      ip: 2,
    });
  });

  it('R-COMP-4: five families', () => {
    expect([...FAMILIES].sort()).toEqual(['bratva', 'cartel', 'ghettoGang', 'mafia', 'triads']);
  });

  it('R-COMP-5: 30 + 33 + 30 heists; cooperative ones only in chapters II and III', () => {
    const byChapter = (c: number) => CLASSIC_CARDS.heists.filter((h) => h.chapter === c);
    expect(byChapter(1)).toHaveLength(30);
    expect(byChapter(2)).toHaveLength(33);
    expect(byChapter(3)).toHaveLength(30);
    expect(byChapter(1).some((h) => h.coop)).toBe(false);
    for (const h of CLASSIC_CARDS.heists) {
      expect(h.rewardB.length > 0).toBe(h.coop);
      // Reward B is only ever Income (CARDS.md), so never Play again or Training.
      for (const r of h.rewardB) expect(r.kind).toBe('income');
    }
  });

  it('R-COMP-5 R-OPT-4: the printed ruleset plays the box of 90 heists (HII-31..33 left out)', () => {
    const onlineOnly = CLASSIC_CARDS.heists.filter((h) => h.onlineOnly).map((h) => h.id);
    expect(onlineOnly).toEqual(['HII-31', 'HII-32', 'HII-33']);
    const later = (ruleset: 'online' | 'printed') => {
      const game = createGame({ players: 2, seed: 4, ruleset });
      if (!game.ok) throw new Error(game.error.message);
      const { state } = game;
      const inPlay = [...state.heistRow, ...state.heistDeck, ...state.laterHeists];
      return {
        heists: inPlay.filter((id) => id !== null && cards.kindOf(id) === 'heist').length,
        chapterII: state.laterHeists.filter((id) => cards.chapterOf(id) === 2).length,
        extra: inPlay.filter((id) => id !== null && onlineOnly.includes(id)),
      };
    };
    // Chapter II: 30 heists and 3 snitches printed; the online edition's 33 and 3.
    expect(later('printed')).toEqual({ heists: 90, chapterII: 33, extra: [] });
    expect(later('online')).toEqual({ heists: 93, chapterII: 36, extra: onlineOnly });
  });

  it('R-COMP-5: spot checks of heists', () => {
    expect(cards.heist('HI-01')).toMatchObject({
      chapter: 1,
      coop: false,
      requirement: ['L', 'M'],
      rewardA: [{ kind: 'income', amount: 3 }],
    });
    expect(cards.heist('HI-15')).toMatchObject({
      requirement: ['M'],
      rewardA: [{ kind: 'training', skill: 'L' }],
    });
    expect(cards.heist('HII-03')).toMatchObject({
      chapter: 2,
      coop: true,
      requirement: ['L', 'M', 'I', 'S'],
      rewardA: [{ kind: 'influence', amount: 3 }],
      rewardB: [{ kind: 'income', amount: 3 }],
    });
    expect(cards.heist('HII-33')).toMatchObject({
      kind: 'rivalGangs',
      requirement: ['L', 'M', 'B', 'H'],
      rewardA: [
        { kind: 'influence', amount: 2 },
        { kind: 'diversion', amount: 3 },
      ],
    });
    expect(cards.heist('HIII-18')).toMatchObject({
      chapter: 3,
      requirement: ['S', 'B', 'B'],
      rewardA: [{ kind: 'assassination' }],
    });
    expect(cards.heist('HIII-17').requirement).toEqual(['L', 'L', 'M', 'B', 'B', 'B']);
  });

  it('R-COMP-6: snitches 2, 3, 4 in chapter II and 3, 3, 3, 4, 4 in chapter III', () => {
    const values = (c: number) =>
      CLASSIC_CARDS.snitches
        .filter((s) => s.chapter === c)
        .map((s) => s.value)
        .sort();
    expect(values(1)).toEqual([]);
    expect(values(2)).toEqual([2, 3, 4]);
    expect(values(3)).toEqual([3, 3, 3, 4, 4]);
  });

  it('R-COMP-7: 12 resource cards, each with a requirement, IP and an effect', () => {
    expect(CLASSIC_CARDS.resources).toHaveLength(12);
    expect(new Set(CLASSIC_CARDS.resources.map((r) => r.effect)).size).toBe(12);
    expect(cards.resource('R01')).toMatchObject({
      effect: 'policeStation',
      requirement: ['L', 'L', 'M', 'I'],
      ip: 3,
    });
    expect(cards.resource('R06')).toMatchObject({
      effect: 'media',
      requirement: ['M', 'I', 'S', 'S', 'B', 'H'],
      ip: 0,
    });
    expect(cards.resource('R09')).toMatchObject({ effect: 'bank', requirement: ['H', 'H'], ip: 4 });
    expect(cards.resource('R11')).toMatchObject({ effect: 'hospital', ip: 5 });
  });
});

describe('R-COMP-5: card-set validation', () => {
  type Editable = Record<'bosses' | 'gangsters' | 'heists', unknown[]>;
  const broken = (edit: (set: Editable) => void) => {
    const set = structuredClone(CLASSIC_CARDS) as unknown as Editable;
    edit(set);
    return set;
  };
  const errorOf = (input: unknown): string => {
    try {
      parseCardSet(input);
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
    return '';
  };

  it('R-COMP-5: parseCardSet accepts the classic set', () => {
    expect(() => parseCardSet(CLASSIC_CARDS)).not.toThrow();
  });

  it('R-COMP-3: a broken gangster is refused, naming the card and the field', () => {
    const message = errorOf(
      broken((set) => {
        (set.gangsters[3] as { skills: string[] }).skills = ['X'];
      }),
    );
    expect(message).toContain('G04');
    expect(message).toContain('skills');
  });

  it('R-COMP-5: reward B with Play again is refused, naming the heist and the field', () => {
    const message = errorOf(
      broken((set) => {
        const heist = set.heists.find((h) => (h as { id: string }).id === 'HII-03') as {
          rewardB: unknown[];
        };
        heist.rewardB = [{ kind: 'playAgain' }];
      }),
    );
    expect(message).toContain('HII-03');
    expect(message).toContain('rewardB');
  });

  it('R-COMP-5: a cooperative heist in chapter I is refused', () => {
    const message = errorOf(
      broken((set) => {
        const heist = set.heists[0] as { coop: boolean; rewardB: unknown[] };
        heist.coop = true;
        heist.rewardB = [{ kind: 'income', amount: 1 }];
      }),
    );
    expect(message).toContain('HI-01');
    expect(message).toContain('coop');
  });

  it('R-COMP-5: a game with a broken card set is refused with INVALID_OPTIONS', () => {
    const set = broken((s) => {
      (s.bosses[0] as { money: number }).money = -1;
    });
    const result = createGame({ players: 2, cardSet: set as never });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INVALID_OPTIONS');
      expect(result.error.message).toContain('B1');
      expect(result.error.message).toContain('money');
    }
  });
});

describe('R-COMP-8: money', () => {
  it('R-COMP-8: the bank is unlimited: income is paid whatever the total', () => {
    const state = scenario({
      players: [
        { boss: 'B1', gang: ['G31'], cash: 500 },
        { boss: 'B2', cash: 500 },
      ],
      heistRow: ['HI-05'],
      start: 'action',
    });
    const { state: after } = play(
      state,
      { type: 'heist', seat: 0, card: 'HI-05' },
      { type: 'activate', seat: 0, member: 'G31' },
    );
    expect(seatOf(after, 0).cash).toBe(504);
  });

  it('R-COMP-8: money is never negative (Theft takes at most what is there)', () => {
    // HII-20 (L M H): Theft 4 from a player holding $1.
    const state = scenario({
      chapter: 2,
      players: [
        { boss: 'B3', gang: ['G29'], cash: 0 },
        { boss: 'B2', cash: 1 },
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
    expect(seatOf(after, 1).cash).toBe(0);
    expect(seatOf(after, 0).cash).toBe(1);
    const scores = finalScores(after);
    expect(scores.scores.every((s) => s.total >= 0)).toBe(true);
  });
});

describe('R-COMP-9: players', () => {
  it('R-COMP-9: 2 to 4 players', () => {
    for (const players of [2, 3, 4]) expect(createGame({ players }).ok).toBe(true);
    for (const players of [1, 5, 0, 2.5]) {
      const result = createGame({ players });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('INVALID_OPTIONS');
        expect(result.error.message).toContain('players');
      }
    }
  });
});
