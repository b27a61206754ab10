/**
 * Game clocks: the table's time control, takeover bot and clock state as JSON in
 * `tables.clock` (`../clocks.ts`), and system notices of the chat in `chat.notice`.
 *
 * Recorded as `0006_clocks`: no migration is named 0005, and the name, not the file, is
 * what a database remembers.
 */
import type { Kysely, Migration } from 'kysely';

/** Recorded in every database that ran it: never renamed. */
export const name = '0006_clocks';

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // Nullable: tables stored before clocks existed are friendly (see `clockFromColumn`).
    await db.schema.alterTable('tables').addColumn('clock', 'text').execute();
    await db.schema.alterTable('chat').addColumn('notice', 'text').execute();
  },
};
