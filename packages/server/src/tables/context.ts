/** What the table services share: the store, the tables in memory, the commit queue, logs. */
import type { ClientMessage } from '@gangsta/protocol';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { LRUCache } from 'lru-cache';
import type { ResourceLimits } from '../config.ts';
import type { AccountListener } from '../notify/accountEvents.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { LocalPeer, Peer } from '../peer.ts';
import type { TokenBucket } from '../rateLimit.ts';
import type { ChatRow, Fence, MoveRow, Store, TableChange } from '../store/types.ts';
import type { TimeSource } from '../time.ts';
import type { Rooms } from './memory/registry.ts';
import type { CommitQueue, PendingMove } from './moves/commits.ts';
import type { CatchUp, Chat, GameStart, Moves, SeatWrites, Takeover, Watching } from './parts.ts';
import type { Room } from './room.ts';

/** A client's message about one table (everything but `hello`). */
export type TableMessage = Exclude<ClientMessage, { type: 'hello' }>;

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

/**
 * Loads tables this process now takes over: the ones named (their owner gave them up), or
 * every active table no live process owns (`null`: a process died).
 */
export type Adopt = (tables: string[] | null) => Promise<void>;

/**
 * The tables as a connection reaches them, on this process (`ws/`) or relayed from another
 * (`cluster/relay.ts`): it hands over each of its messages about a table, and says when it
 * closed. Everything else the tables decide.
 */
export interface TableDoor {
  /** The connection's message about a table; a refusal is answered to it, logged on `log`. */
  handle(peer: Peer, message: TableMessage, log?: Logger): Promise<void>;
  /** The connection closed: it stops watching the tables here. */
  peerGone(peer: Peer): void;
}

/**
 * The tables this process holds, as the cluster reaches them (`tables/localTables.ts` builds
 * it). The cluster routes to them and asks what its leases and presence need; it never reaches
 * into a table: what the other processes say of a table is applied here, by the tables.
 */
export interface LocalTables extends TableDoor {
  // Sockets of other processes are relayed to the tables this process owns (`cluster/relay.ts`)
  // through the door, and keep the same limits.

  /** What one connection may watch and sync: the limits the relayed sockets keep too. */
  readonly limits: Pick<ResourceLimits, 'watchedPerConnection' | 'syncsPerMinute'>;

  // The leases and presence (`cluster/index.ts`).

  /** Whether the table is in memory here, or being read into it. */
  holds(id: string): boolean;
  /** The unfinished tables in memory here: the lease round renews or takes their leases. */
  activeIds(): string[];
  /** The store raises the fences of tables whose leases this process just took. */
  takeFences(ids: string[]): Promise<Fence[]>;
  /**
   * This process took the table's lease: its copy here is brought to the store's last
   * position, then its bots and timers run here.
   */
  runHere(id: string): Promise<void>;
  /**
   * Another live process runs the table: this process's connections watching the copy here go
   * on through the owner, and the copy leaves memory once nothing here needs it.
   */
  leaveToOwner(id: string): void;
  /** The seated players watching a table here (`table`, `player`), for the presence snapshot. */
  seatedWatchers(): { table: string; player: string }[];
  /** Calls `listener` with each group of moves this process commits (to publish them). */
  onMovesCommitted(
    listener: (table: string, rows: MoveRow[], changes: TableChange[]) => void,
  ): void;

  // What the other processes say.

  /** Rows (and the row changes written with them) another process committed. */
  movesHeard(id: string, rows: MoveRow[], changes: TableChange[]): Promise<void>;
  /** A table's row changed in the store: the copy here reads it again. */
  tableHeard(id: string): Promise<void>;
  /** A chat line another process stored. */
  chatHeard(id: string, row: ChatRow): void;
  /** The host removed a chat line on another process. */
  chatRemovedHeard(id: string, seq: number): void;
  /** A player blocked another (or took the block back) on another process. */
  blockHeard(playerId: string, otherId: string, on: boolean): void;
  /** A player took a new name on another process. */
  renameHeard(playerId: string, name: string): void;
  /** A seated player's connections on another process came or went. */
  presenceHeard(id: string): void;
  /** The bus was away and may have lost messages: every table here reads the store again. */
  readAllAgain(): void;
}

/**
 * Which process runs which table. The tables ask it and never reach the processes
 * themselves: the composition root (`app.ts`) builds it, from `cluster/` with Redis, or one
 * process alone that runs every table.
 */
export interface TableOwners {
  readonly link: ClusterLink;
  runs(room: Room): boolean;
  /**
   * The fencing token a move of this table decided now is committed with: the lease's while
   * this process runs the table; otherwise none for a person's move (any process may commit
   * one: the log's sequence numbers order them) and `NO_LEASE` for a bot's.
   */
  fenceOf(room: Room, byBot: boolean): number | null;
  /** Commits of these tables were refused for an old token: another process runs them now. */
  fenced(tables: string[]): void;
  /** Whether the player has a live connection to the table on another process. */
  connectedElsewhere(room: Room, playerId: string): boolean;
  /**
   * Joins the cluster and hears who else lives (before the tables are rebuilt); `tables` is
   * what the other processes' messages reach here.
   */
  connect(tables: LocalTables): Promise<void>;
  /** Of these tables, those another live process owns (they are not loaded here). */
  ownedElsewhere(tables: string[]): Promise<Set<string>>;
  /** Starts the lease and presence rounds (after the tables are rebuilt). */
  start(adopt: Adopt): Promise<void>;
  /** Gives up the leases so that another process takes the tables over at once. */
  close(): Promise<void>;
}

/*
 * What the table functions are given: each takes a `Pick` of the members it uses, so that its
 * signature says what it may reach. What several functions need together is an object that
 * holds its own dependencies (`TableParts`), reached as one member. `TableContext` is all of
 * them at once; only the table service builds it (`service.ts`), and hands it to the faces it
 * builds (`localTables.ts`, `requests.ts`) and to the composition root (`app.ts`), which
 * installs the features (ratings, webhooks, mail, friends).
 */

/**
 * What the server process gives every table function: the store, the log, the metrics, and
 * the time (to stamp what is written, and to set timers by).
 */
export interface Platform {
  store: Store;
  log: Logger;
  /** Prometheus metrics of this process (`src/ops/metrics.ts`). */
  metrics: Metrics;
  /**
   * The time: `time.now()` in milliseconds since the epoch, and timers (the game clocks'
   * deadlines, absence). Real time in production, `ManualTime` in tests.
   */
  time: TimeSource;
}

/**
 * The tables in memory, and what carries each on: its moves' group commit (`commits.ts`), its
 * bots, its timers, and the copies on the other processes of a cluster, which hear of its
 * changes.
 */
export interface TableMemory {
  rooms: Rooms;
  commits: CommitQueue;
  /**
   * Tells the bots of a table to look whether one of them must move, and sets its timers again
   * (`armTimers`): what gives a bot its turn also changes whose time runs.
   */
  wakeBots(room: Room): void;
  /**
   * Sets the table's clock and absence timers again, alone: for a change that no bot needs to
   * hear of (a player's presence). After a change of seats or moves, `wakeBots` does it.
   */
  armTimers(room: Room): void;
  /** The other processes of a cluster: what changed here that they must hear of. */
  cluster: ClusterLink;
}

/** Which tables this process runs, and who is connected to them on any process. */
export interface Ownership {
  /**
   * Whether this process runs the table's bots and timers. Always true for one process; in a
   * cluster, exactly one live process holds each active table (a lease in Redis).
   */
  runs(room: Room): boolean;
  /** Whether the player has a live connection to the table on any process of the cluster. */
  isConnected(room: Room, playerId: string): boolean;
  /**
   * Drops a table from this process's memory, with its timers: it lives on in the store (and
   * on its owner, in a cluster) and is read again when asked for.
   */
  unload(room: Room): void;
}

/** What a player, a connection or a table may hold or do at most. */
export interface Limits {
  /** What a player, a connection or a table may hold at most. */
  limits: ResourceLimits;
  /**
   * Chat rate limits, per player: a cache that forgets a bucket once it would be full again
   * (unused for `chatBurst × chatEveryMs`), so that it never grows with every player ever seen.
   */
  chatBuckets: LRUCache<string, TokenBucket>;
}

/** What observes the tables: the hooks, the metrics, and the log that reports a failing hook. */
export interface Observers {
  hooks: TableHooks;
  metrics: Metrics;
  log: Logger;
}

/**
 * What playing a move uses (`play.ts`): the store for an id answered long ago, the commit
 * queue, the time the move is stamped with, and the bots that may answer it.
 */
export interface Play {
  store: Store;
  log: Logger;
  commits: CommitQueue;
  time: TimeSource;
  wakeBots(room: Room): void;
}

/**
 * The objects that do a table's work (`parts.ts`), each built once by the table service with
 * what it needs, so that a function that uses one is given it alone rather than everything it
 * reaches.
 */
export interface TableParts {
  /** Brings a table in memory to the store's position (`memory/stored.ts`). */
  catchUp: CatchUp;
  /** Checks, applies and queues moves and undos (`moves/play.ts`). */
  moves: Moves;
  /** A bot takes a seat over for its player, and gives it back (`seats/takeover.ts`). */
  takeover: Takeover;
  /** Changes of a table's row that people make, on the seats' revision (`seats/seatWrites.ts`). */
  seatWrites: SeatWrites;
  /** The tables' chat: lines checked, stored and shown (`watchers/chat.ts`). */
  chat: Chat;
  /** Connections watching tables (`watchers/watch.ts`). */
  watching: Watching;
  /** Games started (`seats/lifecycle.ts`). */
  gameStart: GameStart;
}

/** Every part at once: what the table service builds and hands to its parts. */
export interface TableContext
  extends Platform,
    TableMemory,
    Ownership,
    Limits,
    Observers,
    Play,
    TableParts {}
