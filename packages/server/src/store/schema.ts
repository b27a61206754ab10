/** The database's tables as kysely sees them (the columns of `migrations/`). */
import type { ColumnType } from 'kysely';

export interface PlayersTable {
  id: string;
  name: string;
  token_hash: string;
  created_at: string;
  /** 1: a bot account, which a program plays (migration 0007). */
  bot: ColumnType<number, number | undefined, number>;
  /** When the player was last seen (a request, a connection), for "friends online" (0010). */
  last_seen_at: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** JSON of `TableClock` (null: stored before clocks, a friendly table). */
  clock: ColumnType<string | null, string | null | undefined, string | null>;
  /** The fencing token of the table's latest lease (`fencing.ts`): it only grows. */
  fence: ColumnType<number, number | undefined, number>;
  /** 1: bot accounts may take the table's seats (migration 0007). */
  allow_bots: ColumnType<number, number | undefined, number>;
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
  /** The fencing token of the lease the row was written under; null: none (`fencing.ts`). */
  fence: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ChatTable {
  table_id: string;
  seq: number;
  player_id: string;
  name: string;
  seat: number | null;
  text: string;
  at: string;
  /** JSON of a system notice (`Notice`); null for what a person wrote. */
  notice: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the table's host removed the line (migration 0008); null while shown. */
  removed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A player's muted or blocked players (`moderation.ts`, migration 0008). */
export interface ModerationListTable {
  player_id: string;
  other_id: string;
  created_at: string;
}

/** A reported chat line with the lines before it (JSON `lines`). */
export interface ChatReportsTable {
  id: string;
  table_id: string;
  seq: number;
  reporter_id: string;
  reported_id: string;
  lines: string;
  created_at: string;
}

/** Who sits at which table (kept by the store whenever seats are written). */
export interface TablePlayersTable {
  table_id: string;
  seat: number;
  player_id: string;
}

/** Accounts, sessions, settings and webhooks (`accounts.ts`, migration 0003). */
export interface AccountsTable {
  player_id: string;
  username: string;
  /** The username lower-cased: unique, so that "Ann" and "ann" are one account. */
  username_key: string;
  password_hash: string;
  created_at: string;
}

export interface SessionsTable {
  id_hash: string;
  player_id: string;
  created_at: string;
  expires_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface WebhooksTable {
  player_id: string;
  url: string;
  updated_at: string;
}

/** Ratings per account and table size, in millionths (`ratings.ts`, migration 0004). */
export interface RatingsTable {
  player_id: string;
  player_count: number;
  mu: number;
  sigma: number;
  games: number;
  updated_at: string;
}

/** One row per rated player of a rated table. */
export interface RatingHistoryTable {
  table_id: string;
  player_id: string;
  player_count: number;
  mu_before: number;
  sigma_before: number;
  mu_after: number;
  sigma_after: number;
  rank: number;
  at: string;
}

/** A finished table's rematch (`rematches.ts`). */
export interface RematchesTable {
  from_table_id: string;
  to_table_id: string;
}

/** Who follows whom (`friends.ts`, migration 0010). */
export interface FollowsTable {
  follower_id: string;
  followed_id: string;
  created_at: string;
}

/** A challenge waiting for its answer: its table and the seat kept for the challenged. */
export interface ChallengesTable {
  table_id: string;
  from_id: string;
  to_id: string;
  seat: number;
  created_at: string;
}

/** An account's mail address and opt-ins (`email.ts`, migration 0010). */
export interface EmailsTable {
  player_id: string;
  address: string;
  verified_at: string | null;
  your_turn: number;
  invitations: number;
  rematches: number;
  updated_at: string;
}

/** When a player was last mailed about a table, per kind of mail (batching). */
export interface EmailSentTable {
  player_id: string;
  table_id: string;
  kind: string;
  sent_at: string;
}

export interface Database {
  follows: FollowsTable;
  challenges: ChallengesTable;
  emails: EmailsTable;
  email_sent: EmailSentTable;
  ratings: RatingsTable;
  rating_history: RatingHistoryTable;
  rematches: RematchesTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  webhooks: WebhooksTable;
  players: PlayersTable;
  table_players: TablePlayersTable;
  tables: TablesTable;
  moves: MovesTable;
  chat: ChatTable;
  mutes: ModerationListTable;
  blocks: ModerationListTable;
  chat_reports: ChatReportsTable;
}
