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

export { DATABASE_FILE };

/** The database file, created if need be, with the settings above. */
function openDatabase(dataDir: string): SQLite.Database {
  mkdirSync(dataDir, { recursive: true });
  const database = new SQLite(join(dataDir, DATABASE_FILE));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return database;
}

function kyselyOf(database: SQLite.Database): Kysely<Database> {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

export function openSqliteStore(dataDir: string): SqlStore {
  return new SqlStore(kyselyOf(openDatabase(dataDir)), 'sqlite');
}

/** The store of the store's thread: the same, with the commit's statements prepared once. */
export function openPreparedSqliteStore(dataDir: string): SqlStore {
  const database = openDatabase(dataDir);
  return new SqlStore(kyselyOf(database), 'sqlite', new PreparedCommit(database));
}
