/**
 * Moderation (`../moderation.ts` reads and writes it): the players each player muted (their
 * chat hidden for that player only) and blocked (no chat delivered, no seat at the blocker's
 * tables), the chat lines players reported with the lines before them, and the mark a host
 * puts on a spectator's line they removed (`chat.removed_at`: the line stays stored, for a
 * report's context, but is no longer shown or sent).
 */
import type { Kysely, Migration } from 'kysely';

/** Recorded in every database that ran it: never renamed. */
export const name = '2026_11_27a_moderation';

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const table of ['mutes', 'blocks']) {
      await db.schema
        .createTable(table)
        .addColumn('player_id', 'text', (c) => c.notNull().references('players.id'))
        .addColumn('other_id', 'text', (c) => c.notNull().references('players.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, ['player_id', 'other_id'])
        .execute();
    }
    // Who blocked a player: asked when their chat line is sent and when they take a seat.
    await db.schema.createIndex('blocks_other').on('blocks').columns(['other_id']).execute();
    await db.schema
      .createTable('chat_reports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('table_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('reporter_id', 'text', (c) => c.notNull().references('players.id'))
      .addColumn('reported_id', 'text', (c) => c.notNull())
      /** JSON: the reported line and the 10 before it, as they were stored. */
      .addColumn('lines', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('chat_reports_once', ['table_id', 'seq', 'reporter_id'])
      .execute();
    await db.schema
      .createIndex('chat_reports_created')
      .on('chat_reports')
      .columns(['created_at'])
      .execute();
    await db.schema.alterTable('chat').addColumn('removed_at', 'text').execute();
  },
};
