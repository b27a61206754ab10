/**
 * The strength measurement's plan (pure: no I/O, no clock unless one is passed in): the bots,
 * the matches, what each game of a match is (deal, variant, seats, seeds), one game played into
 * a record, and which games a results file still lacks.
 *
 * Every game is fixed by its match and index. Games come in blocks of `players` games that play
 * one deal (same seed, same variant) with the first bot in each seat in turn; successive blocks
 * cycle through the four variant settings (none, families, resources, both). A goal is rounded
 * up to whole cycles (players × 4 games), so every seat and variant gets the same share.
 * ISMCTS runs on iteration budgets only, so the same index always gives the same game.
 */
import { type GameOptionsInput, itemAt, type Move } from '@gangsta/engine';
import {
  type Bot,
  type BotConfig,
  createBot,
  LEVELS,
  playGame,
  searchSignature,
} from '../../src/index.ts';
import { hashString, mixSeeds } from '../../src/rng.ts';

export type BotName = 'random' | 'easy' | 'medium' | 'hard';

/**
 * Iterations per second of one core at the reference position (4 players, first action of
 * chapter II), measured on an idle core of this machine's kind (docs/strength.md of 2026-11-21:
 * 2,830). The levels' time budgets become iteration budgets at this speed.
 */
export const REFERENCE_ITERATIONS_PER_SECOND = 2800;

function iterationsFor(level: 'medium' | 'hard'): number {
  const ms = LEVELS[level].timeMs ?? 1000;
  return Math.round((ms / 1000) * REFERENCE_ITERATIONS_PER_SECOND);
}

/** The bots measured. Easy is the heuristic bot (LEVELS.easy); medium and hard search. */
export const BOTS: Record<BotName, { config: Omit<BotConfig, 'seed'>; describe: string }> = {
  random: { config: { kind: 'random' }, describe: 'a uniformly random legal move' },
  easy: { config: { kind: 'heuristic' }, describe: 'the heuristic bot (LEVELS.easy)' },
  medium: {
    config: { kind: 'ismcts', iterations: iterationsFor('medium') },
    describe: `ISMCTS, ${iterationsFor('medium')} iterations per decision (LEVELS.medium is ${LEVELS.medium.timeMs} ms)`,
  },
  hard: {
    config: { kind: 'ismcts', iterations: iterationsFor('hard') },
    describe: `ISMCTS, ${iterationsFor('hard')} iterations per decision (LEVELS.hard is ${LEVELS.hard.timeMs} ms)`,
  },
};

/**
 * The ISMCTS bots' search (revision and settings, `searchSignature`). It is written in each
 * record of a game an ISMCTS bot played, and it is part of the fingerprint of every match an
 * ISMCTS bot plays, so after a change of the search the games of the earlier one stay in the
 * results file but are not counted with the new one's.
 */
export const ISMCTS_SIGNATURE = searchSignature();

/**
 * The search that played the records written before records had a signature (revision 1 with
 * its settings of 2026-11-21). While it is still the search, the matches keep the fingerprint
 * they had then, so those records keep counting; a record without a signature is its.
 */
export const UNSIGNED_SEARCH = 'r1-203545a8';

function searches(name: BotName): boolean {
  return BOTS[name].config.kind === 'ismcts';
}

export interface MatchSpec {
  /** e.g. `medium-easy-3p`: one `first` bot against `players - 1` copies of `other`. */
  id: string;
  first: BotName;
  other: BotName;
  players: number;
  /** Games wanted (a whole number of cycles). */
  goal: number;
  /** Cheap matches are scheduled before the hard ones. */
  tier: 0 | 1;
  /** Fingerprint of everything that decides the games: records with another one are stale. */
  spec: string;
}

export interface Variant {
  families: boolean;
  resources: boolean;
}

export const VARIANTS: Variant[] = [
  { families: false, resources: false },
  { families: true, resources: false },
  { families: false, resources: true },
  { families: true, resources: true },
];

export const PLAYER_COUNTS = [2, 3, 4];

function match(
  first: BotName,
  other: BotName,
  players: number,
  wanted: number,
  tier: 0 | 1,
  seed: number,
  signature: string,
): MatchSpec {
  const cycle = players * VARIANTS.length;
  const goal = Math.ceil(wanted / cycle) * cycle;
  const id = `${first}-${other}-${players}p`;
  const fingerprint = JSON.stringify({
    v: 1,
    first: BOTS[first].config,
    other: BOTS[other].config,
    players,
    seed,
    variants: VARIANTS,
    // Only matches with a searching bot carry the search's signature (the others keep their
    // spec), and only once it is another search than the unsigned records'.
    ...((searches(first) || searches(other)) && signature !== UNSIGNED_SEARCH
      ? { ismcts: signature }
      : {}),
  });
  return {
    id,
    first,
    other,
    players,
    goal,
    tier,
    spec: hashString(fingerprint).toString(16).padStart(8, '0'),
  };
}

/**
 * All matches, cheap ones first: every pairing of random, easy and medium at 2, 3 and 4
 * players; hard against easy. `signature` is the search's (another one only in tests).
 */
export function allMatches(seed = 1, signature = ISMCTS_SIGNATURE): MatchSpec[] {
  const cheap: [BotName, BotName][] = [
    ['easy', 'random'],
    ['medium', 'random'],
    ['medium', 'easy'],
  ];
  const list: MatchSpec[] = [];
  for (const [first, other] of cheap) {
    for (const n of PLAYER_COUNTS) list.push(match(first, other, n, 400, 0, seed, signature));
  }
  list.push(match('hard', 'easy', 2, 250, 1, seed, signature));
  list.push(match('hard', 'easy', 4, 200, 1, seed, signature));
  return list;
}

export interface GamePlan {
  match: string;
  index: number;
  /** The deal's seed (shared by the block's games, and by every match at this table size). */
  seed: number;
  players: number;
  variant: Variant;
  /** Bot name per seat. */
  seats: BotName[];
  /** Bot seed per seat. */
  botSeeds: number[];
}

export function planGame(m: MatchSpec, index: number, seed = 1): GamePlan {
  const n = m.players;
  const block = Math.floor(index / n);
  const firstSeat = index % n;
  const dealSeed = mixSeeds(mixSeeds(seed >>> 0, n), block + 1);
  const seats = Array.from({ length: n }, (_, s) => (s === firstSeat ? m.first : m.other));
  return {
    match: m.id,
    index,
    seed: dealSeed,
    players: n,
    variant: itemAt(VARIANTS, block % VARIANTS.length, 'variant'),
    seats,
    botSeeds: seats.map((name, s) => mixSeeds(mixSeeds(dealSeed, hashString(name)), s + 1)),
  };
}

/** Search effort of one seat in one game: decisions that searched, iterations, time. */
export interface SeatSearch {
  decisions: number;
  iterations: number;
  /** Wall-clock ms of the searched decisions (the bot's own measure). */
  ms: number;
  /** CPU ms of the searched decisions (when the runner passes a CPU clock). */
  cpuMs?: number;
}

/** One line of the results file. */
export interface GameRecord {
  match: string;
  spec: string;
  index: number;
  seed: number;
  players: number;
  variant: Variant;
  /** Bot name per seat. */
  seats: BotName[];
  /** Final IP per seat. */
  scores: number[];
  /** Tie-break per seat (members, R-END-4). */
  gangSize: number[];
  /** Winning seats (several on a shared victory). */
  winners: number[];
  moves: number;
  /** Per seat: the search effort of an ISMCTS seat, null for the others. */
  search: (SeatSearch | null)[];
  /** Per seat: ISMCTS iterations per second of wall time over the game's searched decisions. */
  ips: (number | null)[];
  /** Wall-clock and CPU ms of the whole game; 1-minute load average when it ended. */
  ms: number;
  cpuMs?: number;
  load?: number;
  /** The commit the runner was at (added by the runner). */
  commit?: string;
  /** The search's signature (`ISMCTS_SIGNATURE`) when an ISMCTS bot played. */
  ismcts?: string;
}

export interface Clocks {
  /** Wall clock, ms. */
  wall: () => number;
  /** CPU time of this process, ms. */
  cpu?: () => number;
}

const noClock: Clocks = { wall: () => 0 };

/**
 * Plays one planned game. Everything but the timing fields depends only on the plan (and on
 * `iterations`, an override of the ISMCTS budgets for tests).
 */
export function playPlannedGame(
  m: MatchSpec,
  plan: GamePlan,
  clocks: Clocks = noClock,
  iterations: Partial<Record<BotName, number>> = {},
): GameRecord {
  const bots: Bot[] = plan.seats.map((name, s) => {
    const budget = iterations[name];
    const config: BotConfig = { ...BOTS[name].config, seed: itemAt(plan.botSeeds, s, 'bot seed') };
    return createBot(budget === undefined ? config : { ...config, iterations: budget });
  });
  const search: (SeatSearch | null)[] = plan.seats.map((name) =>
    BOTS[name].config.kind === 'ismcts' ? { decisions: 0, iterations: 0, ms: 0 } : null,
  );
  // Each bot is wrapped so the CPU time of its searched decisions can be counted.
  const timed: Bot[] = bots.map((bot, s) => ({
    config: bot.config,
    decide(view, legal: Move[]) {
      const c0 = clocks.cpu?.();
      const decision = bot.decide(view, legal);
      const effort = search[s];
      if (effort && decision.stats && decision.stats.iterations > 0) {
        effort.decisions++;
        effort.iterations += decision.stats.iterations;
        effort.ms += decision.stats.ms;
        if (c0 !== undefined && clocks.cpu) effort.cpuMs = (effort.cpuMs ?? 0) + clocks.cpu() - c0;
      }
      return decision;
    },
  }));
  const t0 = clocks.wall();
  const c0 = clocks.cpu?.();
  const options: GameOptionsInput = { players: plan.players, seed: plan.seed, ...plan.variant };
  const { state, moves } = playGame(options, timed);
  const result = state.result;
  if (!result) throw new Error(`${plan.match} #${plan.index}: the game did not end`);
  const bySeat = [...result.scores].sort((a, b) => a.seat - b.seat);
  const record: GameRecord = {
    match: m.id,
    spec: m.spec,
    index: plan.index,
    seed: plan.seed,
    players: plan.players,
    variant: plan.variant,
    seats: plan.seats,
    scores: bySeat.map((s) => s.total),
    gangSize: bySeat.map((s) => s.gangSize),
    winners: [...result.winners].sort((a, b) => a - b),
    moves: moves.length,
    search: search.map((e) =>
      e ? { ...e, ...(e.cpuMs !== undefined ? { cpuMs: Math.round(e.cpuMs) } : {}) } : null,
    ),
    ips: search.map((e) => (e && e.ms > 0 ? Math.round(e.iterations / (e.ms / 1000)) : null)),
    ms: Math.round(clocks.wall() - t0),
  };
  if (plan.seats.some(searches)) record.ismcts = ISMCTS_SIGNATURE;
  if (c0 !== undefined && clocks.cpu) record.cpuMs = Math.round(clocks.cpu() - c0);
  return record;
}

/** A record without its timing fields (what determinism promises to repeat). */
export function withoutTiming(r: GameRecord): unknown {
  const { ms: _ms, cpuMs: _cpu, load: _load, ips: _ips, commit: _commit, ...rest } = r;
  return {
    ...rest,
    search: r.search.map((e) => (e ? { decisions: e.decisions, iterations: e.iterations } : null)),
  };
}

/** Parses a results file's text: one JSON record a line; a torn or foreign line is skipped. */
export function parseResults(text: string): { records: GameRecord[]; skipped: number } {
  const records: GameRecord[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as GameRecord;
      if (typeof r.match === 'string' && Number.isInteger(r.index) && Array.isArray(r.seats)) {
        records.push(r);
      } else skipped++;
    } catch {
      skipped++;
    }
  }
  return { records, skipped };
}

/**
 * The records that count for each match: the current spec, each index once (the first line),
 * below the goal. Stale records (another spec: other budgets or seeds) are counted apart.
 */
export function currentRecords(
  matches: MatchSpec[],
  records: GameRecord[],
  signature = ISMCTS_SIGNATURE,
): { byMatch: Map<string, GameRecord[]>; stale: number } {
  const byMatch = new Map<string, GameRecord[]>(matches.map((m) => [m.id, []]));
  const seen = new Set<string>();
  let stale = 0;
  const specs = new Map(matches.map((m) => [m.id, m]));
  for (const r of records) {
    const m = specs.get(r.match);
    // Another spec (budgets, seeds), or a game of another search.
    const search = r.seats.some((name) => BOTS[name] && searches(name))
      ? (r.ismcts ?? UNSIGNED_SEARCH)
      : signature;
    if (!m || r.spec !== m.spec || search !== signature) {
      stale++;
      continue;
    }
    const key = `${r.match}#${r.index}`;
    if (seen.has(key) || r.index >= m.goal) continue;
    seen.add(key);
    byMatch.get(m.id)!.push(r);
  }
  for (const list of byMatch.values()) list.sort((a, b) => a.index - b.index);
  return { byMatch, stale };
}

export interface WorkItem {
  match: string;
  index: number;
}

/**
 * The games still to play, in the order to play them: cheap tier first; within a tier the
 * matches advance together (ordered by the fraction of the goal a game stands at), so an
 * interrupted run leaves every match about equally far.
 */
export function missingGames(
  matches: MatchSpec[],
  records: GameRecord[],
  signature = ISMCTS_SIGNATURE,
): WorkItem[] {
  const { byMatch } = currentRecords(matches, records, signature);
  const items: { item: WorkItem; tier: number; at: number; order: number }[] = [];
  matches.forEach((m, order) => {
    const done = new Set(byMatch.get(m.id)!.map((r) => r.index));
    for (let index = 0; index < m.goal; index++) {
      if (done.has(index)) continue;
      // A block (one deal, every seat) shares the fraction of its first game.
      const at = (Math.floor(index / m.players) * m.players) / m.goal;
      items.push({ item: { match: m.id, index }, tier: m.tier, at, order });
    }
  });
  items.sort(
    (a, b) => a.tier - b.tier || a.at - b.at || a.order - b.order || a.item.index - b.item.index,
  );
  return items.map((x) => x.item);
}
