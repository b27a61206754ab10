/** The tables as one service: wires the store, the tables in memory, the group commit and the bots. */
import type { FastifyBaseLogger as Logger } from 'fastify';
import { BotPool } from '../bots/pool.ts';
import { type Cluster, RedisCluster, singleProcess } from '../cluster/index.ts';
import { createMetrics } from '../ops/metrics.ts';
import type { Store } from '../store/types.ts';
import { type Clock, timerClock } from '../time.ts';
import { BotRunner } from './bots.ts';
import { CommitQueue } from './commits.ts';
import type { TableContext } from './context.ts';
import { commitConflicted, commitFailed, committed } from './play.ts';
import { Rooms } from './registry.ts';
import { TableTimers } from './timers.ts';

export interface TableServiceOptions {
  botDelayMs: number;
  botThreads: number;
  /** Redis: this process is one of a cluster sharing the store (else it is alone). */
  redisUrl?: string | null;
  /** The clock (tests pass a controllable one). */
  now?: () => number;
  /** The clock with its timers; by default real timers on `now`. */
  clock?: Clock;
  /** A friendly table's bot takes the seat of a player gone this long (ms). */
  absentMs?: number;
}

export class TableService {
  readonly ctx: TableContext;
  private readonly pool: BotPool;
  private readonly bots: BotRunner;
  private readonly timers: TableTimers;
  readonly cluster: Cluster;
  /** Open WebSocket connections (the hub sets it; for the metrics). */
  connections: () => number = () => 0;

  constructor(store: Store, log: Logger, options: TableServiceOptions) {
    this.pool = new BotPool(options.botThreads);
    this.bots = new BotRunner(() => this.ctx, { pool: this.pool, delayMs: options.botDelayMs });
    this.timers = new TableTimers(() => this.ctx, options.absentMs ?? 120_000);
    const clock = options.clock ?? timerClock(options.now ?? Date.now);
    const now = () => clock.now();
    const rooms = new Rooms(store, now, (room, playerId) =>
      this.cluster.isConnected(room, playerId),
    );
    const commits = new CommitQueue(store, {
      committed: (batch) => committed(this.ctx, batch),
      conflicted: (batch) => commitConflicted(this.ctx, batch),
      failed: (batch, error) => commitFailed(this.ctx, batch, error),
    });
    this.cluster = options.redisUrl
      ? new RedisCluster(options.redisUrl, log, now)
      : singleProcess();
    const cluster = this.cluster;
    this.ctx = {
      store,
      rooms,
      commits,
      log,
      chatBuckets: new Map(),
      wakeBots: (room) => {
        this.bots.wake(room);
        this.timers.arm(room);
      },
      now,
      clock,
      armTimers: (room) => this.timers.arm(room),
      hooks: {
        movesCommitted: [],
        gameFinished: [],
        gameStarted: [],
        // A table this process now runs (a lease taken over): its clock's deadlines too.
        runnerChanged: [(room) => this.ctx.armTimers(room)],
      },
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
    // A table's timer is set again after its moves commit and when this process takes it over.
    this.ctx.hooks.movesCommitted.push((room) => this.timers.arm(room));
    this.ctx.hooks.runnerChanged.push((room) => this.ctx.wakeBots(room));
    // Alone, this process runs every table; in a cluster, those whose lease it takes.
    await this.cluster.start(this.ctx);
    // The bots play on, and the clocks' deadlines (in the rows) are set again.
    for (const room of this.ctx.rooms.all()) this.ctx.wakeBots(room);
    return rebuilt;
  }

  /** Stops the bots and waits for the moves being committed. */
  async stop(): Promise<void> {
    this.bots.stop();
    this.timers.stop();
    await this.ctx.commits.drained();
    await this.cluster.close();
    await this.pool.close();
  }
}
