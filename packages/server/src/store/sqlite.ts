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

export const DATABASE_FILE = 'gangsta.sqlite';

export function openSqliteStore(dataDir: string): SqlStore {
  mkdirSync(dataDir, { recursive: true });
  const database = new SQLite(join(dataDir, DATABASE_FILE));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new SqlStore(new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), 'sqlite');
}
