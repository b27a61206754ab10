/**
 * Runs a game review one decision at a time, giving way to the event loop between decisions
 * so that progress can be shown and a "cancel" heard. Used in the bot worker and, where no
 * worker exists (unit tests), on the page; loaded on demand, never in the first bundle.
 * The costliest decisions are those beyond the estimates' noise (bots/reviewNoise.ts), so a move
 * is never called costly on noise alone, the table's hint included.
 */
import { type GameReview, GameReviewer } from '@gangsta/bots';
import type { GameRecord, Seat } from '@gangsta/engine';
import { withCostliest } from './reviewNoise.ts';

export interface ReviewRun {
  record: GameRecord;
  seat: Seat;
  /** Simulations per decision; the bots' default when left out or undefined. */
  iterations?: number | undefined;
  onProgress: (done: number, total: number) => void;
  cancelled: () => boolean;
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The review, or null when it was cancelled. */
export async function runReview(run: ReviewRun): Promise<GameReview | null> {
  const options = run.iterations === undefined ? {} : { iterations: run.iterations };
  const reviewer = new GameReviewer(run.record, run.seat, options);
  run.onProgress(0, reviewer.total);
  while (!reviewer.finished) {
    await pause();
    if (run.cancelled()) return null;
    reviewer.step();
    run.onProgress(reviewer.reviewed, reviewer.total);
  }
  return withCostliest(reviewer.result());
}
