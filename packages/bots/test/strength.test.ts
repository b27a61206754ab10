import { describe, expect, it } from 'vitest';
import {
  allMatches,
  currentRecords,
  type GameRecord,
  ISMCTS_SIGNATURE,
  type MatchSpec,
  missingGames,
  parseResults,
  planGame,
  playPlannedGame,
  UNSIGNED_SEARCH,
  VARIANTS,
  withoutTiming,
} from '../scripts/strength/plan.ts';
import { firstShare, openSkill, placesOf, summarizeMatch } from '../scripts/strength/report.ts';
import { searchSignature, wilson } from '../src/index.ts';

function fakeRecord(m: MatchSpec, index: number, winners: number[]): GameRecord {
  const plan = planGame(m, index);
  return {
    match: m.id,
    spec: m.spec,
    index,
    seed: plan.seed,
    players: m.players,
    variant: plan.variant,
    seats: plan.seats,
    scores: plan.seats.map((_, s) => (winners.includes(s) ? 30 : 20 - s)),
    gangSize: plan.seats.map(() => 8),
    winners,
    moves: 100,
    search: plan.seats.map(() => null),
    ips: plan.seats.map(() => null),
    ms: 10,
  };
}

describe('strength measurement', () => {
  const matches = allMatches(1);
  const byId = new Map(matches.map((m) => [m.id, m]));

  it('Wilson interval', () => {
    const [lo, hi] = wilson(95, 100);
    expect(lo).toBeCloseTo(0.8883, 3);
    expect(hi).toBeCloseTo(0.9785, 3);
    const [a, b] = wilson(200, 400);
    expect(a).toBeCloseTo(0.4512, 3);
    expect(b).toBeCloseTo(0.5488, 3);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });

  it('plans whole cycles: every seat and variant equally, one deal per block', () => {
    for (const m of matches) expect(m.goal % (m.players * VARIANTS.length)).toBe(0);
    expect(byId.get('easy-random-3p')!.goal).toBe(408);
    expect(byId.get('hard-easy-2p')!.goal).toBe(256);
    expect(byId.get('hard-easy-4p')!.goal).toBe(208);
    const m = byId.get('medium-easy-3p')!;
    const plans = Array.from({ length: m.goal }, (_, i) => planGame(m, i));
    for (let seat = 0; seat < 3; seat++) {
      expect(plans.filter((p) => p.seats[seat] === 'medium')).toHaveLength(m.goal / 3);
    }
    for (const v of VARIANTS) {
      expect(plans.filter((p) => p.variant === v)).toHaveLength(m.goal / 4);
    }
    expect(new Set(plans.slice(0, 3).map((p) => p.seed)).size).toBe(1);
    expect(plans[3]?.seed).not.toBe(plans[0]?.seed);
  });

  it('resumes: only the games missing from the results file are scheduled', () => {
    const m = byId.get('easy-random-2p')!;
    const other = byId.get('hard-easy-2p')!;
    const done = [0, 1, 2, 5, 7].map((i) => fakeRecord(m, i, [0]));
    const text = [
      ...done.map((r) => JSON.stringify(r)),
      JSON.stringify({ ...fakeRecord(m, 3, [0]), spec: 'another' }), // other budgets: stale
      JSON.stringify(done[0]), // a duplicate line counts once
      '{"match":"easy-random-2p","ind', // a line torn by an interruption
    ].join('\n');
    const { records, skipped } = parseResults(text);
    expect(skipped).toBe(1);
    const current = currentRecords([m, other], records);
    expect(current.stale).toBe(1);
    expect(current.byMatch.get(m.id)!.map((r) => r.index)).toEqual([0, 1, 2, 5, 7]);
    const todo = missingGames([m, other], records);
    const mine = todo.filter((w) => w.match === m.id).map((w) => w.index);
    expect(mine).toHaveLength(m.goal - 5);
    expect(mine.slice(0, 4)).toEqual([3, 4, 6, 8]);
    expect(mine).not.toContain(5);
    // The cheap match comes before the hard one.
    expect(todo.findIndex((w) => w.match === other.id)).toBe(m.goal - 5);
    expect(todo.filter((w) => w.match === other.id)).toHaveLength(other.goal);
    // A complete file schedules nothing.
    const all = Array.from({ length: m.goal }, (_, i) => fakeRecord(m, i, [1]));
    expect(missingGames([m], all)).toEqual([]);
  });

  it('counts a shared victory as a fraction, places as the server does, and rates', () => {
    const m = byId.get('easy-random-4p')!;
    const shared = { ...fakeRecord(m, 0, [0, 2]), scores: [30, 10, 30, 12] };
    expect(firstShare(shared, 'easy')).toBe(0.5);
    expect(placesOf({ ...shared, gangSize: [8, 8, 8, 8] })).toEqual([1, 4, 1, 3]);
    expect(placesOf({ ...shared, gangSize: [7, 8, 8, 8] })).toEqual([2, 4, 1, 3]);
    // Seat 0 always wins: the easy bot sits there in one game of four.
    const records = Array.from({ length: 16 }, (_, i) => fakeRecord(m, i, [0]));
    const summary = summarizeMatch(m, records);
    expect(summary.games).toBe(16);
    expect(summary.wins).toBe(4);
    const skill = openSkill([m], new Map([[m.id, records]]));
    expect(skill.map((r) => r.bot).sort()).toEqual(['easy', 'random']);
    expect(skill.every((r) => r.games === 16)).toBe(true);
  });

  it('keys the matches of searching bots by the search, and leaves the others as they were', () => {
    expect(ISMCTS_SIGNATURE).toBe(searchSignature());
    // The specs of docs/strength-data/games.jsonl, written before records had a signature.
    const before: Record<string, string> = {
      'easy-random-2p': 'd45ecdf3',
      'easy-random-3p': 'e5e2bffe',
      'easy-random-4p': 'ec36b709',
      'medium-random-2p': 'a7ed2fb8',
      'medium-easy-2p': '28edb383',
      'medium-easy-3p': 'df52df4e',
      'medium-easy-4p': '016b5959',
      'hard-easy-2p': 'd854b3a7',
      'hard-easy-4p': '1e8251f5',
    };
    // While the search is the one that played them, every match keeps its spec.
    const unsigned = new Map(allMatches(1, UNSIGNED_SEARCH).map((m) => [m.id, m]));
    for (const [id, spec] of Object.entries(before)) expect(unsigned.get(id)!.spec).toBe(spec);
    // Another search: the matches without an ISMCTS bot keep theirs, the others change.
    const changed = 'r9-0123abcd';
    const next = new Map(allMatches(1, changed).map((m) => [m.id, m]));
    for (const [id, spec] of Object.entries(before)) {
      if (id.startsWith('easy-')) expect(next.get(id)!.spec).toBe(spec);
      else expect(next.get(id)!.spec).not.toBe(spec);
    }
    const hard = unsigned.get('hard-easy-2p')!;
    const old = fakeRecord(hard, 0, [0]);
    const signed = { ...fakeRecord(hard, 1, [0]), ismcts: UNSIGNED_SEARCH };
    const other = { ...fakeRecord(hard, 2, [0]), ismcts: changed };
    // Under the first search the unsigned and its own signed records count, not another's.
    const now = currentRecords([hard], [old, signed, other], UNSIGNED_SEARCH);
    expect(now.stale).toBe(1);
    expect(now.byMatch.get(hard.id)!.map((r) => r.index)).toEqual([0, 1]);
    // Under another search the old ones are stale, even with their spec, and are played again.
    const hardNext = next.get('hard-easy-2p')!;
    const mine = { ...fakeRecord(hardNext, 3, [0]), ismcts: changed };
    const later = currentRecords([hardNext], [old, signed, other, mine], changed);
    expect(later.stale).toBe(3);
    expect(later.byMatch.get(hard.id)!.map((r) => r.index)).toEqual([3]);
    expect(missingGames([hardNext], [old, signed, mine], changed)[0]).toEqual({
      match: hard.id,
      index: 0,
    });
    // Matches without an ISMCTS bot ignore the signature.
    const easy = next.get('easy-random-2p')!;
    expect(currentRecords([easy], [fakeRecord(easy, 0, [0])], changed).stale).toBe(0);
  });

  it('is deterministic: the same game with a fixed budget gives the same record', () => {
    const m: MatchSpec = {
      ...byId.get('medium-random-2p')!,
      id: 'tiny',
      spec: 'test',
    };
    // A small budget (40 iterations) keeps the test quick.
    const plan = planGame(m, 5);
    let clock = 0;
    const clocks = { wall: () => (clock += 1), cpu: () => clock };
    const a = playPlannedGame(m, plan, clocks, { medium: 40 });
    const b = playPlannedGame(m, plan, clocks, { medium: 40 });
    expect(withoutTiming(a)).toEqual(withoutTiming(b));
    expect(a.ismcts).toBe(ISMCTS_SIGNATURE);
    const seat = a.seats.indexOf('medium');
    expect(a.search[seat]!.decisions).toBeGreaterThan(0);
    expect(a.search[seat]!.iterations).toBeLessThanOrEqual(40 * a.search[seat]!.decisions);
    expect(a.winners.length).toBeGreaterThan(0);
  }, 60_000);
});
