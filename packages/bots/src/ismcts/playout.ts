/**
 * Playout policies. `light` picks moves at random with weights by move type (heists and
 * recruits over passing, free readies over paid ones): cheap, so many iterations fit in a
 * second. `heuristic` asks the full heuristic player at every step: much slower per
 * iteration. `mixed` uses the heuristic for the turn's action only.
 */
import { type Decision, fast, type GameState, itemAt, type Move } from '@gangsta/engine';
import { heuristicChoice } from '../heuristic/index.ts';
import { type Rng, weightedIndex } from '../rng.ts';

export type PlayoutPolicy = 'light' | 'mixed' | 'heuristic';

/** `decision` may be null for moves whose weight does not depend on it (`needsDecision`). */
function lightWeight(move: Move, decision: Decision | null): number {
  switch (move.type) {
    case 'heist':
      return 8;
    case 'heistFromDeck':
      return 3;
    case 'recruit':
      return decision?.kind === 'action' ? 3 : 4;
    case 'recruitFromDeck':
      return 2;
    case 'pass':
      return 1.5;
    case 'ready':
      return decision?.kind === 'mobilize' && decision.freeReadies <= 0 ? 0.4 : 3;
    case 'mobilizeGang':
    case 'returnFromHospital':
      return 4;
    case 'abandonHeist':
      return 0.02;
    case 'bank':
      // Many amounts are offered; together they should rarely beat moving on.
      return 0.01;
    case 'headquarters':
      return 0.1;
    case 'discardRow':
      return 0.3;
    case 'done':
      return 1;
    default:
      return 1;
  }
}

/**
 * Moves the search leaves out: Bank transfers (value-neutral shuffles that can repeat forever;
 * the heuristic manages the Bank) and abandoning a heist (the engine only offers activations
 * that can still complete it, so giving up only loops back).
 */
export function isSearchable(move: Move): boolean {
  return move.type !== 'bank' && move.type !== 'abandonHeist';
}

/** The moves the search considers: one seat's (simultaneous choices are taken one seat at a
 * time), without the moves it leaves out unless nothing else is left. */
export function actorMoves(moves: Move[]): Move[] {
  const [first] = moves;
  if (first === undefined) return moves;
  const seat = first.seat;
  let mixed = false;
  let leftOut = false;
  for (const m of moves) {
    if (m.seat !== seat) mixed = true;
    if (!isSearchable(m)) leftOut = true;
  }
  // The common case (one seat, nothing left out) allocates nothing.
  const mine = mixed ? moves.filter((m) => m.seat === seat) : moves;
  if (!leftOut) return mine;
  const kept = mine.filter(isSearchable);
  return kept.length > 0 ? kept : mine;
}

/** Whether a move's light weight depends on the decision (recruit and ready do). */
function needsDecision(move: Move): boolean {
  return move.type === 'recruit' || move.type === 'ready';
}

export function playoutMove(state: GameState, policy: PlayoutPolicy, rng: Rng): Move | null {
  const moves = actorMoves(fast.legalMoves(state));
  const [first] = moves;
  if (first === undefined) return null;
  if (moves.length === 1) return first;
  if (policy !== 'light') {
    const decision = fast.decision(state);
    if (policy === 'heuristic' || decision.kind === 'action') {
      return heuristicChoice(state, decision, moves, first.seat).move;
    }
  }
  // The decision is read only when a weight needs it (it costs a context and a lookup).
  let decision: Decision | null = null;
  // One array reused by every step (playouts run one at a time).
  weights.length = moves.length;
  for (let i = 0; i < moves.length; i++) {
    const m = itemAt(moves, i, 'move');
    if (decision === null && needsDecision(m)) decision = fast.decision(state);
    weights[i] = lightWeight(m, decision);
  }
  return itemAt(moves, weightedIndex(rng, weights), 'weighted move');
}

const weights: number[] = [];

/** Plays up to `depth` moves in place; returns how many were played. */
export function playout(state: GameState, policy: PlayoutPolicy, depth: number, rng: Rng): number {
  let n = 0;
  while (n < depth && state.phase !== 'gameOver') {
    const move = playoutMove(state, policy, rng);
    if (!move) break;
    fast.apply(state, move);
    n++;
  }
  return n;
}
