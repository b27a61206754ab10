/**
 * A fixed set of positions for measuring the search's speed (scripts/bench.ts in Node, and
 * packages/web's `bench:worker` in Chromium's Web Worker use the same set): heuristic games from fixed seeds, stopped at fixed action decisions of chapters
 * I–III, at 2 and 4 players. Each position is the searching seat's view and its legal moves.
 */
import {
  applyMove,
  createGame,
  type GameView,
  itemAt,
  legalMoves,
  type Move,
  pendingDecision,
  viewFor,
} from '@gangsta/engine';
import { createBot } from './create.ts';
import { isSearchable } from './ismcts/playout.ts';
import { type SearchOptions, search } from './ismcts/search.ts';
import type { BotLevel } from './types.ts';

export interface BenchPosition {
  name: string;
  view: GameView;
  legal: Move[];
}

/** Which action decisions of a game to keep (counted from the first). */
const STOPS = [4, 14, 28];

export function benchPositions(): BenchPosition[] {
  const out: BenchPosition[] = [];
  for (const players of [2, 4]) {
    const created = createGame({ players, seed: 1000 + players });
    if (!created.ok) throw new Error(created.error.message);
    let state = created.state;
    const bots = state.players.map((_, seat) => createBot({ kind: 'heuristic', seed: seat + 1 }));
    let actions = 0;
    for (
      let guard = 0;
      guard < 5000 && out.length < STOPS.length * (players === 2 ? 1 : 2);
      guard++
    ) {
      const decision = pendingDecision(state);
      if (decision.kind === 'gameOver') break;
      const seat =
        decision.kind === 'keepResources'
          ? itemAt(decision.seats, 0, 'keeping seat')
          : decision.seat;
      const legal = legalMoves(state, seat);
      if (decision.kind === 'action' && legal.filter(isSearchable).length > 1) {
        actions++;
        if (STOPS.includes(actions)) {
          out.push({ name: `${players}p-action-${actions}`, view: viewFor(state, seat), legal });
        }
      }
      const move = itemAt(bots, seat, 'bot').decide(viewFor(state, seat), legal).move;
      const result = applyMove(state, move);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
  }
  return out;
}

export interface BenchLine {
  name: string;
  iterations: number;
  ms: number;
}

/**
 * Searches every position for `iterations` iterations (no early stop) and times each with
 * `clock` (milliseconds: CPU time in Node, wall time in a browser). Warms the JIT up first.
 */
export function benchSearch(
  clock: () => number,
  iterations: number,
  tuning: Partial<SearchOptions> = {},
  positions: BenchPosition[] = benchPositions(),
): BenchLine[] {
  const searchable = (p: BenchPosition) => p.legal.filter(isSearchable);
  const [first] = positions;
  if (first) search(first.view, searchable(first), { ...tuning, iterations: 300, seed: 1 });
  return positions.map((p) => {
    const t0 = clock();
    const r = search(p.view, searchable(p), { ...tuning, iterations, seed: 7, earlyStop: false });
    return { name: p.name, iterations: r.iterations, ms: clock() - t0 };
  });
}

/** Total iterations per second of a bench run. */
export function iterationsPerSecond(lines: readonly BenchLine[]): number {
  const it = lines.reduce((s, l) => s + l.iterations, 0);
  const ms = lines.reduce((s, l) => s + l.ms, 0);
  return Math.round(it / (ms / 1000));
}

/**
 * How long a level's bot takes to answer at each position, by `clock` (the whole decision: the
 * heuristic's hint, the search within its time budget, the reason), with the search's iterations.
 */
export function benchAnswer(
  clock: () => number,
  level: BotLevel,
  positions: BenchPosition[] = benchPositions(),
): BenchLine[] {
  return positions.map((p, i) => {
    const bot = createBot({ kind: 'ismcts', level, seed: i + 1 });
    const t0 = clock();
    const decision = bot.decide(p.view, p.legal);
    return { name: p.name, iterations: decision.stats?.iterations ?? 0, ms: clock() - t0 };
  });
}
