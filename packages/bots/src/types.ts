/**
 * The bots' public contract: the CLI, the web client (in a Web Worker) and the tournament
 * runner all talk to bots through these types only.
 */
import type { GameView, Move } from '@gangsta/engine';
import type { Reason } from './reasons.ts';

export type BotKind = 'random' | 'heuristic' | 'ismcts';
export type BotLevel = 'easy' | 'medium' | 'hard';

export interface BotConfig {
  kind: BotKind;
  /** Seeds the bot's own generator: the same seed, view and legal moves give the same move. */
  seed: number;
  /** A preset from LEVELS; explicit `iterations` / `timeMs` override it. */
  level?: BotLevel;
  /** ISMCTS: iterations per decision. */
  iterations?: number;
  /** ISMCTS: wall-clock budget per decision, in milliseconds. */
  timeMs?: number;
}

export interface BotDecision {
  move: Move;
  /**
   * Why, as a message id with parameters (heuristic and ISMCTS bots): translate it, or word it
   * in English with `describeReason`.
   */
  reason?: Reason;
  /** Search effort (ISMCTS). */
  stats?: { iterations: number; ms: number };
}

export interface Bot {
  readonly config: BotConfig;
  /** Chooses one of `legal` (the legal moves of the view's seat) from the seat's view only. */
  decide(view: GameView, legal: Move[]): BotDecision;
}
