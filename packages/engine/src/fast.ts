/**
 * The hot path for search (ISMCTS playouts, benchmarks): mutating, unchecked, no events.
 * Apply only moves taken from `legalMoves` of the same state. Rules are the same code as the
 * safe API: only the checks, the copying, the events and the undo bookkeeping are skipped.
 */
import { cloneState } from './clone.ts';
import { makeCtx } from './context.ts';
import { currentDecision } from './decision.ts';
import { movesFor } from './legal.ts';
import { applyInPlace } from './step.ts';
import type { Decision, GameState, Move } from './types.ts';

export const clone: (state: GameState) => GameState = cloneState;

/**
 * Legal moves for search: every move but the Bank's, of which only the withdrawals that make a
 * purchase affordable are listed (a subset of the checked `legalMoves`).
 */
export function legalMoves(state: GameState): Move[] {
  return movesFor(makeCtx(state, false, true));
}

export function decision(state: GameState): Decision {
  return currentDecision(makeCtx(state, false));
}

/** Applies a legal move in place. */
export function apply(state: GameState, move: Move): void {
  applyInPlace(makeCtx(state, false), move, false);
}
