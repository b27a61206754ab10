/** The tables as one service: wires the store, the tables in memory, the group commit and the bots. */
import type { FastifyBaseLogger as Logger } from 'fastify';
import { BotPool } from '../bots/pool.ts';
import type { Store } from '../store/types.ts';
import { BotRunner } from './bots.ts';
import { CommitQueue } from './commits.ts';
import type { TableContext } from './context.ts';
import { commitFailed, committed } from './play.ts';
import { Rooms } from './registry.ts';

export interface TableServiceOptions {
  botDelayMs: number;
  botThreads: number;
  /** The clock (tests pass a controllable one). */
  now?: () => number;
}

export class TableService {
  readonly ctx: TableContext;
  private readonly pool: BotPool;
  private readonly bots: BotRunner;

  constructor(store: Store, log: Logger, options: TableServiceOptions) {
    this.pool = new BotPool(options.botThreads);
    this.bots = new BotRunner(() => this.ctx, { pool: this.pool, delayMs: options.botDelayMs });
    const rooms = new Rooms(store);
    const commits = new CommitQueue(store, {
      committed: (batch) => committed(this.ctx, batch),
      failed: (batch, error) => commitFailed(this.ctx, batch, error),
    });
    this.ctx = {
      store,
      rooms,
      commits,
      log,
      chatBuckets: new Map(),
      wakeBots: (room) => this.bots.wake(room),
      now: options.now ?? Date.now,
      hooks: { movesCommitted: [], gameFinished: [], gameStarted: [] },
      runs: () => true,
      isConnected: (room, playerId) =>
        [...room.watchers].some((peer) => peer.player?.id === playerId),
    };
  }

  /** Rebuilds the waiting and playing tables from the store and lets their bots play on. */
  async rebuild(): Promise<number> {
    const { rebuilt, failed } = await this.ctx.rooms.rebuildActive();
    for (const { id, error } of failed) {
      this.ctx.log.error({ err: error, table: id }, 'a table could not be rebuilt');
    }
    for (const room of this.ctx.rooms.all()) this.bots.wake(room);
    return rebuilt;
  }

  /** Stops the bots and waits for the moves being committed. */
  async stop(): Promise<void> {
    this.bots.stop();
    await this.ctx.commits.drained();
    await this.pool.close();
  }
}
