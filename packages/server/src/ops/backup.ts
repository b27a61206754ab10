/**
 * Backups of the SQLite database (`DATA_DIR/gangsta.sqlite`): `backupSqlite` copies it with
 * SQLite's online backup (better-sqlite3's `db.backup()`), safe while the server runs and
 * writes, into one self-contained file; `restoreSqlite` puts such a file in place of the data
 * file, and refuses while a process has the database open or when the file is no Gangsta
 * database. The session secret and the other generated secrets live in the database's
 * `settings` table: a backup carries them, so keep it as private as the database.
 * PostgreSQL has its own tools (`pg_dump`, `pg_restore`; docs/deploy.md, "Backups").
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { ORDERED } from '../store/migrations/index.ts';
import { DATABASE_FILE, DATABASE_SIDE_FILES } from '../store/sqliteFile.ts';

/** Where kysely records the migrations a database has run. */
const MIGRATION_TABLE = 'kysely_migration';

/** A backup or restore that cannot be done, with the reason the operator needs. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** The migrations recorded in the copy: the schema it has. */
  migrations: string[];
}

/** The migrations a database file has recorded, or a `BackupError` if it is no Gangsta database. */
function recordedMigrations(database: SQLite.Database, file: string): string[] {
  let check: unknown;
  try {
    check = database.pragma('quick_check', { simple: true });
  } catch (error) {
    throw new BackupError(`${file} is no Gangsta database: ${(error as Error).message}`);
  }
  if (check !== 'ok') throw new BackupError(`${file} is damaged: ${String(check)}`);
  const table = database
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?")
    .get(MIGRATION_TABLE);
  if (!table) {
    throw new BackupError(
      `${file} is no Gangsta database: it has no ${MIGRATION_TABLE} table (the record of its migrations)`,
    );
  }
  return (
    database.prepare(`SELECT name FROM ${MIGRATION_TABLE} ORDER BY name`).all() as {
      name: string;
    }[]
  ).map((row) => row.name);
}

function openReadOnly(file: string): SQLite.Database {
  try {
    return new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`cannot open ${file}: ${(error as Error).message}`);
  }
}

/**
 * Copies the database of `dataDir` into `target` (which must not exist) while the server may
 * run: SQLite's backup reads it page by page and starts over when a writer changed it meanwhile,
 * so the copy is one consistent state (all of its last commit, nothing of a later one).
 */
export async function backupSqlite(dataDir: string, target: string): Promise<BackupResult> {
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new BackupError(`there is no database at ${source} (DATA_DIR)`);
  if (existsSync(target)) throw new BackupError(`${target} exists already: name a new file`);
  const database = openReadOnly(source);
  try {
    // The server's writes hold the database a moment; wait for them rather than fail.
    database.pragma('busy_timeout = 5000');
    await database.backup(target);
  } catch (error) {
    rmSync(target, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`the backup of ${source} failed: ${(error as Error).message}`);
  } finally {
    database.close();
  }
  const copy = openReadOnly(target);
  try {
    return {
      file: target,
      bytes: statSync(target).size,
      migrations: recordedMigrations(copy, target),
    };
  } finally {
    copy.close();
  }
}

/**
 * Whether a process has the database open: every connection in WAL mode holds a shared lock
 * while it is open, so an exclusive lock taken without waiting fails while the server runs
 * (a process killed -9 holds nothing: the lock ends with it).
 */
function inUse(file: string): boolean {
  const database = new SQLite(file, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 0');
    database.pragma('locking_mode = EXCLUSIVE');
    database.exec('BEGIN EXCLUSIVE');
    database.exec('COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    database.close();
  }
}

/**
 * Puts the backup `file` in place of the database of `dataDir` (created if missing). Refuses
 * while a server has that database open (stop every process first), when the file is no Gangsta
 * database or is damaged, and when it recorded migrations this version does not know (it was
 * made by a newer version: run that one). The database it replaces is kept beside it as
 * `gangsta.sqlite.before-restore` until the next restore.
 */
export function restoreSqlite(
  dataDir: string,
  file: string,
): { migrations: string[]; replaced: string | null } {
  const backup = openReadOnly(file);
  let migrations: string[];
  try {
    migrations = recordedMigrations(backup, file);
  } finally {
    backup.close();
  }
  const known = new Set(ORDERED.map((m) => m.name));
  const unknown = migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `${file} was made by a newer version of the server (migrations ${unknown.join(', ')} are unknown here): restore it with that version`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const target = join(dataDir, DATABASE_FILE);
  let replaced: string | null = null;
  if (existsSync(target)) {
    if (inUse(target)) {
      throw new BackupError(
        `a server has the database at ${target} open: stop every server process using DATA_DIR=${dataDir} first`,
      );
    }
    replaced = `${target}.before-restore`;
    for (const side of ['', ...DATABASE_SIDE_FILES]) {
      rmSync(`${replaced}${side}`, { force: true });
      // The old database's journal goes with it: it must not be applied to the restored file.
      if (existsSync(`${target}${side}`)) renameSync(`${target}${side}`, `${replaced}${side}`);
    }
  }
  // Copied through SQLite (not the file system): the copy is whole and in the server's WAL mode.
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    source.exec(`VACUUM INTO '${target.replace(/'/g, "''")}'`);
  } finally {
    source.close();
  }
  return { migrations, replaced };
}
