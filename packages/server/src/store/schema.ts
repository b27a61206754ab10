/** The database's tables as kysely sees them (the columns of `migrations.ts`). */
import type { ColumnType } from 'kysely';

export interface PlayersTable {
  id: string;
  name: string;
  token_hash: string;
  created_at: string;
}

export interface TablesTable {
  id: string;
  name: string;
  public: number;
  host_id: string;
  /** JSON of `TableOptions`. */
  options: string;
  /** JSON of `StoredSeat[]`. */
  seats: string;
  status: string;
  seed: number | null;
  move_count: ColumnType<number, number | undefined, number>;
  /** Bumped by every change of the seats (optimistic concurrency between processes). */
  revision: ColumnType<number, number | undefined, number>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface MovesTable {
  table_id: string;
  seq: number;
  seat: number;
  kind: string;
  /** JSON of the move; null for an undo. */
  move: string | null;
  client_id: string;
  by_bot: number;
  at: string;
}

export interface ChatTable {
  table_id: string;
  seq: number;
  player_id: string;
  name: string;
  seat: number | null;
  text: string;
  at: string;
}

/** Who sits at which table (kept by the store whenever seats are written). */
export interface TablePlayersTable {
  table_id: string;
  seat: number;
  player_id: string;
}

export interface Database {
  players: PlayersTable;
  table_players: TablePlayersTable;
  tables: TablesTable;
  moves: MovesTable;
  chat: ChatTable;
}
