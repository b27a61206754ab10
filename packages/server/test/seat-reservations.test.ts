/**
 * The seat index holds the player a free seat is kept for (a rematch's): the store indexes
 * such a seat when the table is written, "My games" then finds the table, and migration 0009
 * adds the rows of the kept seats of waiting tables stored before it (and nothing twice).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { openSqliteStore, type SqlStore } from '../src/index.ts';
import { migration } from '../src/store/migrations/0009_seat_reservations.ts';
import type { TableRow } from '../src/store/types.ts';
import { playingTable } from './support/storeRows.ts';

const opened: { store: SqlStore; dir: string }[] = [];

afterEach(async () => {
  for (const { store, dir } of opened.splice(0)) {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function freshStore(): Promise<SqlStore> {
  const dir = mkdtempSync(join(tmpdir(), 'gangsta-reservations-'));
  const store = openSqliteStore(dir);
  opened.push({ store, dir });
  await store.migrate();
  for (const [id, name] of [
    ['p1', 'Ann'],
    ['p2', 'Ben'],
  ] as const) {
    await store.createPlayer({ id, name, tokenHash: `h-${id}`, createdAt: 'now' });
  }
  return store;
}

/** A rematch waiting for Ben: Ann took her seat, Ben's is kept for him. */
function rematchTable(id: string): TableRow {
  const base = playingTable(id);
  return {
    ...base,
    status: 'waiting',
    seed: null,
    startedAt: null,
    seats: [
      {
        setup: 'reserved',
        invite: null,
        label: 'Ben',
        botLevel: null,
        playerId: null,
        name: null,
        reservedFor: 'p2',
      },
      {
        setup: 'host',
        invite: null,
        label: null,
        botLevel: null,
        playerId: 'p1',
        name: 'Ann',
        reservedFor: 'p1',
      },
    ],
  };
}

async function indexRows(store: SqlStore, tableId: string) {
  return (
    await store.db
      .selectFrom('table_players')
      .select(['seat', 'player_id'])
      .where('table_id', '=', tableId)
      .orderBy('seat')
      .execute()
  ).map((row) => [row.seat, row.player_id]);
}

it('indexes a kept seat for its player, so the table is among theirs', async () => {
  const store = await freshStore();
  await store.createTable(rematchTable('r1'));
  expect(await indexRows(store, 'r1')).toEqual([
    [0, 'p2'],
    [1, 'p1'],
  ]);
  expect((await store.tablesOfPlayer('p2', ['waiting'], 10)).map((t) => t.id)).toEqual(['r1']);
});

it('migration 0009 adds the kept seats of waiting tables stored before it, once', async () => {
  const store = await freshStore();
  await store.createTable(rematchTable('r1'));
  // As stored before: only the seated player indexed.
  await store.db
    .deleteFrom('table_players')
    .where('table_id', '=', 'r1')
    .where('player_id', '=', 'p2')
    .execute();
  expect(await store.tablesOfPlayer('p2', ['waiting'], 10)).toEqual([]);
  await migration.up(store.db as unknown as Kysely<unknown>);
  expect(await indexRows(store, 'r1')).toEqual([
    [0, 'p2'],
    [1, 'p1'],
  ]);
  expect((await store.tablesOfPlayer('p2', ['waiting'], 10)).map((t) => t.id)).toEqual(['r1']);
});
