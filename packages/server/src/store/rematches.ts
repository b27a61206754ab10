/**
 * Rematches in the store: at most one per finished table (`rematches`, migration 0004), so
 * that every request for a table's rematch, on any process, leads to the same new table.
 */
import { type Kysely, sql } from 'kysely';
import { atomically } from './ratings.ts';
import type { TableRow } from './records.ts';
import type { Database } from './schema.ts';

/** A finished table's rematch: the new table and its host (who asked for it). */
export interface RematchRow {
  table: string;
  by: string;
}

/**
 * `created`: `table` is stored as the rematch; `duplicate`: the finished table had one already
 * (asked for earlier, or at the same moment on another process) and nothing was written.
 * Either way `rematch` is the one that holds.
 */
export interface RematchCreation {
  outcome: 'created' | 'duplicate';
  rematch: RematchRow;
}

export interface RematchStore {
  rematchOf(fromTableId: string): Promise<RematchRow | null>;
  /** Stores `table` as the rematch of `fromTableId`, unless the table has one already. */
  createRematch(fromTableId: string, table: TableRow): Promise<RematchCreation>;
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
 * The new table and its link in one transaction. Two processes racing both write a table; the
 * second one's link finds the key taken (`on conflict do nothing`: a failed statement would
 * abort a PostgreSQL transaction, or the SQLite thread's group commit), so its table is rolled
 * back to the savepoint and the rematch that won is read instead.
 */
export async function createRematch(
  db: Kysely<Database>,
  fromTableId: string,
  table: TableRow,
  insertTable: (trx: Kysely<Database>) => Promise<void>,
): Promise<RematchCreation> {
  return atomically(db, async (trx) => {
    const existing = await rematchOf(trx, fromTableId);
    if (existing) return { outcome: 'duplicate', rematch: existing };
    await sql`savepoint rematch`.execute(trx);
    await insertTable(trx);
    if (await linkRematch(trx, fromTableId, table.id)) {
      await sql`release savepoint rematch`.execute(trx);
      return { outcome: 'created', rematch: { table: table.id, by: table.hostId } };
    }
    await sql`rollback to savepoint rematch`.execute(trx);
    await sql`release savepoint rematch`.execute(trx);
    return { outcome: 'duplicate', rematch: await winningRematch(trx, fromTableId) };
  });
}

/** Whether the link was written (false: the finished table has a rematch already). */
async function linkRematch(trx: Kysely<Database>, fromTableId: string, toTableId: string) {
  const written = await trx
    .insertInto('rematches')
    .values({ from_table_id: fromTableId, to_table_id: toTableId })
    .onConflict((oc) => oc.column('from_table_id').doNothing())
    .returning('to_table_id')
    .execute();
  return written.length > 0;
}

/** The rematch whose link took the key first (committed: the insert waited for it). */
async function winningRematch(trx: Kysely<Database>, fromTableId: string): Promise<RematchRow> {
  const winner = await rematchOf(trx, fromTableId);
  if (!winner) throw new Error(`the rematch of ${fromTableId} is taken but cannot be read`);
  return winner;
}
