import type { Move } from '@gangsta/engine';

/**
 * The first of a decision's legal moves: the fallback when nothing scores better. The engine
 * never asks a seat to decide without at least one legal move (a decision with none would
 * stop the game), so an empty list is a bug in the caller, said as such.
 */
export function firstMove(legal: readonly Move[]): Move {
  const move = legal[0];
  if (move === undefined) throw new Error('a decision without a legal move');
  return move;
}
