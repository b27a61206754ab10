/**
 * The SQLite database of a single server process (better-sqlite3 through kysely). WAL journal
 * with `synchronous=FULL`: a transaction that has returned is on the disk, so an acknowledged
 * move survives a crash or a power cut. The server uses it from its own thread (`worker.ts`).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';
import { SqlStore } from './sql.ts';
import { PreparedCommit } from './sqliteCommit.ts';
import { DATABASE_FILE } from './sqliteFile.ts';
import { StatementCache } from './sqliteStatements.ts';

export { DATABASE_FILE };

/** The database file, created if need be, with the settings above. */
export function openDatabase(dataDir: string): SQLite.Database {
  mkdirSync(dataDir, { recursive: true });
  const database = new SQLite(join(dataDir, DATABASE_FILE));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return database;
}

/** Kysely on the connection, every statement prepared once (`sqliteStatements.ts`). */
function kyselyOf(statements: StatementCache): Kysely<Database> {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: statements.forKysely() }) });
}

export function openSqliteStore(dataDir: string): SqlStore {
  return new SqlStore(kyselyOf(new StatementCache(openDatabase(dataDir))), 'sqlite');
}

/**
 * The store of the store's thread on an open connection: the commit's own statements written
 * once (`sqliteCommit.ts`) besides kysely, all of them prepared once.
 */
export function preparedSqliteStore(database: SQLite.Database): SqlStore {
  const statements = new StatementCache(database);
  return new SqlStore(kyselyOf(statements), 'sqlite', {
    prepared: new PreparedCommit(statements),
  });
}

export function openPreparedSqliteStore(dataDir: string): SqlStore {
  return preparedSqliteStore(openDatabase(dataDir));
}
