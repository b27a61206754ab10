/**
 * Bot accounts (`POST /api/v1/account/bot`): `players.bot` marks a player a program plays
 * (1) — only accounts become bots — and `tables.allow_bots` records whether the host lets bot
 * accounts take the table's seats (1). Both are 0 for every row stored before.
 */
import type { Kysely, Migration } from 'kysely';

/** Recorded in every database that ran it: never renamed. */
export const name = '2026_11_25b_bot_accounts';

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('players')
      .addColumn('bot', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('tables')
      .addColumn('allow_bots', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
