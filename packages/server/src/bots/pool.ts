/**
 * The bots' worker threads, so that a thinking bot (up to a second for "hard") never blocks the
 * server's event loop: a piscina pool (see ../threads.ts for why) of up to `size` threads,
 * started on first use and kept; tasks wait in order.
 */
import type { GameView, Move } from '@gangsta/engine';
import type { BotLevel } from '@gangsta/protocol';
import type { Piscina } from 'piscina';
import { threadPool } from '../threads.ts';
import type { BotTask } from './messages.ts';

export class BotPool {
  private readonly pool: Piscina<BotTask, Move>;
  private closed = false;

  constructor(size: number) {
    // Threads start on first use and are kept (idle ones do not keep the process alive).
    this.pool = threadPool('bots', { minThreads: 0, maxThreads: size, idleTimeout: Infinity });
  }

  /**
   * The bot's move. Fails with the bot's own error, or, when its thread died, with
   * "a bot thread stopped"; a fresh thread takes the next task.
   */
  async decide(level: BotLevel, seed: number, view: GameView, legal: Move[]): Promise<Move> {
    if (this.closed) throw new Error('the bot pool is closed');
    try {
      return await this.pool.run({ level, seed, view, legal });
    } catch (error) {
      throw this.closed ? new Error('the bot pool is closed') : explained(error);
    }
  }

  /** The threads now running (for tests that end one as a crash would). */
  get threads() {
    return this.pool.threads;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool.destroy();
  }
}

/** piscina says "worker exited with code: 1" when a thread dies; say which thread. */
function explained(error: unknown): Error {
  if (error instanceof Error && /^worker exited/.test(error.message))
    return new Error(`a bot thread stopped (${error.message}); it is replaced for the next move`);
  return error instanceof Error ? error : new Error(String(error));
}
