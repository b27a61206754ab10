/** What the main thread asks a bot thread: the answer is the bot's move. */
import type { GameView, Move } from '@gangsta/engine';
import type { BotLevel } from '@gangsta/protocol';

export interface BotTask {
  level: BotLevel;
  seed: number;
  view: GameView;
  legal: Move[];
}

export type BotAnswer = Move;
