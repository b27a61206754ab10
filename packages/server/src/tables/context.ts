/** What the table services share: the store, the tables in memory, the commit queue, logs. */
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { LRUCache } from 'lru-cache';
import type { ResourceLimits } from '../config.ts';
import type { AccountListener } from '../notify/accountEvents.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { LocalPeer, Peer } from '../peer.ts';
import type { TokenBucket } from '../rateLimit.ts';
import type { ChatRow, Store } from '../store/types.ts';
import type { Clock } from '../time.ts';
import type { CommitQueue, PendingMove } from './commits.ts';
import type { TableMessage } from './entry.ts';
import type { Rooms } from './registry.ts';
import type { Room } from './room.ts';

/**
 * Observers of what happens at the tables (ratings, webhooks, clocks, metrics). Each hook runs
 * on exactly one server process of a cluster: the one that committed the change.
 */
export interface TableHooks {
  /** Moves of one table were committed by this process (in order; already broadcast). */
  movesCommitted: ((room: Room, group: readonly PendingMove[]) => void)[];
  /** A game ended with a move committed by this process. */
  gameFinished: ((room: Room) => void)[];
  /** A waiting table started on this process. */
  gameStarted: ((room: Room) => void)[];
  /** This process now runs the table's bots and timers (`runs(room)` became true). */
  runnerChanged: ((room: Room) => void)[];
  /**
   * Channels that tell players of an event away from the table (webhooks; email): called by
   * `notifyAccounts` (`src/notify/accountEvents.ts`) on the process where the event happened.
   */
  accountsNotified: AccountListener[];
}

/**
 * The other processes of a cluster (no-ops for a single process): what changed here that
 * they must hear of. Moves are published by the service itself after each commit.
 */
export interface ClusterLink {
  /** The table's row changed in the store (created, seats, status, clock). */
  tableChanged(room: Room): void;
  /** A chat line was stored. */
  chatAdded(room: Room, row: ChatRow): void;
  /** The host removed a chat line: the copies of the table elsewhere drop it too. */
  chatRemoved(room: Room, seq: number): void;
  /** A player blocked another (or took the block back): their connections elsewhere hear it. */
  blockChanged(playerId: string, otherId: string, on: boolean): void;
  /** A player took a new name: their connections elsewhere speak under it. */
  playerRenamed(playerId: string, name: string): void;
  /** A seated player's connections to the table went from none to some, or back. */
  presenceChanged(room: Room, playerId: string, connected: boolean): void;
  /**
   * Sends a socket's message to its table's owner when another process owns the table;
   * false when this process handles it (`cluster/relay.ts`).
   */
  forward(peer: LocalPeer, message: TableMessage): Promise<boolean>;
  /** A socket of this process closed (the owners it reached forget it). */
  peerClosed(peer: LocalPeer): void;
  /**
   * How many tables the peer watches through their owners on other processes: a connection's
   * watch limit counts its tables on every process, not only here.
   */
  watchedElsewhere(peer: Peer): number;
}

export interface TableContext {
  store: Store;
  rooms: Rooms;
  commits: CommitQueue;
  log: Logger;
  /**
   * Chat rate limits, per player: a cache that forgets a bucket once it would be full again
   * (unused for `chatBurst × chatEveryMs`), so that it never grows with every player ever seen.
   */
  chatBuckets: LRUCache<string, TokenBucket>;
  /** What a player, a connection or a table may hold at most. */
  limits: ResourceLimits;
  /** Tells the bots of a table to look whether one of them must move. */
  wakeBots(room: Room): void;
  /** Milliseconds since the epoch: `Date.now` in production, a controllable clock in tests. */
  now(): number;
  /** The clock `now` reads, with its timers (game clocks, absence). */
  clock: Clock;
  /** Sets the table's clock and absence timers again (after a change of seats, moves, presence). */
  armTimers(room: Room): void;
  /**
   * Drops a table from this process's memory, with its timers: it lives on in the store (and
   * on its owner, in a cluster) and is read again when asked for.
   */
  unload(room: Room): void;
  hooks: TableHooks;
  cluster: ClusterLink;
  /**
   * Whether this process runs the table's bots and timers. Always true for one process; in a
   * cluster, exactly one live process holds each active table (a lease in Redis).
   */
  runs(room: Room): boolean;
  /** Prometheus metrics of this process (`src/ops/metrics.ts`). */
  metrics: Metrics;
  /** Whether the player has a live connection to the table on any process of the cluster. */
  isConnected(room: Room, playerId: string): boolean;
}
