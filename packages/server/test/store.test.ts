/**
 * The store's commit as a cluster relies on it (issue 10): each table's rows are written all or
 * nothing, a table whose rows collide with stored ones (the same sequence number, or the same
 * client move id) is reported and left out, and the rest of the batch commits. Runs on SQLite,
 * and on PostgreSQL when the suite has it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresStore, openSqliteStore, type SqlStore } from '../src/index.ts';
import { openPreparedSqliteStore } from '../src/store/sqlite.ts';
import type { MoveRow } from '../src/store/types.ts';
import {
  databaseUrlFor,
  dropTestDatabase,
  STORE_NAME,
  TEST_POSTGRES_URL,
} from './support/database.ts';
import { playingTable } from './support/storeRows.ts';

const opened: { store: SqlStore; dir: string }[] = [];

afterEach(async () => {
  for (const { store, dir } of opened.splice(0)) {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    await dropTestDatabase(dir);
  }
});

/**
 * On SQLite the commit runs two ways: through kysely, and with its statements prepared once
 * (`sqliteCommit.ts`, the server's store thread). Both are tested.
 */
const PREPARED = ' (prepared commit)';
const VARIANTS = TEST_POSTGRES_URL ? [STORE_NAME] : [STORE_NAME, `${STORE_NAME}${PREPARED}`];

async function freshStore(variant: string): Promise<SqlStore> {
  const dir = mkdtempSync(join(tmpdir(), 'gangsta-store-'));
  const url = await databaseUrlFor(dir);
  const store = url
    ? openPostgresStore(url)
    : variant.endsWith(PREPARED)
      ? openPreparedSqliteStore(dir)
      : openSqliteStore(dir);
  opened.push({ store, dir });
  await store.migrate();
  await store.createPlayer({ id: 'p1', name: 'Ann', tokenHash: 'h1', createdAt: 'now' });
  return store;
}

function row(tableId: string, seq: number, clientId = `c${seq}`): MoveRow {
  return {
    tableId,
    seq,
    seat: 0,
    kind: 'move',
    move: { type: 'pass', seat: 0 } as MoveRow['move'],
    clientId,
    byBot: false,
    at: 'now',
  };
}

describe.each(VARIANTS)("the store's commit on %s", (variant) => {
  it('writes a whole batch of several tables in one go', async () => {
    const store = await freshStore(variant);
    for (const id of ['a', 'b']) await store.createTable(playingTable(id));
    const result = await store.commit({
      moves: [row('b', 1), row('a', 1), row('a', 2)],
      tables: [{ id: 'a', status: 'finished', finishedAt: 'later', moveCount: 2 }],
    });
    expect(result).toEqual({ conflicts: [] });
    expect((await store.movesAfter('a', 0)).map((r) => r.seq)).toEqual([1, 2]);
    expect((await store.movesAfter('b', 0)).map((r) => r.seq)).toEqual([1]);
    expect((await store.tableRow('a'))?.status).toBe('finished');
  });

  it('leaves out a table whose move number is taken, all of its rows and changes, and keeps the rest', async () => {
    const store = await freshStore(variant);
    for (const id of ['a', 'b']) await store.createTable(playingTable(id));
    await store.commit({ moves: [row('a', 1, 'first')], tables: [] });
    const result = await store.commit({
      moves: [row('a', 1, 'rival'), row('a', 2, 'after'), row('b', 1)],
      tables: [{ id: 'a', status: 'finished', finishedAt: 'later', moveCount: 2 }],
    });
    expect(result).toEqual({ conflicts: ['a'] });
    const a = await store.movesAfter('a', 0);
    expect(a.map((r) => [r.seq, r.clientId])).toEqual([[1, 'first']]);
    expect((await store.tableRow('a'))?.status).toBe('playing');
    expect((await store.movesAfter('b', 0)).map((r) => r.seq)).toEqual([1]);
  });

  it('reports a resent client move id as a conflict too', async () => {
    const store = await freshStore(variant);
    await store.createTable(playingTable('a'));
    await store.commit({ moves: [row('a', 1, 'same')], tables: [] });
    const result = await store.commit({ moves: [row('a', 2, 'same')], tables: [] });
    expect(result).toEqual({ conflicts: ['a'] });
    expect(await store.movesAfter('a', 1)).toEqual([]);
  });

  it("finds the row of a seat's client move id (an old id resent)", async () => {
    const store = await freshStore(variant);
    await store.createTable(playingTable('a'));
    await store.commit({ moves: [row('a', 1, 'one'), row('a', 2, 'two')], tables: [] });
    expect(await store.answeredMove('a', 0, 'two')).toMatchObject({ seq: 2, clientId: 'two' });
    expect(await store.answeredMove('a', 1, 'two')).toBeUndefined();
    expect(await store.answeredMove('a', 0, 'three')).toBeUndefined();
    expect(await store.answeredMove('b', 0, 'one')).toBeUndefined();
  });

  it('changes seats only on the revision they were made on', async () => {
    const store = await freshStore(variant);
    await store.createTable(playingTable('a'));
    const seats = playingTable('a').seats;
    expect(await store.updateTable({ id: 'a', seats, revision: 0 })).toBe(true);
    expect(await store.updateTable({ id: 'a', seats, revision: 0 })).toBe(false);
    expect((await store.tableRow('a'))?.revision).toBe(1);
    expect((await store.tablesOfPlayer('p1', ['playing'], 10)).map((t) => t.id)).toEqual(['a']);
  });

  it('deletes a waiting table with its chat and seat index, and never one that started', async () => {
    const store = await freshStore(variant);
    await store.createTable({
      ...playingTable('w'),
      status: 'waiting',
      seed: null,
      startedAt: null,
    });
    await store.createTable(playingTable('p'));
    await store.appendChat({
      tableId: 'w',
      seq: 1,
      playerId: 'p1',
      name: 'Ann',
      seat: 0,
      text: 'hi',
      at: 'now',
    });
    expect(await store.deleteWaitingTable('p')).toBe(false);
    expect((await store.tableRow('p'))?.status).toBe('playing');
    expect(await store.deleteWaitingTable('w')).toBe(true);
    expect(await store.tableRow('w')).toBeUndefined();
    expect(await store.loadTable('w', 10)).toBeUndefined();
    expect((await store.tablesOfPlayer('p1', ['waiting', 'playing'], 10)).map((t) => t.id)).toEqual(
      ['p'],
    );
    // Gone already: nothing to delete.
    expect(await store.deleteWaitingTable('w')).toBe(false);
  });
});
