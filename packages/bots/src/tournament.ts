/**
 * Bot-against-bot matches (pure: no I/O, no clock). Seats rotate from game to game so no bot
 * keeps the first-player advantage; a shared victory counts as a fraction of a win. Win rates
 * come with a 95% Wilson score interval.
 */
import { type GameOptionsInput, itemAt } from '@gangsta/engine';
import { createBot, type SearchTuning } from './create.ts';
import { playGame } from './play.ts';
import { mixSeeds } from './rng.ts';
import type { BotConfig } from './types.ts';

export type Variants = Omit<GameOptionsInput, 'players' | 'seed' | 'firstPlayer' | 'bosses'>;

export interface MatchOptions {
  players: number;
  variants?: Variants;
  /** One bot per seat of the first game. */
  bots: BotConfig[];
  games: number;
  seed: number;
  /** Rotate seats every game (default true). */
  rotateSeats?: boolean;
  /** Progress callback after every game (the caller prints; this module does no I/O). */
  onGame?: (game: GameSummary, done: number) => void;
  /** Search settings per bot index, for experiments. */
  tuning?: (SearchTuning | undefined)[];
  /** Play only games `first`..`first + games - 1` of the series (to split a match across processes). */
  first?: number;
}

export interface GameSummary {
  index: number;
  seed: number;
  /** Bot index (in `bots`) sitting at each seat. */
  seating: number[];
  /** Bot indexes that won (several on a shared victory). */
  winners: number[];
  /** Final IP by bot index. */
  scores: number[];
  moves: number;
  /** Search effort by bot index: decisions that searched, their iterations and milliseconds. */
  effort: { decisions: number; iterations: number; ms: number }[];
}

export interface BotResult {
  index: number;
  config: BotConfig;
  /** Wins, a shared victory counting 1/k. */
  wins: number;
  winRate: number;
  /** 95% Wilson score interval of the win rate. */
  ci95: [number, number];
  meanScore: number;
}

export interface MatchResult {
  games: number;
  results: BotResult[];
  summaries: GameSummary[];
}

/** Wilson score interval for `wins` out of `n` (z = 1.96 for 95%). */
export function wilson(wins: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // Clamp against rounding: the interval always contains the observed rate.
  return [Math.max(0, Math.min(p, centre - half)), Math.min(1, Math.max(p, centre + half))];
}

export function playMatchGame(options: MatchOptions, index: number): GameSummary {
  const n = options.players;
  const rotate = options.rotateSeats ?? true;
  const shift = rotate ? index % n : 0;
  // Seat s is played by bot (s + shift) mod n.
  const seating = Array.from({ length: n }, (_, seat) => (seat + shift) % n);
  const seed = mixSeeds(options.seed >>> 0, index + 1);
  const bots = seating.map((b) => {
    const config = itemAt(options.bots, b, 'bot');
    return createBot({ ...config, seed: mixSeeds(config.seed >>> 0, seed) }, options.tuning?.[b]);
  });
  // The bot index (in `options.bots`) at `seat`.
  const botAt = (seat: number) => itemAt(seating, seat, 'seat');
  const effort = options.bots.map(() => ({ decisions: 0, iterations: 0, ms: 0 }));
  const { state, moves } = playGame({ ...options.variants, players: n, seed }, bots, {
    onMove: ({ decision, seat }) => {
      const stats = decision.stats;
      if (!stats || stats.iterations === 0) return;
      const e = itemAt(effort, botAt(seat), 'effort');
      e.decisions++;
      e.iterations += stats.iterations;
      e.ms += stats.ms;
    },
  });
  const result = state.result;
  const winners = (result?.winners ?? []).map(botAt);
  const scores = new Array<number>(n).fill(0);
  for (const s of result?.scores ?? []) scores[botAt(s.seat)] = s.total;
  return { index, seed, seating, winners, scores, moves: moves.length, effort };
}

/** Aggregates game summaries into per-bot results. */
export function summarize(bots: BotConfig[], summaries: GameSummary[]): MatchResult {
  const games = summaries.length;
  const results = bots.map((config, index) => {
    let wins = 0;
    let score = 0;
    for (const g of summaries) {
      if (g.winners.includes(index)) wins += 1 / g.winners.length;
      score += itemAt(g.scores, index, 'score');
    }
    return {
      index,
      config,
      wins,
      winRate: games ? wins / games : 0,
      ci95: wilson(wins, games),
      meanScore: games ? score / games : 0,
    };
  });
  return { games, results, summaries };
}

export function runMatch(options: MatchOptions): MatchResult {
  if (options.bots.length !== options.players) {
    throw new Error(`${options.players} players need ${options.players} bot configs`);
  }
  const summaries: GameSummary[] = [];
  const first = options.first ?? 0;
  for (let i = 0; i < options.games; i++) {
    const summary = playMatchGame(options, first + i);
    summaries.push(summary);
    options.onGame?.(summary, i + 1);
  }
  return summarize(options.bots, summaries);
}
