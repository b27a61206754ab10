/**
 * PostgreSQL's commit of the common batch in one round trip.
 *
 * The general commit (`writeBatch` in `sql.ts`) is BEGIN, the fence check, SAVEPOINT, the
 * INSERT, RELEASE and COMMIT: six round trips, each a query that node-postgres writes and
 * reads on the main thread. A CPU profile of a cluster process at 1,000 paced games had those
 * socket writes at about a fifth of its busy time. Most batches are moves that collide with
 * nothing, with at most the tables' clocks changed by them, and for them one statement does
 * the same work: it runs as its own transaction, its fence check takes the rows' locks as
 * `checkFences` does (and writes the clock of a table that passes), and it inserts the rows of
 * the tables that passed. A collision (another process stored a row first) fails the whole
 * statement, so nothing of it is written, and the batch then goes the general way, which
 * finds the conflicting tables and writes the others. Any other change of a table's row (its
 * status at the end, its seats) goes the general way too.
 */
import { type Kysely, sql } from 'kysely';
import { clockToColumn } from './clocks.ts';
import { rowColumns } from './rows.ts';
import type { Database } from './schema.ts';
import type { Batch, TableChange } from './types.ts';

/** SQLSTATE class 23: an integrity constraint (a taken sequence number or move id). */
function isIntegrityViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('23');
}

/**
 * Each table's clock after the batch (the last change of a table wins, as in the general
 * path), or undefined when a change is more than a clock.
 */
function clocksOf(changes: TableChange[]): Map<string, string> | undefined {
  const clocks = new Map<string, string>();
  for (const change of changes) {
    const { id, clock, ...rest } = change;
    if (clock === undefined || Object.values(rest).some((value) => value !== undefined))
      return undefined;
    clocks.set(id, clockToColumn(clock));
  }
  return clocks;
}

/**
 * Commits a batch of moves (and the clocks they changed) in one statement and returns the
 * tables it left out because their fence had moved past their token (sorted). Undefined when
 * the batch changes more of a table's row, or when it collided with stored rows (nothing was
 * written): then the general commit must write it.
 */
export async function commitInOneStatement(
  db: Kysely<Database>,
  batch: Batch,
): Promise<string[] | undefined> {
  const clocks = clocksOf(batch.tables);
  if (!clocks || batch.moves.length === 0) return undefined;
  const fences = batch.fences ?? [];
  const tokens = new Map(fences.map((fence) => [fence.table, fence.token]));
  // A row is updated once per statement: a fenced table's clock is written by its fence check.
  const unfencedClocks = [...clocks].filter(([id]) => !tokens.has(id));
  const rows = batch.moves.map(rowColumns(tokens));
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
  try {
    const result = await sql<{ passed: string[] }>`
      with passed as (
        update tables set fence = tables.fence, clock = coalesce(f.clock, tables.clock)
        from unnest(
          ${fences.map((f) => f.table)}::text[], ${fences.map((f) => f.token)}::integer[],
          ${fences.map((f) => clocks.get(f.table) ?? null)}::text[]
        ) as f(id, token, clock)
        where tables.id = f.id and tables.fence <= f.token
        returning tables.id
      ), clocked as (
        update tables set clock = c.clock
        from unnest(${unfencedClocks.map(([id]) => id)}::text[], ${unfencedClocks.map(([, clock]) => clock)}::text[])
          as c(id, clock)
        where tables.id = c.id
        returning 1
      ), written as (
        insert into moves (table_id, seq, seat, kind, move, client_id, by_bot, at, fence)
        select * from unnest(
          ${column((r) => r.table_id)}::text[], ${column((r) => r.seq)}::integer[],
          ${column((r) => r.seat)}::integer[], ${column((r) => r.kind)}::text[],
          ${column((r) => r.move ?? null)}::text[], ${column((r) => r.client_id)}::text[],
          ${column((r) => r.by_bot)}::integer[], ${column((r) => r.at)}::text[],
          ${column((r) => r.fence)}::integer[]
        ) as r(table_id, seq, seat, kind, move, client_id, by_bot, at, fence)
        where r.fence is null or r.table_id in (select id from passed)
        returning 1
      )
      select array(select id from passed) as passed
    `.execute(db);
    const passed = new Set(result.rows[0]?.passed ?? []);
    return fences
      .map((f) => f.table)
      .filter((table) => !passed.has(table))
      .sort();
  } catch (error) {
    if (isIntegrityViolation(error)) return undefined;
    throw error;
  }
}
