/**
 * Each SQL text prepared once per connection. better-sqlite3 compiles a statement in
 * `prepare`, and kysely's SQLite driver calls it for every query it runs, `begin` and `commit`
 * included, so every commit of the store's thread compiled all its statements again: with the
 * commit's own statements (`sqliteCommit.ts`) that was a quarter of the thread's time. Here
 * the connection keeps the statements it has prepared, by their text, and hands the same one
 * back; kysely and the prepared commit share them.
 *
 * A statement may be reused because the connection runs one query at a time to its end
 * (`all` or `run`; nothing in the store streams rows with `iterate`, which would hold a
 * statement busy). SQLite prepares a kept statement again by itself when a migration changed
 * the schema under it. The texts of a few queries vary with their arguments (an `in` list's
 * length), so the cache is bounded: the least recently used statement is dropped first.
 */
import type SQLite from 'better-sqlite3';

export type Statement = SQLite.Statement<unknown[]>;

/** Distinct texts kept; the store's queries and their `in`-list lengths fit with room to spare. */
const KEPT_STATEMENTS = 500;

export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(
    readonly database: SQLite.Database,
    private readonly limit = KEPT_STATEMENTS,
  ) {}

  prepare(text: string): Statement {
    const kept = this.statements.get(text);
    if (kept) {
      // Most recently used last: a Map iterates in insertion order.
      this.statements.delete(text);
      this.statements.set(text, kept);
      return kept;
    }
    const statement = this.database.prepare<unknown[]>(text);
    this.statements.set(text, statement);
    if (this.statements.size > this.limit) {
      const oldest = this.statements.keys().next().value as string;
      this.statements.delete(oldest);
    }
    return statement;
  }

  /** The database as kysely's SQLite dialect sees it, preparing through this cache. */
  forKysely(): { prepare(text: string): Statement; close(): void } {
    return {
      prepare: (text) => this.prepare(text),
      close: () => {
        this.statements.clear();
        this.database.close();
      },
    };
  }
}
