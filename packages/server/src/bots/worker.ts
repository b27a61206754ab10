/**
 * A bot worker thread: decides one move at a time from a seat's view and legal moves, as the
 * web client's bot worker does (`createBot` with the level's preset).
 */
import { parentPort } from 'node:worker_threads';
import { createBot, LEVELS } from '@gangsta/bots';
import type { BotReply, BotTask } from './messages.ts';

function decide(task: BotTask): BotReply {
  try {
    const bot = createBot({ ...LEVELS[task.level], level: task.level, seed: task.seed });
    return { id: task.id, ok: true, move: bot.decide(task.view, task.legal).move };
  } catch (error) {
    return {
      id: task.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

parentPort?.on('message', (task: BotTask) => {
  parentPort?.postMessage(decide(task));
});
