/**
 * News of a table heard while the table is being loaded (`Rooms.isLoading`, `whenLoaded`):
 * a process of a cluster keeps the bus's messages about such a table and applies them once
 * the table is in memory, since the store may have been read before they were written.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqlStore } from '../src/index.ts';
import type { Store } from '../src/store/types.ts';
import { Rooms } from '../src/tables/memory/registry.ts';
import { playingTable } from './support/storeRows.ts';

const opened: { store: SqlStore; dir: string }[] = [];

afterEach(async () => {
  for (const { store, dir } of opened.splice(0)) {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A store with a table `t`, whose reads of whole tables wait until `open` is called. */
async function slowStore(): Promise<{ store: Store; open: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'gangsta-rooms-'));
  const store = openSqliteStore(dir);
  opened.push({ store, dir });
  await store.migrate();
  await store.createPlayer({ id: 'p1', name: 'Ann', tokenHash: 'h1', createdAt: 'now' });
  await store.createTable(playingTable('t'));
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const slow = new Proxy(store, {
    get(target, key) {
      if (key === 'loadTable') {
        return async (...args: Parameters<Store['loadTable']>) => {
          await gate;
          return target.loadTable(...args);
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: slow, open };
}

describe('a table being loaded', () => {
  it('is known as loading, and whoever waits for it gets the one copy once it is in', async () => {
    const { store, open } = await slowStore();
    const rooms = new Rooms(store);
    const loading = rooms.get('t');
    expect(rooms.isLoading('t')).toBe(true);
    expect(rooms.loaded('t')).toBeUndefined();
    const heard = rooms.whenLoaded('t');
    open();
    const room = await loading;
    expect(room?.id).toBe('t');
    expect(await heard).toBe(room);
    expect(rooms.isLoading('t')).toBe(false);
    expect(await rooms.whenLoaded('t')).toBe(room);
  });

  it('gives nothing for a table neither loaded nor loading, nor for one that does not exist', async () => {
    const { store, open } = await slowStore();
    open();
    const rooms = new Rooms(store);
    expect(rooms.isLoading('t')).toBe(false);
    expect(await rooms.whenLoaded('t')).toBeUndefined();
    const missing = rooms.get('nope');
    expect(rooms.isLoading('nope')).toBe(true);
    expect(await rooms.whenLoaded('nope')).toBeUndefined();
    expect(await missing).toBeUndefined();
  });
});
