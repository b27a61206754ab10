/**
 * The first schema: guest players (only their token's hash), tables with their seats and
 * options as JSON, the move log (a table's `(table, seq)` orders its moves; a client's move
 * id is unique per seat) and the chat.
 */
import type { Kysely, Migration } from 'kysely';

/** Recorded in every database that ran it: never renamed. */
export const name = '0001_initial';

export const migration: Migration = {
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
