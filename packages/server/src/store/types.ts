/**
 * The store: everything the server must not lose, behind one interface per feature (tables,
 * chat, players, accounts, webhooks, ratings, rematches; each in its own file) so that a
 * PostgreSQL store can replace the SQLite one. `Store` is all of them together; a module that
 * needs one feature may ask for that one alone. A write that another writer may have made
 * first (the same key) answers with a typed result saying so, decided inside the store: no
 * caller ever looks at a database's errors.
 *
 * The rows the features share are in records.ts (the features import them from there);
 * they are named here too, for the rest of the server.
 */
import type { AccountStore } from './accounts.ts';
import type { ChatStore } from './chat.ts';
import type { EmailStore } from './email.ts';
import type { FriendStore } from './friends.ts';
import type { ModerationStore } from './moderation.ts';
import type { PlayerStore } from './players.ts';
import type { RatingStore } from './ratings.ts';
import type { RematchStore } from './rematches.ts';
import type { TableStore } from './tables.ts';
import type { WebhookStore } from './webhooks.ts';

export type {
  ActiveTable,
  Batch,
  ChatRow,
  ClockState,
  CommitResult,
  Fence,
  LoadedTable,
  MoveRow,
  PlayerRow,
  StoredSeat,
  TableChange,
  TableClock,
  TableRow,
} from './records.ts';

/** The database itself rather than a feature of it. */
export interface StoreLifecycle {
  /**
   * Brings the schema up to date (`migrations/`); run once before any other call. Returns the
   * names of the migrations it ran now, in order (none: the database was up to date).
   */
  migrate(): Promise<string[]>;
  /** A trivial query: whether the store answers (asked again and again while it does not). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The whole store, as the server holds it (`ctx.store`). */
export interface Store
  extends StoreLifecycle,
    TableStore,
    ChatStore,
    ModerationStore,
    PlayerStore,
    AccountStore,
    WebhookStore,
    RatingStore,
    RematchStore,
    FriendStore,
    EmailStore {}
