/**
 * Duplicates in the store (issue 18): a write whose key another writer took first answers
 * with a typed result, decided inside the store, and never fails as a database error for its
 * caller to inspect. A chat line under a taken number is `duplicate`; a second rematch of one
 * table is `duplicate` with the rematch that holds (its own table not written); a second rating
 * of one table is `already`, and ratings computed from a rating that changed since it was read
 * are `conflict` (the rating module reads again); an account is `already` or `taken`. Two
 * writers at the same moment (two connections on PostgreSQL) get the same answers, and on
 * SQLite a duplicate inside the store thread's group commit leaves the other calls of the
 * group alone. Runs on SQLite, and on PostgreSQL when the suite has it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresStore, openSqliteStore, type SqlStore } from '../src/index.ts';
import { NEWCOMER, rateGame as rateWithModel } from '../src/ratings/model.ts';
import { rateGame } from '../src/ratings/rate.ts';
import type { GameToRate } from '../src/store/ratings.ts';
import type { ChatRow, Store, TableRow } from '../src/store/types.ts';
import { workerStore } from '../src/store/workerStore.ts';
import { databaseUrlFor, dropTestDatabase, STORE_NAME } from './support/database.ts';
import { at } from './support/lists.ts';
import { playingTable } from './support/storeRows.ts';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const EPOCH = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-02T00:00:00.000Z';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh data folder, removed (with its PostgreSQL database) after the test. */
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gangsta-duplicates-'));
  cleanups.push(async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTestDatabase(dir);
  });
  return dir;
}

/** Ann (`p1`, an account since EPOCH) and her finished table `f` against an easy bot. */
async function seed(store: Store): Promise<void> {
  await store.migrate();
  await store.createPlayer({ id: 'p1', name: 'Ann', tokenHash: 'h1', createdAt: EPOCH });
  await store.createAccount({
    playerId: 'p1',
    username: 'ann',
    passwordHash: 'x',
    createdAt: EPOCH,
  });
  await store.createTable({ ...playingTable('f'), status: 'finished', finishedAt: LATER });
}

/** `connections` stores on one fresh database (PostgreSQL: a pool each; SQLite: one store). */
async function freshStores(
  connections = 1,
): Promise<{ stores: [SqlStore, ...SqlStore[]]; url: string | null }> {
  const dir = freshDir();
  const url = await databaseUrlFor(dir);
  const open = () => (url ? openPostgresStore(url) : openSqliteStore(dir));
  const first = open();
  const stores: [SqlStore, ...SqlStore[]] = [
    first,
    ...Array.from({ length: url ? connections - 1 : 0 }, open),
  ];
  cleanups.push(async () => {
    for (const store of stores) await store.close();
  });
  await seed(first);
  return { stores, url };
}

/** One store on a fresh database. */
async function freshStore(): Promise<SqlStore> {
  const { stores } = await freshStores();
  return stores[0];
}

/** The store of the `i`th writer: each its own on PostgreSQL, SQLite's one for all. */
const by = (stores: SqlStore[], i: number) => at(stores, i % stores.length, 'store');

/**
 * Runs the writes at once. On PostgreSQL `table` is locked until every write waits for it, so
 * that each has done its reads before any of them writes: a true race between processes.
 * SQLite writes one transaction after the other.
 */
async function race<T>(url: string | null, table: string, writes: (() => Promise<T>)[]) {
  if (url === null) return Promise.all(writes.map((write) => write()));
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('BEGIN');
    await lock.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
    const answers = Promise.all(writes.map((write) => write()));
    const waiting = `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = '${table}'::regclass`;
    await expect
      .poll(async () => (await lock.query(waiting)).rows[0].n, { timeout: 10_000 })
      .toBe(writes.length);
    await lock.query('COMMIT');
    return await answers;
  } finally {
    await lock.end();
  }
}

function line(seq: number, text: string): ChatRow {
  return { tableId: 'f', seq, playerId: 'p1', name: 'Ann', seat: 0, text, at: EPOCH };
}

function rematchTable(id: string): TableRow {
  return { ...playingTable(id), status: 'waiting', seed: null, startedAt: null };
}

const game: GameToRate = {
  tableId: 'f',
  players: 2,
  at: LATER,
  participants: [
    { playerId: 'p1', rank: 1, human: true },
    { playerId: 'bot-easy', rank: 2, human: false },
  ],
};

/** Ann's other finished table, `g`, lost to a hard bot: it moves her rating at this size. */
const otherGame: GameToRate = {
  tableId: 'g',
  players: 2,
  at: LATER,
  participants: [
    { playerId: 'p1', rank: 2, human: true },
    { playerId: 'bot-hard', rank: 1, human: false },
  ],
};

describe(`duplicate writes in the store on ${STORE_NAME}`, () => {
  it('answers a chat line under a taken number `duplicate` and keeps the first', async () => {
    const store = await freshStore();
    expect(await store.appendChat(line(1, 'first'))).toBe('appended');
    expect(await store.appendChat(line(1, 'second'))).toBe('duplicate');
    expect(await store.appendChat(line(2, 'second'))).toBe('appended');
    const loaded = await store.loadTable('f', 10);
    expect(loaded?.chat.map((row) => [row.seq, row.text])).toEqual([
      [1, 'first'],
      [2, 'second'],
    ]);
  });

  it('gives one of two chat lines written at the same moment under one number `duplicate`', async () => {
    const { stores, url } = await freshStores(2);
    const texts = ['one', 'two'];
    const answers = await race(
      url,
      'chat',
      texts.map((text, i) => () => by(stores, i).appendChat(line(1, text))),
    );
    expect([...answers].sort()).toEqual(['appended', 'duplicate']);
    const stored = (await stores[0].loadTable('f', 10))?.chat.map((row) => row.text);
    expect(stored).toEqual([texts[answers.indexOf('appended')]]);
  });

  it('answers a second rematch `duplicate` with the one that holds, its own table unwritten', async () => {
    const store = await freshStore();
    const first = await store.createRematch('f', rematchTable('r1'));
    expect(first).toEqual({ outcome: 'created', rematch: { table: 'r1', by: 'p1' } });
    const second = await store.createRematch('f', rematchTable('r2'));
    expect(second).toEqual({ outcome: 'duplicate', rematch: { table: 'r1', by: 'p1' } });
    expect(await store.tableRow('r2')).toBeUndefined();
  });

  it('gives two rematches asked at the same moment one table, and writes only that one', async () => {
    const { stores, url } = await freshStores(2);
    const answers = await race(
      url,
      'rematches',
      ['r1', 'r2'].map((id, i) => () => by(stores, i).createRematch('f', rematchTable(id))),
    );
    expect(answers.map((a) => a.outcome).sort()).toEqual(['created', 'duplicate']);
    const won = answers.find((a) => a.outcome === 'created')!.rematch.table;
    expect(answers.map((a) => a.rematch)).toEqual([
      { table: won, by: 'p1' },
      { table: won, by: 'p1' },
    ]);
    const waiting = await stores[0].tablesOfPlayer('p1', ['waiting'], 10);
    expect(waiting.map((table) => table.id)).toEqual([won]);
  });

  it('rates a table once: a second rating, also at the same moment, is `already`', async () => {
    const { stores } = await freshStores(2);
    const outcomes = await Promise.all([0, 1].map((i) => rateGame(by(stores, i), game)));
    expect(outcomes.sort()).toEqual(['already', 'rated']);
    const [rating] = await stores[0].ratingsOf('p1');
    expect(rating).toMatchObject({ players: 2, games: 1 });
    expect(await rateGame(stores[0], game)).toBe('already');
    expect(await stores[0].ratingsOf('p1')).toEqual([rating]);
  });

  it('refuses ratings computed from a rating that changed since it was read: `conflict`', async () => {
    const { stores } = await freshStores(2);
    await stores[0].createTable({ ...playingTable('g'), status: 'finished', finishedAt: LATER });
    const read = await by(stores, 0).ratingsForGame(2, ['p1', 'bot-easy']);
    expect(read).toEqual([null, null]);
    // Another writer rates Ann's other game between this read and this write.
    expect(await rateGame(by(stores, 1), otherGame)).toBe('rated');
    const [afterOther] = await stores[0].ratingsOf('p1');
    const after = rateWithModel([NEWCOMER, NEWCOMER], [1, 2]);
    const changes = read.map((rating, i) => ({ read: rating, before: NEWCOMER, after: after[i]! }));
    expect(await by(stores, 0).recordRatings(game, changes)).toBe('conflict');
    expect(await stores[0].historyOfTable('f')).toEqual([]);
    expect(await stores[0].ratingsOf('p1')).toEqual([afterOther]);
  });

  it('rates again from the new ratings when another game of a player was rated in between', async () => {
    const { stores } = await freshStores(2);
    await stores[0].createTable({ ...playingTable('g'), status: 'finished', finishedAt: LATER });
    // A store whose first read is followed, before the write, by Ann's other game's rating.
    let reads = 0;
    const store = Object.create(by(stores, 0), {
      ratingsForGame: {
        value: async (players: number, ids: string[]) => {
          const read = await by(stores, 0).ratingsForGame(players, ids);
          if (++reads === 1) expect(await rateGame(by(stores, 1), otherGame)).toBe('rated');
          return read;
        },
      },
    }) as SqlStore;
    expect(await rateGame(store, game)).toBe('rated');
    expect(reads).toBe(2);
    const [ann] = await stores[0].ratingsOf('p1');
    expect(ann).toMatchObject({ players: 2, games: 2 });
    const annAfterOther = (await stores[0].historyOfTable('g')).find((r) => r.playerId === 'p1');
    const annInF = (await stores[0].historyOfTable('f')).find((r) => r.playerId === 'p1');
    // The game is rated from Ann's rating after her other game, not from the stale read.
    expect(annInF?.before).toEqual(annAfterOther?.after);
    const [expected] = rateWithModel([annAfterOther!.after, NEWCOMER], [1, 2]);
    expect(ann!.mu).toBeCloseTo(expected!.mu, 5);
    expect(ann!.sigma).toBeCloseTo(expected!.sigma, 5);
    expect(annInF?.after).toEqual({ mu: ann!.mu, sigma: ann!.sigma });
  });

  it('answers an account for a player who has one `already`, and a taken username `taken`', async () => {
    const store = await freshStore();
    await store.createPlayer({ id: 'p2', name: 'Ben', tokenHash: 'h2', createdAt: EPOCH });
    const account = { username: 'ANN', passwordHash: 'y', createdAt: LATER };
    expect(await store.createAccount({ ...account, playerId: 'p1', username: 'other' })).toBe(
      'already',
    );
    expect(await store.createAccount({ ...account, playerId: 'p2' })).toBe('taken');
    expect(await store.createAccount({ ...account, playerId: 'p2', username: 'ben' })).toBe(
      'created',
    );
  });
});

describe('duplicate writes in the SQLite store’s thread (its group commit)', () => {
  it('answers a duplicate among calls of one group, and the others are written', async () => {
    const store = workerStore(freshDir());
    cleanups.push(() => store.close());
    await seed(store);
    expect(await store.appendChat(line(1, 'first'))).toBe('appended');
    // Sent together: the thread writes them in one transaction (or few).
    const answers = await Promise.all([
      store.appendChat(line(1, 'again')),
      store.createRematch('f', rematchTable('r1')),
      store.createRematch('f', rematchTable('r2')),
      store.appendChat(line(2, 'second')),
    ]);
    expect(answers).toEqual([
      'duplicate',
      { outcome: 'created', rematch: { table: 'r1', by: 'p1' } },
      { outcome: 'duplicate', rematch: { table: 'r1', by: 'p1' } },
      'appended',
    ]);
    expect((await store.loadTable('f', 10))?.chat.map((row) => row.text)).toEqual([
      'first',
      'second',
    ]);
  });
});

/** Every source file under `dir`, as paths relative to `src/`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [relative(SRC, path)] : [];
  });
}

describe('the store’s boundary', () => {
  it('keeps database error codes inside `src/store/`', () => {
    const outside = sourceFiles(SRC).filter((file) => !file.startsWith(`store${sep}`));
    const peeking = outside.filter((file) =>
      /isUniqueViolation|23505|SQLITE_CONSTRAINT/.test(readFileSync(join(SRC, file), 'utf8')),
    );
    expect(peeking).toEqual([]);
  });
});
