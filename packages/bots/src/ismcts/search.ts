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
  type Move,
  moveKey,
} from '@gangsta/engine';
import { now } from '../clock.ts';
import { createRng, type Rng } from '../rng.ts';
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

type Settings = Required<
  Omit<SearchOptions, 'iterations' | 'timeMs' | 'seed' | 'prior' | 'priorWeight'>
> & { priorKey: string | null; priorWeight: number };

function iterate(
  root: Node,
  view: GameView,
  rootKeys: ReadonlySet<string>,
  opts: Settings,
  rng: Rng,
): void {
  const state: GameState = determinize(view, rng.uint());
  const path: Node[] = [root];
  let node = root;
  let atRoot = true;
  while (state.phase !== 'gameOver') {
    let moves = actorMoves(fast.legalMoves(state));
    if (atRoot) moves = moves.filter((m) => rootKeys.has(moveKey(m)));
    atRoot = false;
    if (moves.length === 0) break;
    const keyed = moves.map((move) => ({ key: moveKey(move), move }));
    const untried = keyed.filter((k) => !node.children.has(k.key));
    if (untried.length > 0) {
      const preferred = node === root ? untried.find((k) => k.key === opts.priorKey) : undefined;
      const pick = preferred ?? untried[rng.int(untried.length)];
      // Every child legal here was available, the new one included.
      for (const k of keyed) {
        const known = node.children.get(k.key);
        if (known) known.availability++;
      }
      const child = node.child(pick.key, pick.move);
      child.availability++;
      if (preferred) child.bias = opts.priorWeight;
      fast.apply(state, pick.move);
      path.push(child);
      break;
    }
    const next = selectChild(
      keyed.map((k) => ({ key: k.key, node: node.children.get(k.key)! })),
      opts.exploration,
    );
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
  let iterations = 0;
  while (iterations < limit && (iterations === 0 || now() < deadline)) {
    iterate(root, view, rootKeys, opts, rng);
    iterations++;
    if (iterations % CHECK_EVERY === 0 && decided(root, iterations, limit, start, deadline)) break;
  }
  const moves = rootMoveStats(root, legal);
  const best = moves[0];
  return {
    move: best?.move ?? legal[0],
    iterations,
    ms: now() - start,
    value: best?.value ?? 0,
    visits: best?.visits ?? 0,
    moves,
  };
}
