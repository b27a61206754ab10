/**
 * The schema, as kysely migrations written in code (no migration folder to ship). Only
 * portable column types and kysely's schema builder are used, so a PostgreSQL store can run
 * the same migrations.
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { accountsMigration } from './accounts.ts';
import { clocksMigration } from './clocks.ts';
import { fencingMigration } from './fencing.ts';
import { ratingsMigration } from './ratings.ts';

const initial: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('players')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('tables')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('public', 'integer', (c) => c.notNull())
      .addColumn('host_id', 'text', (c) => c.notNull().references('players.id'))
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('seats', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('seed', 'bigint')
      .addColumn('move_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('tables_status').on('tables').columns(['status']).execute();
    await db.schema
      .createTable('moves')
      .addColumn('table_id', 'text', (c) => c.notNull().references('tables.id'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('move', 'text')
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('by_bot', 'integer', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('moves_pk', ['table_id', 'seq'])
      .addUniqueConstraint('moves_client_id', ['table_id', 'seat', 'client_id'])
      .execute();
    await db.schema
      .createTable('chat')
      .addColumn('table_id', 'text', (c) => c.notNull().references('tables.id'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('seat', 'integer')
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('chat_pk', ['table_id', 'seq'])
      .execute();
  },
};

/**
 * Several server processes share one database: a table's seats are changed only against the
 * revision that was read (optimistic concurrency), and the players of every table are indexed
 * so that "My games" does not read every table.
 */
const cluster: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('tables')
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('table_players')
      .addColumn('table_id', 'text', (c) => c.notNull().references('tables.id'))
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('table_players_pk', ['table_id', 'seat'])
      .execute();
    await db.schema
      .createIndex('table_players_player')
      .on('table_players')
      .columns(['player_id'])
      .execute();
  },
};

export const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_cluster': cluster,
  '0003_accounts': accountsMigration,
  '0004_ratings': ratingsMigration,
  '0006_clocks': clocksMigration,
  '2026_11_25a_fencing': fencingMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
