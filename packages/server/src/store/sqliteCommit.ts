/**
 * The SQLite commit's statements, written once as SQL text and prepared once per connection
 * (`sqliteStatements.ts`). Through kysely every statement of every commit was built and
 * compiled to SQL again, which was most of the store thread's CPU. These are the same
 * statements as `writeBatch` and `checkFences` issue through kysely (`sql.ts`, `fencing.ts`),
 * run on the same connection and so inside the same transaction: `writeBatch` decides what is
 * written, this only runs it. PostgreSQL has its own (`postgresCommit.ts`).
 *
 * Only the common path is here: the fence check, the batch's savepoint, the rows, and table
 * changes without seats. A change of seats (with its player index) and the table-by-table
 * pass after a collision stay on kysely, in the same transaction.
 */
import { changeToColumns, moveToColumns } from './rows.ts';
import type { Statement, StatementCache } from './sqliteStatements.ts';
import type { Fence, MoveRow, TableChange } from './types.ts';

/** A move row's columns in the order of the INSERT's values. */
const MOVE_COLUMNS = [
  'table_id',
  'seq',
  'seat',
  'kind',
  'move',
  'client_id',
  'by_bot',
  'at',
  'fence',
] as const;

/** An INSERT of `count` move rows that skips the rows that collide. */
function insertMoves(count: number): string {
  const row = `(${MOVE_COLUMNS.map(() => '?').join(', ')})`;
  const values = Array.from({ length: count }, () => row).join(', ');
  return `insert into "moves" (${MOVE_COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${values} on conflict do nothing`;
}

/**
 * Rows per multi-row INSERT: a group commit's rows go in statements of this many (each run
 * binds and steps once instead of once per row), the rest one by one, so that only two texts
 * are ever prepared. 16 × 9 parameters stays far below SQLite's limit.
 */
const ROWS_PER_INSERT = 16;
const INSERT_ONE = insertMoves(1);
const INSERT_MANY = insertMoves(ROWS_PER_INSERT);

/** Takes the row's lock when the token still holds (`checkFences`): one row per statement. */
const CHECK_FENCE = 'update "tables" set "fence" = "fence" where "id" = ? and "fence" <= ?';

/** Savepoint names are the caller's constants (`batch`), never data. */
const SAVEPOINT_NAME = /^[a-z][a-z0-9_]*$/;

export class PreparedCommit {
  /** The connection's statements, shared with kysely's queries on it. */
  constructor(private readonly statements: StatementCache) {}

  private statement(text: string): Statement {
    return this.statements.prepare(text);
  }

  private savepointStatement(prefix: string, name: string): Statement {
    if (!SAVEPOINT_NAME.test(name)) throw new Error(`not a savepoint name: ${name}`);
    return this.statement(`${prefix} ${name}`);
  }

  savepoint(name: string): void {
    this.savepointStatement('savepoint', name).run();
  }

  release(name: string): void {
    this.savepointStatement('release savepoint', name).run();
  }

  rollbackTo(name: string): void {
    this.savepointStatement('rollback to savepoint', name).run();
  }

  /** `checkFences` of `fencing.ts`: the tables whose fence is beyond their token (or that have no row). */
  checkFences(fences: Fence[]): Set<string> {
    const check = this.statement(CHECK_FENCE);
    const passed = new Set<string>();
    const sorted = [...fences].sort((a, b) => (a.table < b.table ? -1 : a.table > b.table ? 1 : 0));
    for (const f of sorted) if (check.run(f.table, f.token).changes > 0) passed.add(f.table);
    return new Set(sorted.filter((f) => !passed.has(f.table)).map((f) => f.table));
  }

  /** `insertAllOrNone` of `sql.ts`: inserts the rows, skipping those that collide; whether none did. */
  insertAllOrNone(rows: MoveRow[], tokens: ReadonlyMap<string, number>): boolean {
    const many = this.statement(INSERT_MANY);
    const one = this.statement(INSERT_ONE);
    const values: unknown[] = [];
    let inserted = 0;
    let i = 0;
    for (; i + ROWS_PER_INSERT <= rows.length; i += ROWS_PER_INSERT) {
      values.length = 0;
      for (let j = i; j < i + ROWS_PER_INSERT; j++) pushMoveValues(values, rows[j]!, tokens);
      inserted += many.run(values).changes;
    }
    for (; i < rows.length; i++) {
      values.length = 0;
      pushMoveValues(values, rows[i]!, tokens);
      inserted += one.run(values).changes;
    }
    return inserted === rows.length;
  }

  /**
   * `writeTableChange` of `sql.ts` for a change without seats: whether the row was there, or
   * undefined when the change is not one for here (seats, or no column), to go through kysely.
   * Its columns (the clock's JSON) are written once.
   */
  writeTableChange(change: TableChange): boolean | undefined {
    if (change.seats !== undefined) return undefined;
    const columns = changeToColumns(change) as Record<string, unknown>;
    const names = Object.keys(columns);
    if (names.length === 0) return undefined;
    const update = this.statement(
      `update "tables" set ${names.map((n) => `"${n}" = ?`).join(', ')} where "id" = ?`,
    );
    return update.run(...names.map((n) => columns[n]), change.id).changes > 0;
  }
}

/** A move row's values in the order of `MOVE_COLUMNS`, its JSON written here once. */
function pushMoveValues(values: unknown[], row: MoveRow, tokens: ReadonlyMap<string, number>) {
  const columns = moveToColumns(row);
  values.push(
    columns.table_id,
    columns.seq,
    columns.seat,
    columns.kind,
    columns.move ?? null,
    columns.client_id,
    columns.by_bot,
    columns.at,
    tokens.get(row.tableId) ?? null,
  );
}
