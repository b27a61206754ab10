/** Messages between the page and the bot worker (botWorker.ts). Plain data only. */
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
  reason?: string;
  stats?: { iterations: number; ms: number };
}

export type BotResponse =
  | { id: number; ok: true; answer: BotAnswer }
  | { id: number; ok: false; message: string };
