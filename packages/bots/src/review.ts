/**
 * A game review: for each decision one seat made, the search's estimate of that seat's win
 * chance after the move it played and after the move the search likes best, from the seat's
 * own view at that point (as a bot in that seat would have seen it; never the full state).
 * The costliest decisions are those where the played move lost the most win chance.
 *
 * "Win chance" is the search's mean reward with the `win` reward and playouts played to the
 * end of the game: the share of simulated futures (deals of the hidden cards consistent with
 * the view, then the search's own and rivals' replies and a light playout) that the seat won, a
 * tie counting as a share. It is an estimate by a bot, not a truth: a few hundred simulations
 * per decision, with the playout policy's idea of how everyone plays on. Playing every playout
 * to the end costs about twice the bots' usual 120-move cut (judged by the score margin), but a
 * cut playout would make "win chance" a squashed margin rather than a share of games won.
 * Cost: about 400 + 2 × 200 simulations for a decision where the played move was not the best
 * (a second or so in a browser), 400 otherwise; a 4-player game has 40–60 such decisions.
 */
import {
  applyMove,
  createGame,
  type GameRecord,
  type GameView,
  legalMoves,
  type Move,
  moveKey,
  type Seat,
  viewFor,
} from '@gangsta/engine';
import { describeMove } from './describe.ts';
import { heuristicChoice } from './heuristic/index.ts';
import { isSearchable } from './ismcts/playout.ts';
import { search } from './ismcts/search.ts';
import type { Reason } from './reasons.ts';
import { hashString, mixSeeds } from './rng.ts';

export interface ReviewOptions {
  /**
   * Simulations per decision (default 400). The played and the best move are then estimated
   * again on their own with the same budget (a search of one root move stops after about half).
   */
  iterations?: number;
  /** Seeds every decision's search (mixed with the move index); default the game's seed. */
  seed?: number;
  /** How many of the costliest decisions to keep (default 5). */
  top?: number;
  /**
   * Losses below this (0..1) are not worth pointing at (default 0.05: five points; with 400
   * simulations an estimate's standard error is about three points).
   */
  minLoss?: number;
}

/** A position the reviewed seat decided in: only what that seat could see, and what it did. */
export interface ReviewPosition {
  /** Index of the played move in the game record. */
  index: number;
  view: GameView;
  legal: Move[];
  played: Move;
}

export interface ReviewedDecision {
  /** Index of the played move in the record: the replay step before it is `index`. */
  index: number;
  turn: number;
  chapter: number;
  played: Move;
  best: Move;
  /** Estimated win chance (0..1) after the played move and after the best one. */
  playedChance: number;
  bestChance: number;
  /** `bestChance - playedChance`, never below 0; 0 when the played move is the best. */
  loss: number;
  /** Why the better move: the heuristic's explanation of it (a reason id with parameters). */
  reason: Reason;
  /** Simulations behind each estimate. */
  playedVisits: number;
  bestVisits: number;
}

export interface GameReview {
  seat: Seat;
  iterations: number;
  /** Every reviewed decision, in game order. */
  decisions: ReviewedDecision[];
  /** The costliest decisions, most win chance lost first (at most `top`, each ≥ `minLoss`). */
  costliest: ReviewedDecision[];
}

export const REVIEW_DEFAULTS = { iterations: 400, top: 5, minLoss: 0.05 };

/** Long enough for any playout to reach the end of the game, so `win` is a real win or loss. */
const FULL_DEPTH = 10_000;

/** Reasons too generic to explain a move: the move itself is described instead. */
const GENERIC = new Set(['onlyMove', 'defaultChoice', 'action.fallback']);

/**
 * The positions in which `seat` chose among several moves the search weighs (the Bank and
 * giving up a heist are left to the heuristic, as the bots do). Each holds the seat's view only.
 */
export function reviewPositions(record: GameRecord, seat: Seat): ReviewPosition[] {
  const created = createGame({ ...record.options, cardSet: record.cardSet });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const positions: ReviewPosition[] = [];
  record.moves.forEach((played, index) => {
    if (played.seat === seat && isSearchable(played)) {
      const legal = legalMoves(state, seat);
      if (legal.filter(isSearchable).length > 1) {
        positions.push({ index, view: viewFor(state, seat), legal, played });
      }
    }
    const next = applyMove(state, played);
    if (!next.ok) throw new Error(`move ${index + 1} does not replay: ${next.error.message}`);
    state = next.state;
  });
  return positions;
}

/** Why `best` is good, in the heuristic's words (or, failing that, what it does). */
function reasonFor(view: GameView, best: Move, seat: Seat): Reason {
  // Offered only the one move (twice, so it is weighed rather than "the only legal move"),
  // the heuristic explains what that move is good for.
  const choice = heuristicChoice(view, view.decision, [best, best], seat);
  if (moveKey(choice.move) === moveKey(best) && !GENERIC.has(choice.reason.id)) {
    return choice.reason;
  }
  return describeMove(best);
}

/** Reviews one decision from the seat's view. Deterministic for a given seed. */
export function reviewDecision(
  position: ReviewPosition,
  options: { iterations?: number; seed: number },
): ReviewedDecision {
  const { view, played } = position;
  const seat = played.seat;
  const iterations = options.iterations ?? REVIEW_DEFAULTS.iterations;
  const searchable = position.legal.filter(isSearchable);
  const hint = heuristicChoice(view, view.decision, position.legal, seat);
  const seed = mixSeeds(options.seed, hashString(`review|${position.index}`));
  const settings = { reward: 'win' as const, depth: FULL_DEPTH };
  const result = search(view, searchable, {
    ...settings,
    iterations,
    ...(isSearchable(hint.move) ? { prior: hint.move } : {}),
    seed,
  });
  const best = result.moves[0] ?? { move: result.move, visits: 0, value: 0 };
  let bestStats = { value: best.value, visits: best.visits };
  let playedStats = bestStats;
  const same = moveKey(played) === moveKey(best.move);
  if (!same) {
    // The best move's mean is the top of several noisy means (biased up) and the played move
    // may have had few simulations: both are estimated again on their own, with equal budgets
    // and the same seed (so the two see the same deals first, and their difference is steadier).
    const again = (move: Move) => {
      const own = search(view, [move], {
        ...settings,
        // With one root move the search stops early, after about half of this budget.
        iterations,
        seed: mixSeeds(seed, 1),
      });
      return { value: own.value, visits: own.visits };
    };
    bestStats = again(best.move);
    playedStats = again(played);
  }
  return {
    index: position.index,
    turn: view.turnNumber,
    chapter: view.chapter,
    played,
    best: best.move,
    playedChance: playedStats.value,
    bestChance: bestStats.value,
    loss: Math.max(0, bestStats.value - playedStats.value),
    reason: reasonFor(view, best.move, seat),
    playedVisits: playedStats.visits,
    bestVisits: bestStats.visits,
  };
}

/** The costliest of `decisions`: the largest losses first, at most `top`, each ≥ `minLoss`. */
export function costliest(
  decisions: readonly ReviewedDecision[],
  top = REVIEW_DEFAULTS.top,
  minLoss = REVIEW_DEFAULTS.minLoss,
): ReviewedDecision[] {
  return decisions
    .filter((d) => d.loss >= minLoss)
    .sort((a, b) => b.loss - a.loss || a.index - b.index)
    .slice(0, top);
}

/**
 * A review done one decision at a time, so a caller can report progress, yield to its event
 * loop between steps (a Web Worker that must hear "cancel") and stop early.
 */
export class GameReviewer {
  readonly positions: ReviewPosition[];
  private readonly done: ReviewedDecision[] = [];
  private readonly iterations: number;
  private readonly seed: number;

  constructor(
    record: GameRecord,
    readonly seat: Seat,
    private readonly options: ReviewOptions = {},
  ) {
    this.positions = reviewPositions(record, seat);
    this.iterations = options.iterations ?? REVIEW_DEFAULTS.iterations;
    this.seed = options.seed ?? record.options.seed;
  }

  get total(): number {
    return this.positions.length;
  }

  get reviewed(): number {
    return this.done.length;
  }

  get finished(): boolean {
    return this.done.length >= this.positions.length;
  }

  /** Reviews the next decision; false when there was none left. */
  step(): boolean {
    const position = this.positions[this.done.length];
    if (!position) return false;
    this.done.push(reviewDecision(position, { iterations: this.iterations, seed: this.seed }));
    return true;
  }

  result(): GameReview {
    return {
      seat: this.seat,
      iterations: this.iterations,
      decisions: [...this.done],
      costliest: costliest(this.done, this.options.top, this.options.minLoss),
    };
  }
}

/** Reviews a whole game for `seat` at once (the command line; the web steps a GameReviewer). */
export function reviewGame(
  record: GameRecord,
  seat: Seat,
  options: ReviewOptions & { onProgress?: (done: number, total: number) => void } = {},
): GameReview {
  const reviewer = new GameReviewer(record, seat, options);
  while (reviewer.step()) options.onProgress?.(reviewer.reviewed, reviewer.total);
  return reviewer.result();
}
