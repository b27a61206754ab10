/**
 * The server's worker threads (piscina pools, src/threads.ts) started from the sources: a
 * thread that dies fails what it was running with a clear error and is replaced.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGame, legalMoves, viewFor } from '@gangsta/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { BotPool } from '../src/bots/pool.ts';
import { STORE_THREAD_EXITED } from '../src/store/health.ts';
import { StoreThread } from '../src/store/workerStore.ts';

const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gangsta-threads-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The first seat to decide in a fresh 3-player game: its view and legal moves. */
function firstDecision() {
  const created = createGame({ players: 3, seed: 11 });
  if (!created.ok) throw new Error(created.error.message);
  const seat = legalMoves(created.state)[0]!.seat;
  return { view: viewFor(created.state, seat), legal: legalMoves(created.state, seat) };
}

describe('the bots’ thread pool', () => {
  it('fails a move whose thread died, and plays the next one on a fresh thread', async () => {
    const pool = new BotPool(1);
    cleanups.push(() => pool.close());
    const { view, legal } = firstDecision();
    const move = await pool.decide('easy', 1, view, legal);
    expect(legal).toContainEqual(move);

    const thinking = pool.decide('hard', 2, view, legal);
    await Promise.all(pool.threads.map((thread) => thread.terminate()));
    await expect(thinking).rejects.toThrow(/^a bot thread stopped \(worker exited/);

    expect(legal).toContainEqual(await pool.decide('easy', 3, view, legal));
  });

  it('fails moves asked after it was closed', async () => {
    const pool = new BotPool(1);
    await pool.close();
    const { view, legal } = firstDecision();
    await expect(pool.decide('easy', 1, view, legal)).rejects.toThrow('the bot pool is closed');
  });
});

describe('the SQLite store’s thread', () => {
  it('fails the calls it was running when it stops, as unreachable, and then answers again', async () => {
    const thread = new StoreThread(tempDir());
    cleanups.push(() => thread.close());
    await thread.call('migrate', []);
    const player = { id: 'p1', name: 'Ann', tokenHash: 'h1', createdAt: 'now' };

    const running = thread.call('createPlayer', [player]);
    await thread.terminate();
    await expect(running).rejects.toMatchObject({
      code: STORE_THREAD_EXITED,
      message: expect.stringMatching(/^the store thread stopped/),
    });

    await thread.call('createPlayer', [{ ...player, id: 'p2', tokenHash: 'h2' }]);
    expect(await thread.call('findPlayerByTokenHash', ['h2'])).toMatchObject({ id: 'p2' });
  });

  it('passes the database’s error code of a failed call to the main thread', async () => {
    const thread = new StoreThread(tempDir());
    cleanups.push(() => thread.close());
    await thread.call('migrate', []);
    const bad = thread.call('createPlayer', [{ id: 'p1', name: null, tokenHash: 'h1' }]);
    await expect(bad).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
    await expect(thread.call('noSuchMethod', [])).rejects.toThrow(
      'the store has no method noSuchMethod',
    );
  });
});
