/** A scored candidate move with the reason that explains it. */
import type { Move } from '@gangsta/engine';
import type { Reason } from '../reasons.ts';

export interface Choice {
  move: Move;
  score: number;
  reason: Reason;
}

/** The best of several scored choices (the first wins ties, so order encodes preference). */
export function best(choices: readonly (Choice | null)[]): Choice | null {
  let top: Choice | null = null;
  for (const c of choices) if (c && (!top || c.score > top.score)) top = c;
  return top;
}

export function findMove<T extends Move['type']>(
  legal: readonly Move[],
  type: T,
  match: (move: Extract<Move, { type: T }>) => boolean = () => true,
): Extract<Move, { type: T }> | undefined {
  for (const move of legal) {
    if (move.type === type && match(move as Extract<Move, { type: T }>)) {
      return move as Extract<Move, { type: T }>;
    }
  }
  return undefined;
}
