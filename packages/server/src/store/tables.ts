/**
 * Tables in the store: their rows, the seat index, the move log and its commits, the fences
 * of their leases, and the lobby's queries. The rows are `records.ts` (every feature of the
 * server speaks of tables); the SQL is `sql.ts`, where the commit's path is written once for
 * both databases.
 */
import type { TableStatus } from '@gangsta/protocol';
import type {
  ActiveTable,
  Batch,
  CommitResult,
  Fence,
  LoadedTable,
  MoveRow,
  TableChange,
  TableRow,
} from './records.ts';

export interface TableStore {
  /**
   * A new table with its seat index. Its id is 128 random bits, so no other writer can have
   * taken it: a clash would be a broken generator, and fails as an error.
   */
  createTable(table: TableRow): Promise<void>;
  /**
   * Changes a table's row. A change of the seats is written only when the table is still at
   * `change.revision`; returns false (nothing written) when another process changed it first.
   */
  updateTable(change: TableChange): Promise<boolean>;
  /** Deletes a table that is still waiting (with its chat and seats); false if it is not. */
  deleteWaitingTable(id: string): Promise<boolean>;
  /**
   * Writes the batch in one transaction; resolves once it is committed. Its typed result for
   * duplicates: a table whose rows meet stored ones (a taken sequence number or client move
   * id) is left out and named in `CommitResult.conflicts`.
   */
  commit(batch: Batch): Promise<CommitResult>;
  /**
   * Raises the fence of each table by one (a process took their leases) and returns the new
   * values, its fencing tokens; commits carrying an older token are refused from now on.
   */
  takeFences(tableIds: string[]): Promise<Fence[]>;
  /** A table with its whole move log and its last `chatLimit` chat lines. */
  loadTable(id: string, chatLimit: number): Promise<LoadedTable | undefined>;
  /** The table's row alone. */
  tableRow(id: string): Promise<TableRow | undefined>;
  /** The rows of a table's log after `seq` (catching up with another process's moves). */
  movesAfter(tableId: string, seq: number): Promise<MoveRow[]>;
  /**
   * The row stored for a seat's client move id, if any: a table in memory keeps only its
   * recent ids whole (`src/tables/moves/answered.ts`) and asks here about an old one resent.
   */
  answeredMove(tableId: string, seat: number, clientId: string): Promise<MoveRow | undefined>;
  /** The tables where the player holds a seat, in these statuses, newest first. */
  tablesOfPlayer(playerId: string, statuses: TableStatus[], limit: number): Promise<TableRow[]>;
  /** Ids of the tables in these statuses (waiting and playing ones are rebuilt at start). */
  tableIds(statuses: TableStatus[]): Promise<string[]>;
  /** The most recently finished public tables. */
  recentFinished(limit: number): Promise<TableRow[]>;
  /**
   * Every waiting or playing table with what decides whether it is rebuilt at start: its
   * clock (a deadline) and its last move (or start). See `src/tables/memory/sleep.ts`.
   */
  activeTables(): Promise<ActiveTable[]>;
  /** Public tables in this status, newest first: one page of a lobby list, plus one row to tell whether more follow. */
  publicTables(status: 'waiting' | 'playing', offset: number, limit: number): Promise<TableRow[]>;
  /** How many waiting or playing tables the player hosts. */
  openTablesOf(hostId: string): Promise<number>;
}
