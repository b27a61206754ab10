/**
 * The rows the store's features share (tables, moves, chat, players): what each feature's
 * interface (accounts.ts, chat.ts, tables.ts …) reads and writes. The game itself is rebuilt
 * from the options, the seed and the move log (the engine is deterministic).
 *
 * A file apart from types.ts, which puts the features together into `Store`, so that the
 * features and the whole do not import each other.
 */
import type { Move, Seat } from '@gangsta/engine';
import type {
  BotLevel,
  ClockSetting,
  Notice,
  SeatInfo,
  TableOptions,
  TableStatus,
} from '@gangsta/protocol';

export interface PlayerRow {
  id: string;
  name: string;
  tokenHash: string;
  createdAt: string;
  /** A bot account, which a program plays (absent: a person). */
  bot?: boolean;
}

/** How a seat was set up by the host, and who sits there now. */
export interface StoredSeat {
  /** `reserved`: kept for the player `reservedFor` (a rematch). */
  setup: 'host' | 'open' | 'invited' | 'reserved' | 'bot';
  /** The invitation code of a reserved seat (never shown to anyone but the host). */
  invite: string | null;
  /** The host's note for a reserved seat ("Alice"); a rematch's seat: its player's name. */
  label: string | null;
  /** The only player who may take a `reserved` seat. */
  reservedFor?: string | null;
  botLevel: BotLevel | null;
  playerId: string | null;
  name: string | null;
  /** A bot plays the seat for its player (out of time, absent or gone) until they resume. */
  away?: SeatInfo['away'];
  /** The player sitting here is a bot account (a program). */
  botAccount?: boolean;
}

/** A game clock's running state (`tables/game/clock.ts`). */
export interface ClockState {
  /** The moment (ms since the epoch) the remaining times are as of. */
  at: number;
  /** Each seat's remaining time at `at`. */
  remainingMs: number[];
  /** The seats whose time runs since `at` (deciding, and played by their person). */
  charged: Seat[];
}

/** A waiting or playing table, as much as deciding whether to rebuild it at start needs. */
export interface ActiveTable {
  id: string;
  status: 'waiting' | 'playing';
  clock: TableClock;
  /** When its last move was made (or it started, or was created). */
  lastActivity: string;
}

/** A table's time control, its takeover bot, and the clock of its game (null before it). */
export interface TableClock {
  setting: ClockSetting;
  takeoverLevel: BotLevel;
  state: ClockState | null;
}

export interface TableRow {
  id: string;
  name: string;
  public: boolean;
  hostId: string;
  options: TableOptions;
  seats: StoredSeat[];
  status: TableStatus;
  /** Drawn at the start; null while waiting. */
  seed: number | null;
  /** Rows in the move log when the table finished (kept for the lobby). */
  moveCount: number;
  /** Bumped by every change of the seats; a seat change names the revision it was made on. */
  revision: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  clock: TableClock;
  /** Whether bot accounts may take the seats (absent: no). */
  allowBots?: boolean;
}

/** One row of a table's log: a move, or the undo of the last move. */
export interface MoveRow {
  tableId: string;
  /** 1-based: the table's version after this row. */
  seq: number;
  seat: Seat;
  kind: 'move' | 'undo';
  move: Move | null;
  /** The sender's id for the message (idempotent resends); unique per table and seat. */
  clientId: string;
  byBot: boolean;
  at: string;
}

export interface ChatRow {
  tableId: string;
  seq: number;
  playerId: string;
  name: string;
  seat: Seat | null;
  text: string;
  at: string;
  /** A system notice (the text is its English wording). */
  notice?: Notice | null;
}

/** Changes to a table written in the same transaction as a batch of moves. */
export interface TableChange {
  id: string;
  status?: TableStatus;
  /** New seats; written only if the table is still at `revision` (then bumped by one). */
  seats?: StoredSeat[];
  /** The revision the seats change was made on (required with `seats`). */
  revision?: number;
  seed?: number;
  moveCount?: number;
  startedAt?: string;
  finishedAt?: string;
  /** The clock after this change (written with the move that caused it). */
  clock?: TableClock;
}

/**
 * A table's fencing token (`fencing.ts`): the value its `fence` had when this process took the
 * table's lease. A commit carrying it is refused once another process has taken the lease.
 */
export interface Fence {
  table: string;
  token: number;
}

/** Moves of several tables (and the table changes they cause) committed as one transaction. */
export interface Batch {
  moves: MoveRow[];
  tables: TableChange[];
  /**
   * The token of each table whose moves were decided under a lease (a cluster's runner);
   * tables not named here are checked against the log's sequence numbers only.
   */
  fences?: Fence[];
}

/**
 * What a commit wrote. Each table's rows are written all or nothing; a table whose rows
 * collide with rows already stored (another process of a cluster took that sequence number,
 * or that client move id) is left out and named here, and the rest of the batch commits.
 */
export interface CommitResult {
  conflicts: string[];
  /**
   * Tables left out because their token is older than their fence: another process took the
   * lease. They are named in `conflicts` too (the process catches up with the store).
   */
  fenced?: string[];
}

export interface LoadedTable {
  table: TableRow;
  moves: MoveRow[];
  chat: ChatRow[];
}
