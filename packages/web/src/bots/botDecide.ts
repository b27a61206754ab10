/**
 * Runs one bot decision with the bots package. Loaded by the bot worker (and, where a browser
 * has no module workers, lazily on the page), never in the first bundle.
 */
import { type BotConfig, createBot, LEVELS } from '@gangsta/bots';
import type { GameView, Move } from '@gangsta/engine';
import type { BotSeatKind } from '../game/seats.ts';
import type { BotAnswer } from './botProtocol.ts';

export function botConfig(kind: BotSeatKind, seed: number): BotConfig {
  if (kind === 'random') return { kind: 'random', seed };
  return { ...LEVELS[kind], level: kind, seed };
}

export function decide(kind: BotSeatKind, seed: number, view: GameView, legal: Move[]): BotAnswer {
  const decision = createBot(botConfig(kind, seed)).decide(view, legal);
  const answer: BotAnswer = { move: decision.move };
  if (decision.reason !== undefined) answer.reason = decision.reason;
  if (decision.stats !== undefined) answer.stats = decision.stats;
  return answer;
}
