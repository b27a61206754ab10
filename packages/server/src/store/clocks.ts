/**
 * Storage of game clocks (migration 0006): the table's time control, takeover bot and clock
 * state as JSON in `tables.clock`, and system notices of the chat in `chat.notice`.
 */
import type { Kysely, Migration } from 'kysely';
import type { TableClock } from './types.ts';

export const clocksMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // Nullable: tables stored before clocks existed are friendly (see `clockFromColumn`).
    await db.schema.alterTable('tables').addColumn('clock', 'text').execute();
    await db.schema.alterTable('chat').addColumn('notice', 'text').execute();
  },
};

/** A table without a stored clock: friendly, the medium bot takes over. */
export const FRIENDLY: TableClock = {
  setting: { kind: 'none' },
  takeoverLevel: 'medium',
  state: null,
};

export function clockFromColumn(text: string | null): TableClock {
  return text === null ? FRIENDLY : (JSON.parse(text) as TableClock);
}

export function clockToColumn(clock: TableClock): string {
  return JSON.stringify(clock);
}
