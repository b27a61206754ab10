/** Messages between the page and the bot worker (botWorker.ts). Plain data only. */
import type { Reason } from '@gangsta/bots';
import type { GameView, Move } from '@gangsta/engine';
import type { BotSeatKind } from './seats.ts';

export interface BotRequest {
  id: number;
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

export type BotResponse =
  | { id: number; ok: true; answer: BotAnswer }
  | { id: number; ok: false; message: string };
