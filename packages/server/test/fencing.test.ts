/**
 * Fencing tokens in the store (issue 18, `src/store/fencing.ts`): taking a table's lease
 * raises its fence; a commit carrying an older token is refused whole (rows and table changes)
 * and reported as fenced and as a conflict, while the batch's other tables commit; a commit
 * without a token (a person's move on a process that does not run the table) is checked by the
 * log's sequence numbers only; every row keeps the token it was written under. With two
 * PostgreSQL connections, a commit waiting on the row lock of a fence being raised is refused
 * once the raise commits. Runs on SQLite, and on PostgreSQL when the suite has it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresStore, openSqliteStore, type SqlStore } from '../src/index.ts';
import { openPreparedSqliteStore } from '../src/store/sqlite.ts';
import type { MoveRow, TableClock } from '../src/store/types.ts';
import {
  databaseUrlFor,
  dropTestDatabase,
  STORE_NAME,
  TEST_POSTGRES_URL,
} from './support/database.ts';
import { at, only } from './support/lists.ts';
import { playingTable } from './support/storeRows.ts';

const opened: { stores: SqlStore[]; dir: string }[] = [];

afterEach(async () => {
  for (const { stores, dir } of opened.splice(0)) {
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
    await dropTestDatabase(dir);
  }
});

/** On SQLite: through kysely, and with the commit's statements prepared once (`sqliteCommit.ts`). */
const PREPARED = ' (prepared commit)';
const VARIANTS = TEST_POSTGRES_URL ? [STORE_NAME] : [STORE_NAME, `${STORE_NAME}${PREPARED}`];

/** A fresh store with tables `a` and `b`; on PostgreSQL, `connections` stores on it. */
async function freshStores(variant: string, connections = 1): Promise<[SqlStore, ...SqlStore[]]> {
  const dir = mkdtempSync(join(tmpdir(), 'gangsta-fencing-'));
  const url = await databaseUrlFor(dir);
  const open = () =>
    url
      ? openPostgresStore(url)
      : variant.endsWith(PREPARED)
        ? openPreparedSqliteStore(dir)
        : openSqliteStore(dir);
  const store = open();
  const stores: [SqlStore, ...SqlStore[]] = [
    store,
    ...Array.from({ length: url ? connections - 1 : 0 }, open),
  ];
  opened.push({ stores, dir });
  await store.migrate();
  await store.createPlayer({ id: 'p1', name: 'Ann', tokenHash: 'h1', createdAt: 'now' });
  for (const id of ['a', 'b']) await store.createTable(playingTable(id));
  return stores;
}

function row(tableId: string, seq: number, byBot = true): MoveRow {
  return {
    tableId,
    seq,
    seat: 1,
    kind: 'move',
    move: { type: 'pass', seat: 1 } as MoveRow['move'],
    clientId: `bot-${seq}`,
    byBot,
    at: 'now',
  };
}

/** Each stored row's sequence number and fencing token, in order. */
async function fencesOf(store: SqlStore, tableId: string) {
  const rows = await store.db
    .selectFrom('moves')
    .select(['seq', 'fence'])
    .where('table_id', '=', tableId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => [r.seq, r.fence === null ? null : Number(r.fence)]);
}

describe.each(VARIANTS)('fencing tokens in the store on %s', (variant) => {
  it('issues growing tokens and refuses a commit under an older one', async () => {
    const [store] = await freshStores(variant);
    const first = only(await store.takeFences(['a']), 'fence');
    expect(first).toEqual({ table: 'a', token: 1 });
    // The runner commits under its token.
    expect(await store.commit({ moves: [row('a', 1)], tables: [], fences: [first] })).toEqual({
      conflicts: [],
    });

    // Another process takes the lease: its token is newer.
    const second = only(await store.takeFences(['a']), 'fence');
    expect(second.token).toBe(2);

    // The first runner's next move (and the table change with it) is refused; b commits.
    const stale = await store.commit({
      moves: [row('a', 2), row('b', 1, false)],
      tables: [{ id: 'a', status: 'finished', finishedAt: 'later', moveCount: 2 }],
      fences: [first],
    });
    expect(stale).toEqual({ conflicts: ['a'], fenced: ['a'] });
    expect((await store.movesAfter('a', 0)).map((r) => r.seq)).toEqual([1]);
    expect((await store.tableRow('a'))?.status).toBe('playing');
    expect((await store.movesAfter('b', 0)).map((r) => r.seq)).toEqual([1]);

    // The new runner commits the same sequence number; a person's move needs no token.
    expect(await store.commit({ moves: [row('a', 2)], tables: [], fences: [second] })).toEqual({
      conflicts: [],
    });
    expect(await store.commit({ moves: [row('a', 3, false)], tables: [] })).toEqual({
      conflicts: [],
    });
    // A bot's move made without a lease carries a token below every fence.
    expect(
      await store.commit({ moves: [row('a', 4)], tables: [], fences: [{ table: 'a', token: -1 }] }),
    ).toEqual({ conflicts: ['a'], fenced: ['a'] });
    expect(await fencesOf(store, 'a')).toEqual([
      [1, 1],
      [2, 2],
      [3, null],
    ]);
  });

  it("writes the clocks a batch of moves changed, but not a fenced table's", async () => {
    const [store] = await freshStores(variant);
    const before = (await store.tableRow('a'))!.clock;
    const level = before.takeoverLevel === 'hard' ? 'easy' : 'hard';
    const changed: TableClock = { ...before, takeoverLevel: level };
    const fence = only(await store.takeFences(['a']), 'fence');
    const result = await store.commit({
      moves: [row('a', 1), row('b', 1, false)],
      tables: [
        { id: 'a', clock: before },
        { id: 'a', clock: changed },
        { id: 'b', clock: changed },
      ],
      fences: [fence],
    });
    expect(result).toEqual({ conflicts: [] });
    // The last change of a table wins; a table without a token is written too.
    expect((await store.tableRow('a'))?.clock).toEqual(changed);
    expect((await store.tableRow('b'))?.clock).toEqual(changed);
    // Once another process has raised a's fence, neither its row nor its clock is written.
    await store.takeFences(['a']);
    const refused = await store.commit({
      moves: [row('a', 2)],
      tables: [{ id: 'a', clock: before }],
      fences: [fence],
    });
    expect(refused).toEqual({ conflicts: ['a'], fenced: ['a'] });
    expect((await store.tableRow('a'))?.clock).toEqual(changed);
    expect((await store.movesAfter('a', 0)).map((r) => r.seq)).toEqual([1]);
  });

  it('still reports a lost race on the sequence numbers of a table whose token holds', async () => {
    const [store] = await freshStores(variant);
    const fence = only(await store.takeFences(['a']), 'fence');
    await store.commit({ moves: [row('a', 1, false)], tables: [] });
    const result = await store.commit({ moves: [row('a', 1)], tables: [], fences: [fence] });
    expect(result).toEqual({ conflicts: ['a'] });
  });

  it.skipIf(STORE_NAME !== 'PostgreSQL')(
    'orders a commit and a raise by the row lock: the commit that waited is refused',
    async () => {
      const stores = await freshStores(variant, 2);
      const [runner] = stores;
      const taker = at(stores, 1, 'second connection');
      const old = only(await runner.takeFences(['a']), 'fence');
      // The taker raises the fence in a transaction it holds open, as a slow raise would.
      let finishRaise: () => void = () => {};
      const raised = new Promise<void>((resolve) => {
        finishRaise = resolve;
      });
      let raising: Promise<unknown> = Promise.resolve();
      const locked = new Promise<void>((resolve) => {
        raising = taker.db.transaction().execute(async (trx) => {
          await sql`update tables set fence = fence + 1 where id = 'a'`.execute(trx);
          resolve();
          await raised;
        });
      });
      await locked;
      // The old runner's commit waits for the row lock...
      const commit = runner.commit({ moves: [row('a', 1)], tables: [], fences: [old] });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // ...and once the raise commits, finds the newer fence.
      finishRaise();
      await raising;
      expect(await commit).toEqual({ conflicts: ['a'], fenced: ['a'] });
      expect(await runner.movesAfter('a', 0)).toEqual([]);
    },
  );
});
