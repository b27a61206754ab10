/** Messages between the page and the bot worker (botWorker.ts). Plain data only. */
import type { GameReview, Reason } from '@gangsta/bots';
import type { GameRecord, GameView, Move, Seat } from '@gangsta/engine';
import type { BotSeatKind } from '../game/seats.ts';

/** A bot's decision (`type` may be left out: the first kind of request). */
export interface BotRequest {
  type?: 'decide';
  id: number;
  kind: BotSeatKind;
  seed: number;
  view: GameView;
  legal: Move[];
}

/** Review a finished game for one seat (progress messages follow, then the review). */
export interface ReviewRequest {
  type: 'review';
  id: number;
  record: GameRecord;
  seat: Seat;
  /** Simulations per decision; the bots' default when left out. */
  iterations?: number;
}

/** Stop the review with this id (it answers with `cancelled`). */
export interface CancelRequest {
  type: 'cancel';
  id: number;
}

export type WorkerRequest = BotRequest | ReviewRequest | CancelRequest;

export interface BotAnswer {
  move: Move;
  /** Why, as a message id with parameters (translated by text/botReason.ts). */
  reason?: Reason;
  stats?: { iterations: number; ms: number };
}

export type BotResponse =
  | { id: number; ok: true; answer: BotAnswer }
  | { id: number; ok: false; message: string };

export type ReviewResponse =
  | { id: number; type: 'progress'; done: number; total: number }
  | { id: number; type: 'review'; review: GameReview }
  | { id: number; type: 'cancelled' }
  | { id: number; type: 'failed'; message: string };

export type WorkerResponse = BotResponse | ReviewResponse;
