/**
 * The bot worker's calls (served by botWorker.ts through workerChannel.ts): each kind with its
 * request, answer and progress. Plain data only.
 */
import type { GameReview, Reason } from '@gangsta/bots';
import type { GameRecord, GameView, Move, Seat } from '@gangsta/engine';
import type { BotSeatKind } from '../game/seats.ts';
import type { Exchange } from './workerChannel.ts';

/** A bot's decision. */
export interface DecideRequest {
  kind: BotSeatKind;
  seed: number;
  view: GameView;
  legal: Move[];
}

export interface BotAnswer {
  move: Move;
  /** Why, as a message id with parameters (translated by text/botReason.ts). */
  reason?: Reason;
  stats?: { iterations: number; ms: number };
}

/** Review a finished game for one seat. */
export interface ReviewRequest {
  record: GameRecord;
  seat: Seat;
  /** Simulations per decision; the bots' default when left out or undefined. */
  iterations?: number | undefined;
}

export interface ReviewProgress {
  done: number;
  total: number;
}

export type BotMessages = {
  decide: Exchange<DecideRequest, BotAnswer>;
  /** The review, or null when it was cancelled. */
  review: Exchange<ReviewRequest, GameReview | null, ReviewProgress>;
};
