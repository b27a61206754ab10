/**
 * Rematches in the store: at most one per finished table (`rematches`, migration 0004), so
 * that every request for a table's rematch, on any process, leads to the same new table.
 */
import type { Kysely } from 'kysely';
import { atomically } from './ratings.ts';
import type { Database } from './schema.ts';
import type { TableRow } from './types.ts';

/** A finished table's rematch: the new table and its host (who asked for it). */
export interface RematchRow {
  table: string;
  by: string;
}

export interface RematchStore {
  rematchOf(fromTableId: string): Promise<RematchRow | null>;
  /**
   * Stores `table` as the rematch of `fromTableId`, unless the table has one already: the
   * rematch that holds, either way.
   */
  createRematch(fromTableId: string, table: TableRow): Promise<RematchRow>;
}

export async function rematchOf(
  db: Kysely<Database>,
  fromTableId: string,
): Promise<RematchRow | null> {
  const row = await db
    .selectFrom('rematches')
    .innerJoin('tables', 'tables.id', 'rematches.to_table_id')
    .select(['rematches.to_table_id', 'tables.host_id'])
    .where('rematches.from_table_id', '=', fromTableId)
    .executeTakeFirst();
  return row ? { table: row.to_table_id, by: row.host_id } : null;
}

/**
 * The new table and its link in one transaction. Two processes racing both write a table,
 * and the second one's link violates the primary key: its transaction (table included) rolls
 * back, and the caller reads the rematch that won (`isUniqueViolation`).
 */
export async function createRematch(
  db: Kysely<Database>,
  fromTableId: string,
  table: TableRow,
  insertTable: (trx: Kysely<Database>) => Promise<void>,
): Promise<RematchRow> {
  return atomically(db, async (trx) => {
    const existing = await rematchOf(trx, fromTableId);
    if (existing) return existing;
    await insertTable(trx);
    await trx
      .insertInto('rematches')
      .values({ from_table_id: fromTableId, to_table_id: table.id })
      .execute();
    return { table: table.id, by: table.hostId };
  });
}
