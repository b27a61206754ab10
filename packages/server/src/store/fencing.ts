/**
 * Fencing tokens (issue 18): the database, not Redis, decides whether a table's runner is
 * still its runner when its commit arrives.
 *
 * Each table's row holds `fence`, a number that only grows. A process that takes a table's
 * lease in Redis raises it by one (`takeFences`) and keeps the new value as its token; every
 * commit of that table's moves it writes carries the token, and inside the commit's
 * transaction the store checks `fence <= token` on the table's row, taking the row's lock
 * (`checkFences`). A process that lost its lease (paused past it, cut off from Redis) still
 * holds an older token: once another process has taken the lease, and so raised the fence,
 * that check fails and nothing of the table is written. The row lock orders the check and the
 * raise: a commit that passed before the raise was committed before it.
 *
 * The token comes from the database and not from a Redis counter: a Redis that restarts
 * without its data would count from 1 again, below every stored fence, and fence out every
 * runner for good. `moves.fence` keeps the token each row was written under (null: no lease,
 * a client's move committed by a process that does not run the table, or a lone process), so
 * that the log shows which lease wrote what.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { Fence } from './types.ts';

/** Tables per statement: well below SQLite's limit of bound parameters (two per table). */
const CHUNK = 400;

/**
 * Checks each table's token against its row, locking the rows that pass (an UPDATE that
 * changes nothing: the portable way to take the row's lock, which a raise must wait for);
 * returns the tables whose fence is beyond their token (or that have no row): fenced.
 */
export async function checkFences(db: Kysely<Database>, fences: Fence[]): Promise<Set<string>> {
  const passed = new Set<string>();
  const sorted = [...fences].sort((a, b) => (a.table < b.table ? -1 : a.table > b.table ? 1 : 0));
  for (let i = 0; i < sorted.length; i += CHUNK) {
    const chunk = sorted.slice(i, i + CHUNK);
    const rows = await db
      .updateTable('tables')
      .set((eb) => ({ fence: eb.ref('fence') }))
      .where((eb) =>
        eb.or(chunk.map((f) => eb.and([eb('id', '=', f.table), eb('fence', '<=', f.token)]))),
      )
      .returning('id')
      .execute();
    for (const row of rows) passed.add(row.id);
  }
  return new Set(sorted.filter((f) => !passed.has(f.table)).map((f) => f.table));
}

/** Raises the fence of each table by one; returns the new values (the callers' tokens). */
export async function raiseFences(db: Kysely<Database>, tables: string[]): Promise<Fence[]> {
  const sorted = [...new Set(tables)].sort();
  const out: Fence[] = [];
  for (let i = 0; i < sorted.length; i += CHUNK) {
    const rows = await db
      .updateTable('tables')
      .set((eb) => ({ fence: eb('fence', '+', 1) }))
      .where('id', 'in', sorted.slice(i, i + CHUNK))
      .returning(['id', 'fence'])
      .execute();
    for (const row of rows) out.push({ table: row.id, token: Number(row.fence) });
  }
  return out;
}
