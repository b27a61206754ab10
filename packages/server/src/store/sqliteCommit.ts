/**
 * The SQLite commit's statements, prepared once (issue 18). Through kysely every statement of
 * every commit was built, compiled to SQL and prepared by SQLite again, which was most of the
 * store thread's CPU. These are the same statements as `writeBatch` and `checkFences` issue
 * through kysely (`sql.ts`, `fencing.ts`), run on the same connection and so inside the same
 * transaction: `writeBatch` decides what is written, this only runs it. PostgreSQL keeps
 * kysely.
 *
 * Only the common path is here: the fence check, the batch's savepoint, the rows, and table
 * changes without seats. A change of seats (with its player index) and the table-by-table
 * pass after a collision stay on kysely, in the same transaction.
 */
import type SQLite from 'better-sqlite3';
import { changeToColumns, moveToColumns } from './rows.ts';
import type { Fence, MoveRow, TableChange } from './types.ts';

type Statement = SQLite.Statement<unknown[]>;

/** A move row's columns in the order of `INSERT_MOVE`. */
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

const INSERT_MOVE = `insert into "moves" (${MOVE_COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${MOVE_COLUMNS.map(() => '?').join(', ')}) on conflict do nothing`;

/** Takes the row's lock when the token still holds (`checkFences`): one row per statement. */
const CHECK_FENCE = 'update "tables" set "fence" = "fence" where "id" = ? and "fence" <= ?';

/** Savepoint names are the caller's constants (`batch`), never data. */
const SAVEPOINT_NAME = /^[a-z][a-z0-9_]*$/;

export class PreparedCommit {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly database: SQLite.Database) {}

  private statement(text: string): Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.database.prepare<unknown[]>(text);
      this.statements.set(text, statement);
    }
    return statement;
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
    const insert = this.statement(INSERT_MOVE);
    let inserted = 0;
    for (const row of rows) {
      const columns = moveToColumns(row);
      inserted += insert.run(
        columns.table_id,
        columns.seq,
        columns.seat,
        columns.kind,
        columns.move ?? null,
        columns.client_id,
        columns.by_bot,
        columns.at,
        tokens.get(row.tableId) ?? null,
      ).changes;
    }
    return inserted === rows.length;
  }

  /** Whether `writeTableChange` here writes this change (no seats, at least one column). */
  handles(change: TableChange): boolean {
    return change.seats === undefined && Object.keys(changeToColumns(change)).length > 0;
  }

  /** `writeTableChange` of `sql.ts` for a change without seats; whether the row was there. */
  writeTableChange(change: TableChange): boolean {
    if (!this.handles(change)) throw new Error('this change is written through kysely');
    const columns = changeToColumns(change) as Record<string, unknown>;
    const names = Object.keys(columns);
    const update = this.statement(
      `update "tables" set ${names.map((n) => `"${n}" = ?`).join(', ')} where "id" = ?`,
    );
    return update.run(...names.map((n) => columns[n]), change.id).changes > 0;
  }
}
