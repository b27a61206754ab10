/**
 * Who won and how (R-END-4): the highest IP wins; a tie on IP goes to the most members; a tie
 * on both is a shared victory. The score screen explains a tie in those words, and orders the
 * players by the same rule.
 */
import type { GameResult, ScoreBreakdown, Seat } from '@gangsta/engine';

export type Outcome =
  | { kind: 'clear'; winner: Seat }
  /** Tied on IP with `tied`; the winner's larger gang broke the tie. */
  | { kind: 'gangSize'; winner: Seat; tied: Seat[]; total: number; size: number }
  /** Tied on IP and gang size. */
  | { kind: 'shared'; winners: Seat[]; total: number; size: number };

export function outcomeOf(result: GameResult): Outcome {
  const winners = result.winners;
  const first = result.scores.find((s) => s.seat === winners[0]);
  if (!first) throw new Error('a game result names a winner without a score');
  if (winners.length > 1) {
    return { kind: 'shared', winners: [...winners], total: first.total, size: first.gangSize };
  }
  const tied = result.scores
    .filter((s) => s.seat !== first.seat && s.total === first.total)
    .map((s) => s.seat);
  if (tied.length === 0) return { kind: 'clear', winner: first.seat };
  return { kind: 'gangSize', winner: first.seat, tied, total: first.total, size: first.gangSize };
}

/** A player's place: 1 for the winner(s); players tied on IP and gang size share a place. */
export interface Ranked {
  score: ScoreBreakdown;
  rank: number;
}

/** Best first: IP, then gang size (R-END-4), then seat order. */
export function ranking(scores: readonly ScoreBreakdown[]): Ranked[] {
  const better = (a: ScoreBreakdown, b: ScoreBreakdown) =>
    a.total > b.total || (a.total === b.total && a.gangSize > b.gangSize);
  return [...scores]
    .sort((a, b) => b.total - a.total || b.gangSize - a.gangSize || a.seat - b.seat)
    .map((score) => ({ score, rank: 1 + scores.filter((other) => better(other, score)).length }));
}
