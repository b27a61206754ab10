/**
 * Accounts (a username, case-insensitive, and a password hash), sessions (the SHA-256 of their
 * id), the settings every process of a cluster shares, and the players' webhooks
 * (`../accounts.ts` reads and writes them).
 */
import type { Kysely, Migration } from 'kysely';

/** Recorded in every database that ran it: never renamed. */
export const name = '0003_accounts';

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('accounts')
      .addColumn('player_id', 'text', (c) => c.primaryKey().references('players.id'))
      .addColumn('username', 'text', (c) => c.notNull())
      // Lower-cased: "Ann" and "ann" are one account, whatever the database's collation.
      .addColumn('username_key', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('player_id', 'text', (c) => c.notNull().references('players.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sessions_expires')
      .on('sessions')
      .columns(['expires_at'])
      .execute();
    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('webhooks')
      .addColumn('player_id', 'text', (c) => c.primaryKey().references('players.id'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
