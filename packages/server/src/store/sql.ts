/**
 * The store over SQL: one implementation for SQLite (better-sqlite3, one process) and
 * PostgreSQL (pg, a cluster of processes), through kysely with portable queries only.
 *
 * A cluster has one point of order, the database: a table's log has one row per sequence
 * number, so two processes can never both store move n. A commit writes each table's rows
 * under a savepoint; a table whose rows collide with stored ones is rolled back alone and
 * reported, the rest of the batch commits.
 */
import { type Kysely, Migrator, sql, type Transaction } from 'kysely';
import { groupBy } from '../groupBy.ts';
import * as accounts from './accounts.ts';
import * as chat from './chat.ts';
import { clockFromColumn } from './clocks.ts';
import * as email from './email.ts';
import { checkFences, raiseFences } from './fencing.ts';
import * as friends from './friends.ts';
import { migrationProvider } from './migrations/index.ts';
import * as moderation from './moderation.ts';
import * as players from './players.ts';
import { commitInOneStatement, type Queryable } from './postgresCommit.ts';
import * as ratings from './ratings.ts';
import * as rematches from './rematches.ts';
import {
  changeToColumns,
  chatFromColumns,
  moveFromColumns,
  rowColumns,
  type Tokens,
  tableFromColumns,
  tableToColumns,
} from './rows.ts';
import type { Database } from './schema.ts';
import type { PreparedCommit } from './sqliteCommit.ts';
import type {
  ActiveTable,
  Batch,
  ChatRow,
  CommitResult,
  Fence,
  LoadedTable,
  MoveRow,
  PlayerRow,
  Store,
  StoredSeat,
  TableChange,
  TableRow,
} from './types.ts';
import * as webhooks from './webhooks.ts';

export type SqlDialect = 'sqlite' | 'postgres';

/** Rows per INSERT statement: well below SQLite's limit of bound parameters. */
const INSERT_CHUNK = 400;

/**
 * A unique or primary key violated: SQLite's constraint codes, PostgreSQL's 23505. Only the
 * store looks at this; its callers get typed results (`conflicts`, `duplicate`, `already`).
 */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/** Attempts at a batch that PostgreSQL aborted for a deadlock or a serialization failure. */
const COMMIT_ATTEMPTS = 3;

/** PostgreSQL gave up the transaction but the same one may well pass again. */
function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * The players of a table, as rows of the `table_players` index: who sits at each seat, or the
 * player a free seat is kept for (a rematch's, an invitation's), so that the table is in their
 * "My games" before they take it.
 */
export function seatedPlayers(tableId: string, seats: StoredSeat[]) {
  return seats.flatMap((seat, index) => {
    const player = seat.playerId ?? seat.reservedFor ?? null;
    return player === null ? [] : [{ table_id: tableId, seat: index, player_id: player }];
  });
}

async function indexPlayers(db: Kysely<Database>, tableId: string, seats: StoredSeat[]) {
  await db.deleteFrom('table_players').where('table_id', '=', tableId).execute();
  const rows = seatedPlayers(tableId, seats);
  if (rows.length > 0) await db.insertInto('table_players').values(rows).execute();
}

/** A table's row changed; with seats, only if still at the revision named. */
async function writeTableChange(db: Kysely<Database>, change: TableChange): Promise<boolean> {
  const columns = changeToColumns(change);
  let query = db.updateTable('tables').where('id', '=', change.id);
  if (change.seats !== undefined) {
    if (change.revision === undefined) throw new Error('a change of seats names its revision');
    query = query.where('revision', '=', change.revision);
    columns.revision = change.revision + 1;
  }
  const result = await query.set(columns).executeTakeFirst();
  const written = Number(result.numUpdatedRows) > 0;
  if (written && change.seats !== undefined) await indexPlayers(db, change.id, change.seats);
  return written;
}

/** One table's rows of a batch, under a savepoint: all of them, or none and `false`. */
async function writeTableRows(
  trx: Kysely<Database>,
  name: string,
  rows: MoveRow[],
  changes: TableChange[],
  tokens: Tokens,
): Promise<boolean> {
  await sql`savepoint ${sql.raw(name)}`.execute(trx);
  try {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK).map(rowColumns(tokens));
      await trx.insertInto('moves').values(chunk).execute();
    }
    for (const change of changes) await writeTableChange(trx, change);
    await sql`release savepoint ${sql.raw(name)}`.execute(trx);
    return true;
  } catch (error) {
    await sql`rollback to savepoint ${sql.raw(name)}`.execute(trx);
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * The rows of a batch, written inside the given transaction, in the order of their tables'
 * ids: two processes whose batches touch the same tables then wait for each other in the same
 * order, never in a circle (a deadlock). Nearly always no row collides, so all of them go in
 * one statement that skips collisions; only when one did is that undone and the batch written
 * again table by table, each under its own savepoint, to find the tables that lost.
 *
 * First the fencing tokens are checked (`fencing.ts`): a table whose lease another process
 * took since its token was issued is left out whole (rows and changes) and reported fenced.
 *
 * With `prepared` (SQLite's store thread) the common path runs the same statements prepared
 * once instead of through kysely (`sqliteCommit.ts`); the table-by-table pass stays on kysely.
 */
export async function writeBatch(
  trx: Kysely<Database>,
  batch: Batch,
  prepared?: PreparedCommit,
): Promise<CommitResult> {
  const fences: Fence[] = batch.fences ?? [];
  const fenced =
    fences.length === 0
      ? new Set<string>()
      : prepared
        ? prepared.checkFences(fences)
        : await checkFences(trx, fences);
  const tokens: Tokens = new Map(fences.map((f) => [f.table, f.token]));
  const rows = batch.moves
    .filter((row) => !fenced.has(row.tableId))
    .sort((a, b) => (a.tableId < b.tableId ? -1 : a.tableId > b.tableId ? 1 : a.seq - b.seq));
  const changes = coalesce(
    batch.tables
      .filter((change) => !fenced.has(change.id))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  );
  const refused = [...fenced];
  if (prepared) prepared.savepoint('batch');
  else await sql`savepoint batch`.execute(trx);
  const none = prepared
    ? prepared.insertAllOrNone(rows, tokens)
    : await insertAllOrNone(trx, rows, tokens);
  if (none) {
    for (const change of changes) {
      if (prepared?.writeTableChange(change) === undefined) await writeTableChange(trx, change);
    }
    if (prepared) prepared.release('batch');
    else await sql`release savepoint batch`.execute(trx);
    return withFenced({ conflicts: [] }, refused);
  }
  if (prepared) {
    prepared.rollbackTo('batch');
    prepared.release('batch');
  } else {
    await sql`rollback to savepoint batch`.execute(trx);
    await sql`release savepoint batch`.execute(trx);
  }
  return withFenced(await writeTableByTable(trx, rows, changes, tokens), refused);
}

/**
 * One change per table where its changes follow each other without seats: a group commit
 * carries a table's clock once per move of it, and the last one wins, so one UPDATE writes
 * what several would (a later change's columns over an earlier's, as writing them in turn
 * does). A change of seats stays apart: it is made on a revision, and moves that revision on.
 */
function coalesce(sorted: TableChange[]): TableChange[] {
  const out: TableChange[] = [];
  for (const change of sorted) {
    const last = out.at(-1);
    if (last && last.id === change.id && last.seats === undefined && change.seats === undefined) {
      out[out.length - 1] = { ...last, ...definedOf(change) };
    } else out.push(change);
  }
  return out;
}

/** The fields of a change that it sets (an undefined field changes nothing). */
function definedOf(change: TableChange): Partial<TableChange> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
}

/** The fenced tables are conflicts too (the process catches up); named only when there are any. */
function withFenced(result: CommitResult, fenced: string[]): CommitResult {
  if (fenced.length === 0) return result;
  return { conflicts: [...fenced, ...result.conflicts], fenced };
}

/** Inserts the rows, skipping those that collide; whether none did. */
async function insertAllOrNone(
  trx: Kysely<Database>,
  rows: MoveRow[],
  tokens: Tokens,
): Promise<boolean> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK).map(rowColumns(tokens));
    const written = await trx
      .insertInto('moves')
      .values(chunk)
      .onConflict((conflict) => conflict.doNothing())
      .returning('seq')
      .execute();
    inserted += written.length;
  }
  return inserted === rows.length;
}

async function writeTableByTable(
  trx: Kysely<Database>,
  rows: MoveRow[],
  changes: TableChange[],
  tokens: Tokens,
): Promise<CommitResult> {
  const conflicts: string[] = [];
  const rowsByTable = groupBy(rows, (row) => row.tableId);
  const tableIds = [...new Set([...rowsByTable.keys(), ...changes.map((c) => c.id)])].sort();
  let n = 0;
  for (const id of tableIds) {
    const own = changes.filter((c) => c.id === id);
    const ok = await writeTableRows(trx, `t${n++}`, rowsByTable.get(id) ?? [], own, tokens);
    if (!ok) conflicts.push(id);
  }
  return { conflicts };
}

/** The commit's own statements, besides kysely, one kind per dialect. */
export interface CommitStatements {
  /** SQLite: the commit's statements prepared once, on the same connection (`sqliteCommit.ts`). */
  prepared?: PreparedCommit;
  /** PostgreSQL: the pool the one-statement commit runs on (`postgresCommit.ts`). */
  pool?: Queryable;
}

export class SqlStore implements Store {
  private readonly prepared: PreparedCommit | undefined;
  private readonly pool: Queryable | undefined;

  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: SqlDialect,
    private readonly statements: CommitStatements = {},
  ) {
    this.prepared = statements.prepared;
    this.pool = statements.pool;
  }

  async migrate(): Promise<string[]> {
    const migrator = new Migrator({ db: this.db, provider: migrationProvider });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      const failed = results?.find((result) => result.status === 'Error')?.migrationName;
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(failed ? `migration ${failed} failed: ${reason}` : reason, { cause: error });
    }
    return (results ?? [])
      .filter((result) => result.status === 'Success')
      .map((result) => result.migrationName);
  }

  /** Runs `work` in one transaction with a store bound to it (the SQLite thread's group commit). */
  async inTransaction<T>(
    work: (store: SqlStore, trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) => work(new SqlStore(trx, this.dialect, this.statements), trx));
  }

  async createTable(table: TableRow): Promise<void> {
    const write = async (db: Kysely<Database>) => {
      await db.insertInto('tables').values(tableToColumns(table)).execute();
      await indexPlayers(db, table.id, table.seats);
    };
    // Inside the SQLite thread's group transaction already; on its own otherwise.
    if (this.db.isTransaction) await write(this.db);
    else await this.db.transaction().execute(write);
  }

  /**
   * Deletes a table that has not started (expired, or deleted by its host) with its chat, its
   * seat index and a rematch link to it; false when it is no longer waiting (it started on
   * another process meanwhile) or is gone already. A waiting table has no moves.
   */
  async deleteWaitingTable(id: string): Promise<boolean> {
    const remove = async (db: Kysely<Database>) => {
      const row = await db
        .selectFrom('tables')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      if (row?.status !== 'waiting') return false;
      await db.deleteFrom('chat').where('table_id', '=', id).execute();
      await db.deleteFrom('table_players').where('table_id', '=', id).execute();
      await db.deleteFrom('rematches').where('to_table_id', '=', id).execute();
      const deleted = await db
        .deleteFrom('tables')
        .where('id', '=', id)
        .where('status', '=', 'waiting')
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1;
    };
    if (this.db.isTransaction) return remove(this.db);
    return this.db.transaction().execute(remove);
  }

  async updateTable(change: TableChange): Promise<boolean> {
    if (change.seats === undefined || this.db.isTransaction) {
      return writeTableChange(this.db, change);
    }
    return this.db.transaction().execute((trx) => writeTableChange(trx, change));
  }

  async commit(batch: Batch): Promise<CommitResult> {
    if (this.db.isTransaction) return writeBatch(this.db, batch, this.prepared);
    for (let attempt = 1; ; attempt++) {
      try {
        if (this.pool) {
          const fenced = await commitInOneStatement(this.pool, batch);
          if (fenced !== undefined) return withFenced({ conflicts: [] }, fenced);
        }
        return await this.db.transaction().execute((trx) => writeBatch(trx, batch, this.prepared));
      } catch (error) {
        if (!isTransient(error) || attempt >= COMMIT_ATTEMPTS) throw error;
      }
    }
  }

  async takeFences(tableIds: string[]): Promise<Fence[]> {
    if (tableIds.length === 0) return [];
    if (this.db.isTransaction) return raiseFences(this.db, tableIds);
    return this.db.transaction().execute((trx) => raiseFences(trx, tableIds));
  }

  async loadTable(id: string, chatLimit: number): Promise<LoadedTable | undefined> {
    const table = await this.tableRow(id);
    if (!table) return undefined;
    const moves = await this.movesAfter(id, 0);
    const chat = await this.db
      .selectFrom('chat')
      .selectAll()
      .where('table_id', '=', id)
      .where('removed_at', 'is', null)
      .orderBy('seq', 'desc')
      .limit(chatLimit)
      .execute();
    return { table, moves, chat: chat.reverse().map(chatFromColumns) };
  }

  async tableRow(id: string): Promise<TableRow | undefined> {
    const row = await this.db
      .selectFrom('tables')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? tableFromColumns(row) : undefined;
  }

  async movesAfter(tableId: string, seq: number): Promise<MoveRow[]> {
    const rows = await this.db
      .selectFrom('moves')
      .selectAll()
      .where('table_id', '=', tableId)
      .where('seq', '>', seq)
      .orderBy('seq')
      .execute();
    return rows.map(moveFromColumns);
  }

  async answeredMove(
    tableId: string,
    seat: number,
    clientId: string,
  ): Promise<MoveRow | undefined> {
    const row = await this.db
      .selectFrom('moves')
      .selectAll()
      .where('table_id', '=', tableId)
      .where('seat', '=', seat)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row ? moveFromColumns(row) : undefined;
  }

  async tablesOfPlayer(
    playerId: string,
    statuses: TableRow['status'][],
    limit: number,
  ): Promise<TableRow[]> {
    if (statuses.length === 0) return [];
    const rows = await this.db
      .selectFrom('tables')
      .innerJoin('table_players', 'table_players.table_id', 'tables.id')
      .selectAll('tables')
      .where('table_players.player_id', '=', playerId)
      .where('tables.status', 'in', statuses)
      .orderBy('tables.created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(tableFromColumns);
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

  async activeTables(): Promise<ActiveTable[]> {
    const rows = await this.db
      .selectFrom('tables as t')
      .select(['t.id', 't.status', 't.clock', 't.started_at', 't.created_at'])
      .select((eb) =>
        eb
          .selectFrom('moves as m')
          .select('m.at')
          .whereRef('m.table_id', '=', 't.id')
          .orderBy('m.seq', 'desc')
          .limit(1)
          .as('last_at'),
      )
      .where('t.status', 'in', ['waiting', 'playing'])
      .orderBy('t.created_at')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      status: row.status as ActiveTable['status'],
      clock: clockFromColumn(row.clock),
      lastActivity: row.last_at ?? row.started_at ?? row.created_at,
    }));
  }

  async publicTables(
    status: 'waiting' | 'playing',
    offset: number,
    limit: number,
  ): Promise<TableRow[]> {
    const rows = await this.db
      .selectFrom('tables')
      .selectAll()
      .where('status', '=', status)
      .where('public', '=', 1)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map(tableFromColumns);
  }

  async openTablesOf(hostId: string): Promise<number> {
    const row = await this.db
      .selectFrom('tables')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('host_id', '=', hostId)
      .where('status', 'in', ['waiting', 'playing'])
      .executeTakeFirstOrThrow();
    return Number(row.count);
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

  // Players (`players.ts`).
  createPlayer = (player: PlayerRow) => players.createPlayer(this.db, player);
  findPlayerByTokenHash = (hash: string) => players.findPlayerByTokenHash(this.db, hash);
  playerById = (id: string) => players.playerById(this.db, id);
  renamePlayer = (id: string, name: string) => players.renamePlayer(this.db, id, name);

  // Chat lines (`chat.ts`; reading them is `loadTable`'s).
  appendChat = (line: ChatRow) => chat.appendChat(this.db, line);

  // Mutes, blocks, chat reports and removed lines (`moderation.ts`).
  setListed = (
    list: moderation.ModerationList,
    playerId: string,
    otherId: string,
    on: boolean,
    at: string,
  ) => moderation.setListed(this.db, list, playerId, otherId, on, at);
  listOf = (list: moderation.ModerationList, playerId: string) =>
    moderation.listOf(this.db, list, playerId);
  blockersAmong = (playerIds: string[], otherId: string) =>
    moderation.blockersAmong(this.db, playerIds, otherId);
  chatContext = (tableId: string, seq: number, before: number) =>
    moderation.chatContext(this.db, tableId, seq, before);
  addChatReport = (report: moderation.ChatReportRow) => moderation.addChatReport(this.db, report);
  chatReports = (limit: number) => moderation.chatReports(this.db, limit);
  removeChatLine = (tableId: string, seq: number, at: string) =>
    moderation.removeChatLine(this.db, tableId, seq, at);

  // Accounts, sessions, settings (`accounts.ts`) and webhooks (`webhooks.ts`).
  createAccount = (a: accounts.AccountRow) => accounts.createAccount(this.db, a);
  accountByUsername = (username: string) => accounts.accountByUsername(this.db, username);
  accountOfPlayer = (playerId: string) => accounts.accountOfPlayer(this.db, playerId);
  createSession = (s: accounts.SessionRow) => accounts.createSession(this.db, s);
  sessionPlayer = (idHash: string, now: string) => accounts.sessionPlayer(this.db, idHash, now);
  deleteSession = (idHash: string) => accounts.deleteSession(this.db, idHash);
  ensureSetting = (key: string, value: string) => accounts.ensureSetting(this.db, key, value);
  becomeBotAccount = (playerId: string, tokenHash: string) =>
    accounts.becomeBotAccount(this.db, playerId, tokenHash);
  setWebhook = (playerId: string, url: string | null, at: string) =>
    webhooks.setWebhook(this.db, playerId, url, at);
  webhookOf = (playerId: string) => webhooks.webhookOf(this.db, playerId);
  webhooksOf = (playerIds: string[]) => webhooks.webhooksOf(this.db, playerIds);

  // Ratings and rematches (`ratings.ts`, `rematches.ts`).
  ratingsForGame = (size: number, playerIds: string[]) =>
    ratings.ratingsForGame(this.db, size, playerIds);
  recordRatings = (game: ratings.GameToRate, changes: ratings.RatingChange[]) =>
    ratings.recordRatings(this.db, game, changes, this.dialect);
  leaderboard = (size: number, limit: number) => ratings.leaderboard(this.db, size, limit);
  ratingsOf = (playerId: string) => ratings.ratingsOf(this.db, playerId);
  historyOf = (playerId: string, size: number, limit: number) =>
    ratings.historyOf(this.db, playerId, size, limit);
  historyOfTable = (tableId: string) => ratings.historyOfTable(this.db, tableId);
  unratedTables = () => ratings.unratedTables(this.db);
  rematchOf = (fromTableId: string) => rematches.rematchOf(this.db, fromTableId);
  createRematch = (fromTableId: string, table: TableRow) =>
    rematches.createRematch(this.db, fromTableId, table, (trx) =>
      new SqlStore(trx, this.dialect).createTable(table),
    );

  // Friends, challenges (`friends.ts`) and email notifications (`email.ts`).
  follow = (follower: string, followed: string, at: string) =>
    friends.follow(this.db, follower, followed, at);
  unfollow = (follower: string, followed: string) => friends.unfollow(this.db, follower, followed);
  following = (follower: string, limit: number) => friends.following(this.db, follower, limit);
  markSeen = (playerIds: string[], at: string) => friends.markSeen(this.db, playerIds, at);
  createChallenge = (c: friends.ChallengeRow) => friends.createChallenge(this.db, c);
  challengeOf = (tableId: string) => friends.challengeOf(this.db, tableId);
  challengesTo = (playerId: string) => friends.challengesTo(this.db, playerId);
  deleteChallenge = (tableId: string) => friends.deleteChallenge(this.db, tableId);
  emailOf = (playerId: string) => email.emailOf(this.db, playerId);
  setEmail = (
    playerId: string,
    row: Omit<email.EmailRow, 'playerId' | 'verifiedAt'> | null,
    at: string,
  ) => email.setEmail(this.db, playerId, row, at);
  verifyEmail = (playerId: string, address: string, at: string) =>
    email.verifyEmail(this.db, playerId, address, at);
  unsubscribeEmail = (playerId: string, at: string) =>
    email.unsubscribeEmail(this.db, playerId, at);
  claimMail = (playerId: string, tableId: string, kind: string, since: string, at: string) =>
    email.claimMail(this.db, playerId, tableId, kind, since, at);

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
