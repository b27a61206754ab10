/**
 * The SQLite commit with its statements prepared once (`src/store/sqliteCommit.ts`, the
 * server's store thread) writes exactly what the commit through kysely writes: the same
 * batches, random ones with colliding sequence numbers and client ids, stale and fresh fencing
 * tokens, table changes with and without seats, and several at once in one transaction (the
 * store thread's group commit), give the same results and leave the same rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStore, type SqlStore } from '../src/index.ts';
import { openPreparedSqliteStore } from '../src/store/sqlite.ts';
import { PreparedCommit } from '../src/store/sqliteCommit.ts';
import type { Batch, CommitResult, Fence, MoveRow, TableChange } from '../src/store/types.ts';
import { at } from './support/lists.ts';
import { SeededRandom } from './support/random.ts';
import { playingTable } from './support/storeRows.ts';

const opened: { store: SqlStore; dir: string }[] = [];

afterEach(async () => {
  for (const { store, dir } of opened.splice(0)) {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

const TABLES = ['a', 'b', 'c', 'd'];

async function fresh(open: (dir: string) => SqlStore): Promise<SqlStore> {
  const dir = mkdtempSync(join(tmpdir(), 'gangsta-prepared-'));
  const store = open(dir);
  opened.push({ store, dir });
  await store.migrate();
  await store.createPlayer({ id: 'p1', name: 'Ann', tokenHash: 'h1', createdAt: 'now' });
  await store.createPlayer({ id: 'p2', name: 'Bob', tokenHash: 'h2', createdAt: 'now' });
  for (const id of TABLES) await store.createTable(playingTable(id));
  return store;
}

/** A random batch: mostly the next moves of a few tables, sometimes a collision or a stale token. */
function randomBatch(
  next: () => number,
  stored: Map<string, number>,
  fences: Map<string, number>,
  step: number,
): Batch {
  const pick = <T>(items: readonly T[]) => at(items, Math.floor(next() * items.length), 'choice');
  const moves: MoveRow[] = [];
  const tables: TableChange[] = [];
  const batchFences: Fence[] = [];
  for (const id of TABLES) {
    if (next() < 0.4) continue;
    let seq = (stored.get(id) ?? 0) + 1;
    // Now and then a sequence number that is taken already.
    if (next() < 0.15 && seq > 1) seq -= 1 + Math.floor(next() * Math.min(3, seq - 1));
    const count = 1 + Math.floor(next() * 3);
    for (let i = 0; i < count; i++, seq++) {
      const seat = pick([0, 1]);
      const clientId = next() < 0.05 ? 'again' : `m${step}-${i}`;
      const kind = next() < 0.1 ? 'undo' : 'move';
      moves.push({
        tableId: id,
        seq,
        seat,
        kind,
        move: kind === 'undo' ? null : ({ type: 'pass', seat } as MoveRow['move']),
        clientId,
        byBot: next() < 0.5,
        at: `t${step}`,
      });
    }
    const change = next();
    if (change < 0.2)
      tables.push({
        id,
        clock: {
          setting: { kind: 'none' },
          takeoverLevel: pick(['easy', 'medium']),
          state: null,
        } as NonNullable<TableChange['clock']>,
      });
    else if (change < 0.3)
      tables.push({ id, status: 'finished', finishedAt: `t${step}`, moveCount: seq - 1 });
    else if (change < 0.35) {
      const seats = playingTable(id).seats.map((s, i) =>
        i === 1 ? { ...s, playerId: pick(['p2', null]) } : s,
      );
      tables.push({ id, seats, revision: pick([0, 1, 2]) });
    }
    if (next() < 0.3) {
      const current = fences.get(id) ?? 0;
      batchFences.push({ table: id, token: next() < 0.3 ? current - 1 : current });
    }
  }
  // A change of a table without moves, and one of a table that is not there.
  if (next() < 0.1) tables.push({ id: pick(TABLES), moveCount: Math.floor(next() * 50) });
  if (next() < 0.05) tables.push({ id: 'missing', status: 'finished', finishedAt: 'never' });
  return { moves, tables, ...(batchFences.length > 0 ? { fences: batchFences } : {}) };
}

/** Everything a commit may have written, in a stable order. */
async function dump(store: SqlStore) {
  const moves = await store.db
    .selectFrom('moves')
    .selectAll()
    .orderBy('table_id')
    .orderBy('seq')
    .execute();
  const tables = await store.db.selectFrom('tables').selectAll().orderBy('id').execute();
  const players = await store.db
    .selectFrom('table_players')
    .selectAll()
    .orderBy('table_id')
    .orderBy('seat')
    .execute();
  return { moves, tables, players };
}

describe('the SQLite commit with prepared statements', () => {
  it('writes what the commit through kysely writes, batch after batch', async () => {
    const kysely = await fresh(openSqliteStore);
    const prepared = await fresh(openPreparedSqliteStore);
    const seen = { conflicts: 0, fenced: 0, clean: 0 };
    for (let seed = 1; seed <= 3; seed++) {
      const rng = new SeededRandom(seed);
      const next = () => rng.next();
      const stored = new Map<string, number>();
      const fences = new Map<string, number>();
      for (let step = 0; step < 60; step++) {
        if (next() < 0.1) {
          const taken = TABLES.filter(() => next() < 0.5);
          const a = await kysely.takeFences(taken);
          const b = await prepared.takeFences(taken);
          expect(b).toEqual(a);
          for (const f of a) fences.set(f.table, f.token);
        }
        const batch = randomBatch(next, stored, fences, seed * 1000 + step);
        // Sometimes two batches in one transaction, as the store thread groups them.
        const together = next() < 0.3 ? [batch, randomBatch(next, stored, fences, -step)] : [batch];
        const run = (store: SqlStore) =>
          store.inTransaction(async (inTrx) => {
            const results: CommitResult[] = [];
            for (const b of together) results.push(await inTrx.commit(b));
            return results;
          });
        const expected = await run(kysely);
        expect(await run(prepared)).toEqual(expected);
        for (const result of expected) {
          if (result.fenced) seen.fenced++;
          if (result.conflicts.length > (result.fenced?.length ?? 0)) seen.conflicts++;
          if (result.conflicts.length === 0) seen.clean++;
        }
        for (const table of TABLES) {
          const rows = await kysely.movesAfter(table, 0);
          stored.set(table, rows.at(-1)?.seq ?? 0);
        }
      }
    }
    const [a, b] = [await dump(kysely), await dump(prepared)];
    // The random batches reached every outcome.
    expect(seen.conflicts).toBeGreaterThan(5);
    expect(seen.fenced).toBeGreaterThan(5);
    expect(seen.clean).toBeGreaterThan(5);
    expect(a.moves.length).toBeGreaterThan(100);
    expect(a.tables.some((t) => t.revision > 0)).toBe(true);
    expect(b).toEqual(a);
  });

  it('writes batches larger than one multi-row insert as kysely does, collisions included', async () => {
    const kysely = await fresh(openSqliteStore);
    const prepared = await fresh(openPreparedSqliteStore);
    const row = (tableId: string, seq: number, clientId = `${tableId}${seq}`): MoveRow => ({
      tableId,
      seq,
      seat: seq % 2,
      kind: 'move',
      move: { type: 'pass', seat: seq % 2 } as MoveRow['move'],
      clientId,
      byBot: false,
      at: `t${seq}`,
    });
    const range = (tableId: string, from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => row(tableId, from + i));
    const batches: Batch[] = [
      // 37 rows: two full statements of 16 and five alone.
      { moves: [...range('a', 1, 20), ...range('b', 1, 17)], tables: [] },
      // A taken number of b in the middle of the second statement of 16: b is left out.
      { moves: [...range('a', 21, 40), ...range('b', 17, 30)], tables: [] },
      // A client id taken in the first statement: c is left out, d written.
      {
        moves: [...range('c', 1, 10), row('c', 11, 'c3'), ...range('d', 1, 20)],
        tables: [{ id: 'd', moveCount: 20 }],
      },
    ];
    for (const batch of batches) {
      const expected = await kysely.commit(batch);
      expect(await prepared.commit(batch)).toEqual(expected);
    }
    expect((await kysely.commit(batches[1]!)).conflicts).toEqual(['a', 'b']);
    const [a, b] = [await dump(kysely), await dump(prepared)];
    expect(a.moves.length).toBe(40 + 17 + 20);
    expect(b).toEqual(a);
  });

  it('writes a table’s successive changes of one batch in one update, the last value winning', async () => {
    const kysely = await fresh(openSqliteStore);
    const prepared = await fresh(openPreparedSqliteStore);
    const clock = (level: 'easy' | 'medium' | 'hard') =>
      ({ setting: { kind: 'none' }, takeoverLevel: level, state: null }) as NonNullable<
        TableChange['clock']
      >;
    const batch: Batch = {
      moves: [],
      tables: [
        { id: 'b', clock: clock('easy') },
        { id: 'a', clock: clock('easy'), moveCount: 1 },
        { id: 'a', clock: clock('medium') },
        { id: 'a', clock: clock('hard'), moveCount: 3 },
        { id: 'b', status: 'finished', finishedAt: 'later' },
      ],
    };
    const writes = vi.spyOn(PreparedCommit.prototype, 'writeTableChange');
    expect(await prepared.commit(batch)).toEqual(await kysely.commit(batch));
    // One update per table, not one per change.
    expect(writes.mock.calls.map(([change]) => change.id)).toEqual(['a', 'b']);
    writes.mockRestore();
    const a = await prepared.tableRow('a');
    expect(a?.clock.takeoverLevel).toBe('hard');
    expect(a?.moveCount).toBe(3);
    const b = await prepared.tableRow('b');
    expect([b?.clock.takeoverLevel, b?.status, b?.finishedAt]).toEqual([
      'easy',
      'finished',
      'later',
    ]);
    expect(await dump(prepared)).toEqual(await dump(kysely));
  });

  it('rolls back with the transaction it runs in', async () => {
    const store = await fresh(openPreparedSqliteStore);
    const failing = store.inTransaction(async (inTrx) => {
      await inTrx.commit({
        moves: [
          {
            tableId: 'a',
            seq: 1,
            seat: 0,
            kind: 'move',
            move: { type: 'pass', seat: 0 } as MoveRow['move'],
            clientId: 'x',
            byBot: false,
            at: 'now',
          },
        ],
        tables: [{ id: 'a', status: 'finished', finishedAt: 'now', moveCount: 1 }],
      });
      throw new Error('a later call of the group failed');
    });
    await expect(failing).rejects.toThrow('a later call');
    expect(await store.movesAfter('a', 0)).toEqual([]);
    expect((await store.tableRow('a'))?.status).toBe('playing');
  });
});
