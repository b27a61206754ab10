/**
 * Information Set MCTS, single observer (ISMCTS-SO). Each iteration:
 * 1. samples a full state consistent with the bot's view (`determinize`);
 * 2. descends the tree, choosing among the moves legal in that sample (UCB with availability);
 *    every node belongs to the seat to move, so rivals' replies are searched as well;
 * 3. adds one new node, then plays on with a cheap policy for at most `depth` moves;
 * 4. backs up one reward per seat (evaluate.ts).
 * Budget: a number of iterations, a time in milliseconds, or both (whichever ends first).
 */
import {
  determinize,
  fast,
  type GameState,
  type GameView,
  itemAt,
  type Move,
  moveKey,
} from '@gangsta/engine';
import { now } from '../clock.ts';
import { firstMove } from '../firstMove.ts';
import { createRng, hashString, type Rng } from '../rng.ts';
import { estimateRewards, type RewardKind } from './evaluate.ts';
import { actorMoves, type PlayoutPolicy, playout } from './playout.ts';
import { Node, selectChild } from './tree.ts';

export interface SearchOptions {
  iterations?: number;
  timeMs?: number;
  /** Exploration constant of UCB. */
  exploration?: number;
  policy?: PlayoutPolicy;
  /** Most moves a playout plays before it is judged (evaluate.ts). */
  depth?: number;
  reward?: RewardKind;
  /**
   * Progressive bias toward a preferred root move (the heuristic's): its UCB score gets
   * `priorWeight / visits`, which fades as real results come in; it is also tried first.
   */
  prior?: Move;
  priorWeight?: number;
  /** Stop once the most visited root move cannot be overtaken (default true; benchmarks turn it off). */
  earlyStop?: boolean;
  seed: number;
}

export interface SearchResult {
  move: Move;
  iterations: number;
  ms: number;
  /** Mean reward of the chosen move for the searching seat (0..1). */
  value: number;
  visits: number;
  /**
   * Every legal root move the search tried, most visited first: its visits and the mean
   * reward of the searching seat after it (0..1). A review compares the played move with the best.
   */
  moves: RootMoveStats[];
}

export interface RootMoveStats {
  move: Move;
  visits: number;
  value: number;
}

export const SEARCH_DEFAULTS = {
  exploration: 0.7,
  policy: 'light' as PlayoutPolicy,
  depth: 120,
  reward: 'margin' as RewardKind,
  priorWeight: 3,
};

/**
 * The search's revision: raised whenever the same settings and seed would play differently
 * (a change of the code, not of the settings). 1: since 2026-11-21 (light playouts, margin
 * reward, the heuristic's move as a progressive bias at the root); the faster iteration of
 * 2026-11-26 plays exactly the same moves.
 */
export const SEARCH_REVISION = 1;

/**
 * A short name of what the search does: its revision and every setting (the defaults
 * overridden by `tuning`), e.g. `r1-1a2b3c4d`. Measurements record it, so games of different
 * searches are never counted together (scripts/strength/plan.ts).
 */
export function searchSignature(tuning: Partial<typeof SEARCH_DEFAULTS> = {}): string {
  const settings = { ...SEARCH_DEFAULTS, ...tuning };
  const sorted = Object.keys(settings)
    .sort()
    .map((k) => `${k}=${String(settings[k as keyof typeof settings])}`)
    .join(',');
  return `r${SEARCH_REVISION}-${hashString(sorted).toString(16).padStart(8, '0')}`;
}

type Settings = Required<
  Omit<SearchOptions, 'iterations' | 'timeMs' | 'seed' | 'prior' | 'priorWeight' | 'earlyStop'>
> & { priorKey: string | null; priorWeight: number };

function iterate(
  root: Node,
  view: GameView,
  rootKeys: ReadonlySet<string>,
  opts: Settings,
  rng: Rng,
  scratch: Scratch,
): void {
  const state: GameState = determinize(view, rng.uint());
  const path: Node[] = [root];
  let node = root;
  let atRoot = true;
  const { keys, nodes } = scratch;
  while (state.phase !== 'gameOver') {
    let moves = actorMoves(fast.legalMoves(state));
    // One key per move, computed once (no per-move objects); at the root only the moves asked about.
    keys.length = 0;
    if (atRoot) {
      const kept: Move[] = [];
      for (const m of moves) {
        const key = moveKey(m);
        if (rootKeys.has(key)) {
          kept.push(m);
          keys.push(key);
        }
      }
      moves = kept;
    } else {
      for (const m of moves) keys.push(moveKey(m));
    }
    atRoot = false;
    if (moves.length === 0) break;
    let untried = 0;
    for (const key of keys) if (!node.children.has(key)) untried++;
    if (untried > 0) {
      let pick = -1;
      if (node === root && opts.priorKey !== null) {
        const at = keys.indexOf(opts.priorKey);
        if (at >= 0 && !node.children.has(opts.priorKey)) pick = at;
      }
      const preferred = pick >= 0;
      if (!preferred) {
        // The n-th untried move, in the order of the legal moves.
        let n = rng.int(untried);
        for (let i = 0; i < keys.length; i++) {
          if (node.children.has(itemAt(keys, i, 'move key'))) continue;
          if (n-- === 0) {
            pick = i;
            break;
          }
        }
      }
      // Every child legal here was available, the new one included.
      for (const key of keys) {
        const known = node.children.get(key);
        if (known) known.availability++;
      }
      // `keys` and `moves` run in step; `pick` is one of their indices (an untried move exists).
      const picked = itemAt(moves, pick, 'picked move');
      const child = node.child(itemAt(keys, pick, 'picked key'), picked);
      child.availability++;
      if (preferred) child.bias = opts.priorWeight;
      fast.apply(state, picked);
      path.push(child);
      break;
    }
    nodes.length = 0;
    for (const key of keys) nodes.push(node.children.get(key)!);
    const next = selectChild(nodes, opts.exploration);
    fast.apply(state, next.move!);
    path.push(next);
    node = next;
  }
  playout(state, opts.policy, opts.depth, rng);
  const rewards = estimateRewards(state, opts.reward);
  for (const n of path) {
    n.visits++;
    if (n.move) n.reward += rewards[n.seat] ?? 0;
  }
}

/** Arrays reused by every iteration of one search. */
interface Scratch {
  keys: string[];
  nodes: Node[];
}

/** How often (in iterations) the search checks whether it may stop early. */
const CHECK_EVERY = 64;

/**
 * Early stop: the most visited root move can no longer be overtaken by the runner-up even if
 * every remaining iteration (estimated from the budget) went to the runner-up.
 */
function decided(
  root: Node,
  done: number,
  limit: number,
  start: number,
  deadline: number,
): boolean {
  let first = 0;
  let second = 0;
  for (const child of root.children.values()) {
    if (child.visits > first) {
      second = first;
      first = child.visits;
    } else if (child.visits > second) second = child.visits;
  }
  const elapsed = now() - start;
  const byTime = Number.isFinite(deadline)
    ? ((deadline - now()) * done) / Math.max(1e-3, elapsed)
    : Number.POSITIVE_INFINITY;
  const left = Math.min(limit - done, byTime);
  return first - second > left;
}

/** The legal moves' root children, most visited first (ties keep the order of `legal`). */
function rootMoveStats(root: Node, legal: readonly Move[]): RootMoveStats[] {
  const stats: RootMoveStats[] = [];
  for (const move of legal) {
    const child = root.children.get(moveKey(move));
    if (!child || child.visits === 0) continue;
    stats.push({ move, visits: child.visits, value: child.reward / child.visits });
  }
  // A stable sort keeps the first of equally visited moves first, as before.
  return stats.sort((a, b) => b.visits - a.visits);
}

/** Searches from `view` for its seat and returns the most visited of `legal`. */
export function search(
  view: GameView,
  legal: readonly Move[],
  options: SearchOptions,
): SearchResult {
  const start = now();
  const opts = {
    exploration: options.exploration ?? SEARCH_DEFAULTS.exploration,
    policy: options.policy ?? SEARCH_DEFAULTS.policy,
    depth: options.depth ?? SEARCH_DEFAULTS.depth,
    reward: options.reward ?? SEARCH_DEFAULTS.reward,
    priorKey: options.prior ? moveKey(options.prior) : null,
    priorWeight: options.priorWeight ?? SEARCH_DEFAULTS.priorWeight,
  };
  const limit =
    options.iterations ?? (options.timeMs === undefined ? 1000 : Number.POSITIVE_INFINITY);
  const deadline = options.timeMs === undefined ? Number.POSITIVE_INFINITY : start + options.timeMs;
  const rng = createRng(options.seed);
  const root = new Node(null, view.viewer ?? 0);
  const rootKeys = new Set(legal.map(moveKey));
  const scratch: Scratch = { keys: [], nodes: [] };
  let iterations = 0;
  while (iterations < limit && (iterations === 0 || now() < deadline)) {
    iterate(root, view, rootKeys, opts, rng, scratch);
    iterations++;
    if (
      options.earlyStop !== false &&
      iterations % CHECK_EVERY === 0 &&
      decided(root, iterations, limit, start, deadline)
    )
      break;
  }
  const moves = rootMoveStats(root, legal);
  const best = moves[0];
  return {
    move: best?.move ?? firstMove(legal),
    iterations,
    ms: now() - start,
    value: best?.value ?? 0,
    visits: best?.visits ?? 0,
    moves,
  };
}
