/**
 * A commit compiles no statement (issue 36): on SQLite every statement the store thread's
 * group commit runs, kysely's `begin` and `commit` included, is prepared once per connection
 * and taken from the connection's cache afterwards (`store/sqliteStatements.ts`); on
 * PostgreSQL the common commit is one named prepared statement of constant text, which
 * neither kysely compiles nor PostgreSQL parses again (`store/postgresCommit.ts`). Counted,
 * not timed: the connection's `prepare` and kysely's `compileQuery` are watched while commits
 * of every common shape run, after one round of each has warmed the cache.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPostgresStore } from '../src/store/postgres.ts';
import { ONE_STATEMENT_NAME, ONE_STATEMENT_SQL } from '../src/store/postgresCommit.ts';
import type { SqlStore } from '../src/store/sql.ts';
import { openDatabase, preparedSqliteStore } from '../src/store/sqlite.ts';
import { StatementCache } from '../src/store/sqliteStatements.ts';
import type { Batch, Fence, MoveRow } from '../src/store/types.ts';
import { databaseUrlFor, dropTestDatabase, TEST_POSTGRES_URL } from './support/database.ts';
import { playingTable } from './support/storeRows.ts';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gangsta-statements-'));
  cleanups.push(async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTestDatabase(dir);
  });
  return dir;
}

const TABLES = ['a', 'b', 'c'];

async function seed(store: SqlStore): Promise<void> {
  await store.migrate();
  await store.createPlayer({ id: 'p1', name: 'Ann', tokenHash: 'h1', createdAt: 'now' });
  for (const id of TABLES) await store.createTable(playingTable(id));
}

function move(tableId: string, seq: number): MoveRow {
  return {
    tableId,
    seq,
    seat: seq % 2,
    kind: 'move',
    move: { type: 'pass', seat: seq % 2 } as MoveRow['move'],
    clientId: `${tableId}-${seq}`,
    byBot: seq % 2 === 1,
    at: `t${seq}`,
  };
}

const CLOCK = { setting: { kind: 'none' }, takeoverLevel: 'easy', state: null } as never;

/**
 * The common shapes of a commit, round after round: one move; several tables' moves with
 * their clocks; more moves than one multi-row insert holds; moves under fencing tokens.
 */
function batchesOfRound(next: Map<string, number>, fences: Fence[]): Batch[] {
  const take = (table: string, count: number) =>
    Array.from({ length: count }, () => {
      const seq = (next.get(table) ?? 0) + 1;
      next.set(table, seq);
      return move(table, seq);
    });
  return [
    { moves: take('a', 1), tables: [] },
    {
      moves: [...take('a', 2), ...take('b', 1)],
      tables: [
        { id: 'a', clock: CLOCK },
        { id: 'b', clock: CLOCK },
      ],
    },
    { moves: [...take('b', 20), ...take('c', 19)], tables: [{ id: 'c', clock: CLOCK }] },
    { moves: take('c', 2), tables: [], fences },
  ];
}

describe('a commit compiles no statement', () => {
  it('on SQLite, the store thread prepares each statement once per connection', async () => {
    const database = openDatabase(freshDir());
    const prepare = vi.spyOn(database, 'prepare');
    const store = preparedSqliteStore(database);
    cleanups.push(() => store.close());
    await seed(store);
    const fences = await store.takeFences(['c']);
    const next = new Map<string, number>();
    // As the store thread runs a group: every call of it in one transaction.
    const round = () =>
      store.inTransaction(async (inTrx) => {
        for (const batch of batchesOfRound(next, fences)) {
          expect(await inTrx.commit(batch)).toEqual({ conflicts: [] });
        }
      });
    await round();
    const warm = prepare.mock.calls.length;
    expect(warm).toBeGreaterThan(0);
    for (let i = 0; i < 20; i++) await round();
    expect(prepare.mock.calls.slice(warm)).toEqual([]);
    // What was committed is all there.
    expect((await store.movesAfter('b', 0)).length).toBe(next.get('b'));
    expect((await store.movesAfter('c', 0)).map((row) => row.seq)).toEqual(
      Array.from({ length: next.get('c')! }, (_, i) => i + 1),
    );
    // A read kysely builds is prepared once too.
    const reads = prepare.mock.calls.length;
    await store.tableRow('a');
    await store.tableRow('b');
    expect(prepare.mock.calls.length - reads).toBeLessThanOrEqual(1);
  });

  it('drops the least recently used statement beyond its bound', () => {
    const database = openDatabase(freshDir());
    cleanups.push(async () => {
      database.close();
    });
    const prepare = vi.spyOn(database, 'prepare');
    const cache = new StatementCache(database, 2);
    const [one, two, three] = ['select 1', 'select 2', 'select 3'];
    const first = cache.prepare(one!);
    cache.prepare(two!);
    expect(cache.prepare(one!)).toBe(first);
    cache.prepare(three!);
    expect(prepare).toHaveBeenCalledTimes(3);
    // `select 2` was the least recently used: it is prepared again, `select 1` is not.
    cache.prepare(two!);
    expect(cache.prepare(three!)).toBeDefined();
    expect(prepare.mock.calls.map(([text]) => text)).toEqual([one, two, three, two]);
  });

  it.skipIf(!TEST_POSTGRES_URL)(
    'on PostgreSQL, the common commit is one named statement that kysely never compiles',
    async () => {
      const url = (await databaseUrlFor(freshDir()))!;
      const store = openPostgresStore(url);
      cleanups.push(() => store.close());
      await seed(store);
      const fences = await store.takeFences(['c']);
      const next = new Map<string, number>();
      const compile = vi.spyOn(store.db.getExecutor(), 'compileQuery');
      const query = vi.spyOn(pg.Client.prototype, 'query');
      for (let i = 0; i < 10; i++) {
        for (const batch of batchesOfRound(next, fences)) {
          expect(await store.commit(batch)).toEqual({ conflicts: [] });
        }
      }
      expect(compile).not.toHaveBeenCalled();
      const sent = query.mock.calls.map(([config]) => config as unknown as pg.QueryConfig);
      expect(sent).toHaveLength(40);
      for (const config of sent) {
        expect(config.name).toBe(ONE_STATEMENT_NAME);
        expect(config.text).toBe(ONE_STATEMENT_SQL);
      }
      expect((await store.movesAfter('c', 0)).length).toBe(next.get('c'));
    },
  );
});
