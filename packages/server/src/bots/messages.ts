/** What the main thread and a bot worker say to each other. */
import type { GameView, Move } from '@gangsta/engine';
import type { BotLevel } from '@gangsta/protocol';

export interface BotTask {
  id: number;
  level: BotLevel;
  seed: number;
  view: GameView;
  legal: Move[];
}

export type BotReply =
  | { id: number; ok: true; move: Move }
  | { id: number; ok: false; error: string };
