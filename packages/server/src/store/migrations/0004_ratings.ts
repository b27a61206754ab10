/**
 * Ratings per account and table size, the history of every rated game, the rematches of
 * finished tables, and the bots' fixed players (`../ratings.ts`, `../rematches.ts`). mu and
 * sigma are integers in millionths (see `../ratings.ts`).
 */
import type { Kysely, Migration } from 'kysely';
import { ensureBotPlayers } from '../ratings.ts';
import type { Database } from '../schema.ts';

/** Recorded in every database that ran it: never renamed. */
export const name = '0004_ratings';

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('ratings')
      .addColumn('player_id', 'text', (c) => c.notNull().references('players.id'))
      .addColumn('player_count', 'integer', (c) => c.notNull())
      .addColumn('mu', 'integer', (c) => c.notNull())
      .addColumn('sigma', 'integer', (c) => c.notNull())
      .addColumn('games', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('ratings_pk', ['player_id', 'player_count'])
      .execute();
    await db.schema
      .createIndex('ratings_board')
      .on('ratings')
      .columns(['player_count', 'mu', 'sigma'])
      .execute();
    await db.schema
      .createTable('rating_history')
      .addColumn('table_id', 'text', (c) => c.notNull().references('tables.id'))
      .addColumn('player_id', 'text', (c) => c.notNull().references('players.id'))
      .addColumn('player_count', 'integer', (c) => c.notNull())
      .addColumn('mu_before', 'integer', (c) => c.notNull())
      .addColumn('sigma_before', 'integer', (c) => c.notNull())
      .addColumn('mu_after', 'integer', (c) => c.notNull())
      .addColumn('sigma_after', 'integer', (c) => c.notNull())
      .addColumn('rank', 'integer', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('rating_history_pk', ['table_id', 'player_id'])
      .execute();
    await db.schema
      .createIndex('rating_history_player')
      .on('rating_history')
      .columns(['player_id', 'player_count', 'at'])
      .execute();
    await db.schema
      .createTable('rematches')
      .addColumn('from_table_id', 'text', (c) => c.primaryKey().references('tables.id'))
      .addColumn('to_table_id', 'text', (c) => c.notNull().references('tables.id'))
      .execute();
    await ensureBotPlayers(db as unknown as Kysely<Database>, new Date(0).toISOString());
  },
};
