/**
 * The schema, as kysely migrations written in code: one file per migration, numbered in the
 * order they run, imported here (not read from the folder at run time, so there is nothing
 * extra to ship). Only portable column types and kysely's schema builder are used, so a
 * PostgreSQL store runs the same migrations as SQLite.
 *
 * Each file exports the `name` that databases record for it, which never changes. Kysely runs
 * migrations in the order of their names, so a new one takes the next file number and a name
 * that sorts after the last (`test/migrations.test.ts` checks both).
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './0001_initial.ts';
import * as cluster from './0002_cluster.ts';
import * as accounts from './0003_accounts.ts';
import * as ratings from './0004_ratings.ts';
import * as clocks from './0005_clocks.ts';
import * as fencing from './0006_fencing.ts';
import * as botAccounts from './0007_bot_accounts.ts';
import * as moderation from './0008_moderation.ts';
import * as seatReservations from './0009_seat_reservations.ts';
import * as friendsEmail from './0010_friends_email.ts';

/** The migrations in the order of their files. */
export const ORDERED: readonly { name: string; migration: Migration }[] = [
  initial,
  cluster,
  accounts,
  ratings,
  clocks,
  fencing,
  botAccounts,
  moderation,
  seatReservations,
  friendsEmail,
];

export const MIGRATIONS: Record<string, Migration> = Object.fromEntries(
  ORDERED.map(({ name, migration }) => [name, migration]),
);

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
