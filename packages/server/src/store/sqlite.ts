/**
 * The SQLite store (better-sqlite3 through kysely). WAL journal with `synchronous=FULL`: a
 * transaction that has returned is on the disk, so an acknowledged move survives a crash or a
 * power cut.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Transaction } from 'kysely';
import { migrationProvider } from './migrations.ts';
import {
  changeToColumns,
  chatFromColumns,
  chatToColumns,
  moveFromColumns,
  moveToColumns,
  tableFromColumns,
  tableToColumns,
} from './rows.ts';
import type { Database } from './schema.ts';
import type {
  Batch,
  ChatRow,
  LoadedTable,
  PlayerRow,
  Store,
  TableChange,
  TableRow,
} from './types.ts';

/** Rows per INSERT statement: well below SQLite's limit of bound parameters. */
const INSERT_CHUNK = 400;

export const DATABASE_FILE = 'gangsta.sqlite';

export function openSqliteStore(dataDir: string): SqliteStore {
  mkdirSync(dataDir, { recursive: true });
  const database = new SQLite(join(dataDir, DATABASE_FILE));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new SqliteStore(new Kysely<Database>({ dialect: new SqliteDialect({ database }) }));
}

/** The rows of a batch, written with the given connection or transaction. */
export async function writeBatch(db: Kysely<Database>, batch: Batch): Promise<void> {
  for (let i = 0; i < batch.moves.length; i += INSERT_CHUNK) {
    const chunk = batch.moves.slice(i, i + INSERT_CHUNK).map(moveToColumns);
    await db.insertInto('moves').values(chunk).execute();
  }
  for (const change of batch.tables) {
    await db
      .updateTable('tables')
      .set(changeToColumns(change))
      .where('id', '=', change.id)
      .execute();
  }
}

export class SqliteStore implements Store {
  constructor(private readonly db: Kysely<Database>) {}

  async migrate(): Promise<void> {
    const migrator = new Migrator({ db: this.db, provider: migrationProvider });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
  }

  async createPlayer(player: PlayerRow): Promise<void> {
    await this.db
      .insertInto('players')
      .values({
        id: player.id,
        name: player.name,
        token_hash: player.tokenHash,
        created_at: player.createdAt,
      })
      .execute();
  }

  async findPlayerByTokenHash(tokenHash: string): Promise<PlayerRow | undefined> {
    const row = await this.db
      .selectFrom('players')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    return { id: row.id, name: row.name, tokenHash: row.token_hash, createdAt: row.created_at };
  }

  async renamePlayer(id: string, name: string): Promise<void> {
    await this.db.updateTable('players').set({ name }).where('id', '=', id).execute();
  }

  async createTable(table: TableRow): Promise<void> {
    await this.db.insertInto('tables').values(tableToColumns(table)).execute();
  }

  async updateTable(change: TableChange): Promise<void> {
    await this.db
      .updateTable('tables')
      .set(changeToColumns(change))
      .where('id', '=', change.id)
      .execute();
  }

  async commit(batch: Batch): Promise<void> {
    await this.db.transaction().execute((trx) => writeBatch(trx, batch));
  }

  /** Runs `work` in one transaction with a store bound to it (the store worker's group commit). */
  async inTransaction<T>(
    work: (store: SqliteStore, trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute((trx) => work(new SqliteStore(trx), trx));
  }

  async loadTable(id: string, chatLimit: number): Promise<LoadedTable | undefined> {
    const row = await this.db
      .selectFrom('tables')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const moves = await this.db
      .selectFrom('moves')
      .selectAll()
      .where('table_id', '=', id)
      .orderBy('seq')
      .execute();
    const chat = await this.db
      .selectFrom('chat')
      .selectAll()
      .where('table_id', '=', id)
      .orderBy('seq', 'desc')
      .limit(chatLimit)
      .execute();
    return {
      table: tableFromColumns(row),
      moves: moves.map(moveFromColumns),
      chat: chat.reverse().map(chatFromColumns),
    };
  }

  async tableIds(statuses: TableRow['status'][]): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tables')
      .select('id')
      .where('status', 'in', statuses)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => row.id);
  }

  async recentFinished(limit: number): Promise<TableRow[]> {
    const rows = await this.db
      .selectFrom('tables')
      .selectAll()
      .where('status', '=', 'finished')
      .where('public', '=', 1)
      .orderBy('finished_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(tableFromColumns);
  }

  async appendChat(line: ChatRow): Promise<void> {
    await this.db.insertInto('chat').values(chatToColumns(line)).execute();
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
