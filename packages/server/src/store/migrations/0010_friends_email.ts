/**
 * Friends, challenges and email notifications: who follows whom (`follows`), when a player
 * was last seen (`players.last_seen_at`, for "friends online"), the challenges still waiting
 * for an answer (`challenges`, one per table), each account's mail address with its opt-ins
 * (`emails`), and when a player was last mailed about a table (`email_sent`: "your turn" is
 * mailed at most once per table an hour).
 */
import type { Kysely, Migration } from 'kysely';

/** Recorded in every database that ran it: never renamed. */
export const name = '2026_11_27f_friends_email';

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('players').addColumn('last_seen_at', 'text').execute();
    await db.schema
      .createTable('follows')
      .addColumn('follower_id', 'text', (c) => c.notNull().references('players.id'))
      .addColumn('followed_id', 'text', (c) => c.notNull().references('players.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followed_id'])
      .execute();
    await db.schema.createIndex('follows_followed').on('follows').column('followed_id').execute();
    await db.schema
      .createTable('challenges')
      .addColumn('table_id', 'text', (c) => c.primaryKey())
      .addColumn('from_id', 'text', (c) => c.notNull())
      .addColumn('to_id', 'text', (c) => c.notNull())
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('challenges_to').on('challenges').column('to_id').execute();
    await db.schema
      .createTable('emails')
      .addColumn('player_id', 'text', (c) => c.primaryKey().references('players.id'))
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('verified_at', 'text')
      .addColumn('your_turn', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('invitations', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rematches', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('email_sent')
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('table_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('email_sent_pk', ['player_id', 'table_id', 'kind'])
      .execute();
  },
};
