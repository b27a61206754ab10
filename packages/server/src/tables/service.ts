/** The tables as one service: wires the store, the tables in memory, the group commit and the bots. */
import { LIMITS } from '@gangsta/protocol';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { BotPool } from '../bots/pool.ts';
import { DEFAULT_LIMITS, type ResourceLimits } from '../config.ts';
import { createMetrics } from '../ops/metrics.ts';
import type { TokenBucket } from '../rateLimit.ts';
import type { StoreHealth } from '../store/health.ts';
import type { Store } from '../store/types.ts';
import { realTime, type TimeSource } from '../time.ts';
import type { LocalTables, TableContext, TableHooks, TableOwners } from './context.ts';
import { localTables } from './localTables.ts';
import { startExpiry } from './memory/expiry.ts';
import { Rooms } from './memory/registry.ts';
import { Sleeper } from './memory/sleep.ts';
import { StoreCatchUp } from './memory/stored.ts';
import { CommitQueue } from './moves/commits.ts';
import { commitConflicted, commitFailed, committed, TableMoves } from './moves/play.ts';
import { type TableRequests, tableRequests } from './requests.ts';
import type { Room } from './room.ts';
import { BotRunner } from './seats/bots.ts';
import { TableGameStart } from './seats/lifecycle.ts';
import { SeatRowWrites } from './seats/seatWrites.ts';
import { SeatTakeover } from './seats/takeover.ts';
import { TakeoverTimers } from './seats/takeoverTimers.ts';
import { encodedFrames } from './watchers/broadcast.ts';
import { TableChat } from './watchers/chat.ts';
import { connectedHere, TableWatching } from './watchers/watch.ts';

export interface TableServiceOptions {
  botDelayMs: number;
  botThreads: number;
  /** Which process runs which table: the cluster, or this process alone (`app.ts` builds it). */
  owners: TableOwners;
  /** Milliseconds since the epoch (tests pass a controllable one). */
  now?: (() => number) | undefined;
  /** The time source with its timers; by default real timers on `now`. */
  time?: TimeSource | undefined;
  /** A friendly table's bot takes the seat of a player gone this long (ms). */
  absentMs?: number;
  /** How long a move may wait for others to share its transaction (ms; `commits.ts`). */
  commitWindowMs?: number;
  /** Whether the store can be reached: when it comes back, bots waiting out a backoff play. */
  storeHealth?: StoreHealth;
  limits?: ResourceLimits;
}

/**
 * Chat buckets kept at most: far more players than chat at once on one process. Evicting a
 * bucket early only forgets a rate limit (its player could chat a burst again), never data.
 */
const CHAT_BUCKETS_MAX = 100_000;

export class TableService {
  readonly ctx: TableContext;
  /** The tables as connections and the cluster reach them. */
  readonly local: LocalTables;
  /** The tables as a player's requests over HTTP reach them. */
  readonly requests: TableRequests;
  private readonly pool: BotPool;
  private readonly bots: BotRunner;
  private readonly timers: TakeoverTimers;
  private readonly owners: TableOwners;
  private stopExpiry: () => void = () => {};
  private sleeper: Sleeper | null = null;
  /** Open WebSocket connections (the hub sets it; for the metrics). */
  connections: () => number = () => 0;

  constructor(store: Store, log: Logger, options: TableServiceOptions) {
    this.pool = new BotPool(options.botThreads);
    this.bots = new BotRunner(() => this.ctx, { pool: this.pool, delayMs: options.botDelayMs });
    this.timers = new TakeoverTimers(() => this.ctx, options.absentMs ?? 120_000);
    const time = options.time ?? realTime(options.now ?? Date.now);
    const now = () => time.now();
    // Connected on any process of a cluster: watching here, or on another (which says so).
    const isConnected = (room: Room, playerId: string) =>
      connectedHere(room, playerId) || this.owners.connectedElsewhere(room, playerId);
    const rooms = new Rooms(store, now, isConnected);
    const commits = new CommitQueue(
      store,
      {
        committed: (batch) => committed(this.ctx, batch),
        conflicted: (batch) => commitConflicted(this.ctx, batch),
        failed: (batch, error) => commitFailed(this.ctx, batch, error),
        fenced: (tables) => this.owners.fenced(tables),
      },
      {
        // In a cluster, the runner's moves carry its lease's fencing token (`cluster/leases.ts`).
        fenceOf: (pending) => this.owners.fenceOf(pending.room, pending.row.byBot),
        windowMs: options.commitWindowMs ?? 0,
      },
    );
    this.owners = options.owners;
    const owners = this.owners;
    const wakeBots = (room: Room) => {
      this.bots.wake(room);
      this.timers.arm(room);
    };
    const metrics = createMetrics({
      liveGames: () => [...rooms.all()].filter((r) => r.table.status === 'playing').length,
      connections: () => this.connections(),
      tablesRun: () =>
        [...rooms.all()].filter((r) => r.table.status !== 'finished' && owners.runs(r)).length,
      tablesLoaded: () => rooms.size,
      framesEncoded: () => encodedFrames.count,
      chatBuckets: () => chatBuckets.size,
    });
    const cluster = owners.link;
    // The parts that do the tables' work, each given what it uses.
    const catchUp = new StoreCatchUp({ store, log, metrics, rooms, wakeBots });
    const seatWrites = new SeatRowWrites({ store, rooms, commits, cluster, catchUp });
    const limits = options.limits ?? DEFAULT_LIMITS;
    // A bucket unused for burst × interval is full again: forgetting it changes nothing.
    const chatBuckets = new LRUCache<string, TokenBucket>({
      max: CHAT_BUCKETS_MAX,
      ttl: LIMITS.chatBurst * LIMITS.chatEveryMs,
      updateAgeOnGet: true,
      // Buckets count real time (`TokenBucket` reads Date.now), and so does their expiry;
      // expired ones are dropped by their own (unref'd) timer, not only when read again.
      ttlAutopurge: true,
    });
    const armTimers = (room: Room) => this.timers.arm(room);
    const chat = new TableChat({ store, time, rooms, cluster, chatBuckets });
    const watching = new TableWatching({ store, rooms, cluster, armTimers, catchUp }, limits);
    const takeover = new SeatTakeover({ log, time, wakeBots, seatWrites, chat });
    const moves = new TableMoves({ store, log, commits, time, wakeBots });
    const hooks: TableHooks = {
      movesCommitted: [],
      gameFinished: [],
      gameStarted: [],
      // A table this process now runs (a lease taken over): its clock's deadlines too.
      runnerChanged: [armTimers],
      accountsNotified: [],
    };
    const gameStart = new TableGameStart({ seatWrites, time, wakeBots, hooks, log });
    this.ctx = {
      store,
      rooms,
      commits,
      log,
      chatBuckets,
      limits,
      wakeBots,
      time,
      armTimers,
      unload: (room) => {
        this.timers.cancel(room);
        rooms.forget(room);
      },
      hooks,
      cluster,
      runs: (room) => owners.runs(room),
      metrics,
      isConnected,
      catchUp,
      seatWrites,
      chat,
      takeover,
      moves,
      watching,
      gameStart,
    };
    this.local = localTables(this.ctx);
    this.requests = tableRequests(this.ctx);
    // The database is back: the bots that were waiting out a backoff play at once, and from
    // the first step of the backoff again should it fail anew.
    options.storeHealth?.onRecovered(() => {
      for (const room of rooms.all()) room.storeReached();
      this.bots.storeRecovered();
    });
  }

  /**
   * Rebuilds the waiting and playing tables from the store (in a cluster, those no other live
   * process owns) and lets their bots play on.
   */
  async rebuild(): Promise<number> {
    this.sleeper = new Sleeper(
      this.ctx,
      {
        timerDueAt: (room) => this.timers.dueAt(room),
        cancelTimer: (room) => this.timers.cancel(room),
      },
      this.ctx.limits.idleTableMs,
    );
    await this.owners.connect(this.local);
    const rebuilt = await this.loadActive();
    // A table's timer is set again after its moves commit and when this process takes it over.
    this.ctx.hooks.movesCommitted.push((room) => this.timers.arm(room));
    this.ctx.hooks.runnerChanged.push((room) => this.ctx.wakeBots(room));
    // Alone, this process runs every table; in a cluster, those whose lease it takes.
    await this.owners.start(async (tables) => {
      if (tables) await this.loadTables(tables);
      else await this.loadActive();
    });
    // The bots play on, and the clocks' deadlines (in the rows) are set again.
    for (const room of this.ctx.rooms.all()) this.ctx.wakeBots(room);
    // Waiting tables that never start are deleted after `waitingTableTtlMs`.
    this.stopExpiry = startExpiry(this.ctx, this.ctx.limits.waitingTableTtlMs);
    // Playing tables nobody touches leave memory until someone opens them.
    this.sleeper.start();
    return rebuilt;
  }

  /**
   * Loads the active tables no other live process owns (asleep ones get a wake-up at their
   * deadline instead); returns how many were loaded.
   */
  private async loadActive(): Promise<number> {
    const sleeper = this.sleeper;
    const { rebuilt, failed, asleep } = await this.ctx.rooms.rebuildActive(
      this.ctx.time.now(),
      this.ctx.limits.idleTableMs,
      (ids) => this.owners.ownedElsewhere(ids),
    );
    for (const { id, dueAt } of asleep) sleeper?.wakeAt(id, dueAt);
    for (const { id, error } of failed) {
      this.ctx.log.error({ err: error, table: id }, 'a table could not be rebuilt');
    }
    return rebuilt;
  }

  /** Loads tables another process gave up (it stopped); the lease round then takes them. */
  private async loadTables(ids: string[]): Promise<void> {
    for (const id of ids) {
      await this.ctx.rooms.get(id).catch((error: unknown) => {
        this.ctx.log.warn({ err: error, table: id }, 'a table given up could not be loaded');
      });
    }
  }

  /** Stops the bots and waits for the moves being committed. */
  async stop(): Promise<void> {
    this.bots.stop();
    this.timers.stop();
    this.stopExpiry();
    this.sleeper?.stop();
    await this.ctx.commits.drained();
    await this.owners.close();
    await this.pool.close();
  }
}
