/**
 * Fencing tokens (`../fencing.ts`): each table's `fence`, which only grows, and the token
 * each move row was written under (`moves.fence`; null: none).
 *
 * Recorded as `2026_11_25a_fencing`, a name that still sorts after `0006_clocks`, which is
 * the order kysely runs migrations in.
 */
import type { Kysely, Migration } from 'kysely';

/** Recorded in every database that ran it: never renamed. */
export const name = '2026_11_25a_fencing';

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('tables')
      .addColumn('fence', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('moves').addColumn('fence', 'integer').execute();
  },
};
