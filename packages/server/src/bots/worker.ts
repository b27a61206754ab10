/**
 * A bot thread (run by the pool in pool.ts): decides one move from a seat's view and legal
 * moves, as the web client's bot worker does (`createBot` with the level's preset). An error
 * thrown here fails that task alone.
 */
import { createBot, LEVELS } from '@gangsta/bots';
import type { BotAnswer, BotTask } from './messages.ts';

export default function decide(task: BotTask): BotAnswer {
  const bot = createBot({ ...LEVELS[task.level], level: task.level, seed: task.seed });
  return bot.decide(task.view, task.legal).move;
}
