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
 *
 * The statement's text is a constant, sent as a named prepared statement: PostgreSQL parses
 * and plans it once per connection, and neither kysely nor pg builds it again per commit (its
 * arrays of values are its only parameters, whatever the batch's size).
 */
import type pg from 'pg';
import { clockToColumn } from './clocks.ts';
import { rowColumns } from './rows.ts';
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

/** The name pg prepares the statement under, once per connection. */
export const ONE_STATEMENT_NAME = 'gangsta_commit_moves';

/**
 * $1–$3: the fenced tables, their tokens and their clocks after the batch (null: unchanged);
 * $4–$5: the clocks of tables without a fence; $6–$14: the move rows, column by column.
 */
export const ONE_STATEMENT_SQL = `
with passed as (
  update tables set fence = tables.fence, clock = coalesce(f.clock, tables.clock)
  from unnest($1::text[], $2::integer[], $3::text[]) as f(id, token, clock)
  where tables.id = f.id and tables.fence <= f.token
  returning tables.id
), clocked as (
  update tables set clock = c.clock
  from unnest($4::text[], $5::text[]) as c(id, clock)
  where tables.id = c.id
  returning 1
), written as (
  insert into moves (table_id, seq, seat, kind, move, client_id, by_bot, at, fence)
  select * from unnest(
    $6::text[], $7::integer[], $8::integer[], $9::text[], $10::text[], $11::text[],
    $12::integer[], $13::text[], $14::integer[]
  ) as r(table_id, seq, seat, kind, move, client_id, by_bot, at, fence)
  where r.fence is null or r.table_id in (select id from passed)
  returning 1
)
select array(select id from passed) as passed`;

/** The statement's parameters for a batch of moves and clocks. */
function parametersOf(batch: Batch, clocks: Map<string, string>): unknown[] {
  const fences = batch.fences ?? [];
  const tokens = new Map(fences.map((fence) => [fence.table, fence.token]));
  // A row is updated once per statement: a fenced table's clock is written by its fence check.
  const unfencedClocks = [...clocks].filter(([id]) => !tokens.has(id));
  const rows = batch.moves.map(rowColumns(tokens));
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
  return [
    fences.map((f) => f.table),
    fences.map((f) => f.token),
    fences.map((f) => clocks.get(f.table) ?? null),
    unfencedClocks.map(([id]) => id),
    unfencedClocks.map(([, clock]) => clock),
    column((r) => r.table_id),
    column((r) => r.seq),
    column((r) => r.seat),
    column((r) => r.kind),
    column((r) => r.move ?? null),
    column((r) => r.client_id),
    column((r) => r.by_bot),
    column((r) => r.at),
    column((r) => r.fence),
  ];
}

/** Where the statement runs: the store's pool (one connection of it, as its own transaction). */
export type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Commits a batch of moves (and the clocks they changed) in one statement and returns the
 * tables it left out because their fence had moved past their token (sorted). Undefined when
 * the batch changes more of a table's row, or when it collided with stored rows (nothing was
 * written): then the general commit must write it.
 */
export async function commitInOneStatement(
  pool: Queryable,
  batch: Batch,
): Promise<string[] | undefined> {
  const clocks = clocksOf(batch.tables);
  if (!clocks || batch.moves.length === 0) return undefined;
  try {
    const result = await pool.query<{ passed: string[] }>({
      name: ONE_STATEMENT_NAME,
      text: ONE_STATEMENT_SQL,
      values: parametersOf(batch, clocks),
    });
    const passed = new Set(result.rows[0]?.passed ?? []);
    return (batch.fences ?? [])
      .map((f) => f.table)
      .filter((table) => !passed.has(table))
      .sort();
  } catch (error) {
    if (isIntegrityViolation(error)) return undefined;
    throw error;
  }
}
