/** The tables as one service: wires the store, the tables in memory, the group commit and the bots. */
import type { FastifyBaseLogger as Logger } from 'fastify';
import { BotPool } from '../bots/pool.ts';
import { type Cluster, RedisCluster, singleProcess } from '../cluster/index.ts';
import { createMetrics } from '../ops/metrics.ts';
import type { Store } from '../store/types.ts';
import { BotRunner } from './bots.ts';
import { CommitQueue } from './commits.ts';
import type { TableContext } from './context.ts';
import { commitConflicted, commitFailed, committed } from './play.ts';
import { Rooms } from './registry.ts';

export interface TableServiceOptions {
  botDelayMs: number;
  botThreads: number;
  /** Redis: this process is one of a cluster sharing the store (else it is alone). */
  redisUrl?: string | null;
  /** The clock (tests pass a controllable one). */
  now?: () => number;
}

export class TableService {
  readonly ctx: TableContext;
  private readonly pool: BotPool;
  private readonly bots: BotRunner;
  readonly cluster: Cluster;
  /** Open WebSocket connections (the hub sets it; for the metrics). */
  connections: () => number = () => 0;

  constructor(store: Store, log: Logger, options: TableServiceOptions) {
    this.pool = new BotPool(options.botThreads);
    this.bots = new BotRunner(() => this.ctx, { pool: this.pool, delayMs: options.botDelayMs });
    const rooms = new Rooms(store);
    const commits = new CommitQueue(store, {
      committed: (batch) => committed(this.ctx, batch),
      conflicted: (batch) => commitConflicted(this.ctx, batch),
      failed: (batch, error) => commitFailed(this.ctx, batch, error),
    });
    const now = options.now ?? Date.now;
    this.cluster = options.redisUrl ? new RedisCluster(options.redisUrl, log, now) : singleProcess();
    const cluster = this.cluster;
    this.ctx = {
      store,
      rooms,
      commits,
      log,
      chatBuckets: new Map(),
      wakeBots: (room) => this.bots.wake(room),
      now,
      hooks: { movesCommitted: [], gameFinished: [], gameStarted: [], runnerChanged: [] },
      cluster: cluster.link,
      runs: (room) => cluster.runs(room),
      metrics: createMetrics({
        liveGames: () => [...rooms.all()].filter((r) => r.table.status === 'playing').length,
        connections: () => this.connections(),
        tablesRun: () =>
          [...rooms.all()].filter((r) => r.table.status !== 'finished' && cluster.runs(r)).length,
      }),
      isConnected: (room, playerId) => cluster.isConnected(room, playerId),
    };
  }

  /** Rebuilds the waiting and playing tables from the store and lets their bots play on. */
  async rebuild(): Promise<number> {
    const { rebuilt, failed } = await this.ctx.rooms.rebuildActive();
    for (const { id, error } of failed) {
      this.ctx.log.error({ err: error, table: id }, 'a table could not be rebuilt');
    }
    // Alone, this process runs every table; in a cluster, those whose lease it takes.
    await this.cluster.start(this.ctx);
    for (const room of this.ctx.rooms.all()) this.bots.wake(room);
    return rebuilt;
  }

  /** Stops the bots and waits for the moves being committed. */
  async stop(): Promise<void> {
    this.bots.stop();
    await this.ctx.commits.drained();
    await this.cluster.close();
    await this.pool.close();
  }
}
