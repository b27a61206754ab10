/**
 * Several server processes share one database: a table's seats are changed only against the
 * revision that was read (optimistic concurrency), and the players of every table are indexed
 * so that "My games" does not read every table.
 */
import type { Kysely, Migration } from 'kysely';

/** Recorded in every database that ran it: never renamed. */
export const name = '0002_cluster';

export const migration: Migration = {
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
