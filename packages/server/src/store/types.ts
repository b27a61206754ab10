/**
 * The store: everything the server must not lose, behind one small interface so that a
 * PostgreSQL store can replace the SQLite one. The rows are plain data; the game itself is
 * rebuilt from the options, the seed and the move log (the engine is deterministic).
 */
import type { Move, Seat } from '@gangsta/engine';
import type { BotLevel, TableOptions, TableStatus } from '@gangsta/protocol';

export interface PlayerRow {
  id: string;
  name: string;
  tokenHash: string;
  createdAt: string;
}

/** How a seat was set up by the host, and who sits there now. */
export interface StoredSeat {
  setup: 'host' | 'open' | 'invited' | 'bot';
  /** The invitation code of a reserved seat (never shown to anyone but the host). */
  invite: string | null;
  /** The host's note for a reserved seat ("Alice"). */
  label: string | null;
  botLevel: BotLevel | null;
  playerId: string | null;
  name: string | null;
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
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
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
}

/** Changes to a table written in the same transaction as a batch of moves. */
export interface TableChange {
  id: string;
  status?: TableStatus;
  seats?: StoredSeat[];
  seed?: number;
  moveCount?: number;
  startedAt?: string;
  finishedAt?: string;
}

/** Moves of several tables (and the table changes they cause) committed as one transaction. */
export interface Batch {
  moves: MoveRow[];
  tables: TableChange[];
}

export interface LoadedTable {
  table: TableRow;
  moves: MoveRow[];
  chat: ChatRow[];
}

export interface Store {
  migrate(): Promise<void>;
  createPlayer(player: PlayerRow): Promise<void>;
  findPlayerByTokenHash(tokenHash: string): Promise<PlayerRow | undefined>;
  renamePlayer(id: string, name: string): Promise<void>;
  createTable(table: TableRow): Promise<void>;
  updateTable(change: TableChange): Promise<void>;
  /** Writes every row of the batch in one transaction; resolves once it is committed. */
  commit(batch: Batch): Promise<void>;
  /** A table with its whole move log and its last `chatLimit` chat lines. */
  loadTable(id: string, chatLimit: number): Promise<LoadedTable | undefined>;
  /** Ids of the tables in these statuses (waiting and playing ones are rebuilt at start). */
  tableIds(statuses: TableStatus[]): Promise<string[]>;
  /** The most recently finished public tables. */
  recentFinished(limit: number): Promise<TableRow[]>;
  appendChat(line: ChatRow): Promise<void>;
  close(): Promise<void>;
}
