/**
 * The store's health (issue 17, "a database blip is never a crash"): which failures mean the
 * database cannot be reached; the guard that turns them into the retryable UNAVAILABLE while
 * passing every other failure unchanged; one log line per outage instead of one per failed
 * call; readiness and recovery; the bots' backoff; and the SQLite store's thread started again
 * after it stopped; and a whole server whose store stops answering (on SQLite, and on PostgreSQL
 * when the suite has it): a move, a hello and an HTTP call are answered UNAVAILABLE, nothing is
 * applied, `/ready` is 503, and once the store is back the same move and hello go through.
 * `db-blip.test.ts` restarts a real PostgreSQL under two running server processes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { PROTOCOL_VERSION, type ServerMessage } from '@gangsta/protocol';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openPostgresStore, openSqliteStore } from '../src/index.ts';
import {
  isStoreUnreachable,
  STORE_BACKOFF_MAX_MS,
  STORE_THREAD_EXITED,
  StoreHealth,
  StoreUnavailable,
  storeBackoffMs,
  UNAVAILABLE_RETRY_MS,
} from '../src/store/health.ts';
import type { Store } from '../src/store/types.ts';
import { StoreThread } from '../src/store/workerStore.ts';
import { http, startTestServer, twoPlayerGame } from './harness.ts';
import { databaseUrlFor, STORE_NAME } from './support/database.ts';

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gangsta-health-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A pino logger whose lines are kept (parsed) for the test to read. */
function capturedLog() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n')) if (text) lines.push(JSON.parse(text));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('what counts as the store being unreachable', () => {
  it.each([
    ['PostgreSQL ended the session (restart)', coded('57P01', 'terminating connection')],
    [
      'PostgreSQL is shutting down or starting',
      coded('57P03', 'the database system is starting up'),
    ],
    ['a connection exception', coded('08006')],
    ['connection refused', coded('ECONNREFUSED')],
    ['connection reset', coded('ECONNRESET', 'read ECONNRESET')],
    ['pg: the socket ended', new Error('Connection terminated unexpectedly')],
    [
      'pg: a client whose connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['pg: no connection in time', new Error('timeout exceeded when trying to connect')],
    ['every address refused', new AggregateError([coded('ECONNREFUSED')], 'connect failed')],
    ['SQLite locked past the busy timeout', coded('SQLITE_BUSY')],
    ['SQLite disk I/O', coded('SQLITE_IOERR_WRITE')],
    ['the SQLite thread stopped', coded(STORE_THREAD_EXITED)],
  ])('%s: unreachable', (_what, error) => {
    expect(isStoreUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (PostgreSQL)', coded('23505')],
    ['a unique violation (SQLite)', coded('SQLITE_CONSTRAINT_UNIQUE')],
    ['a deadlock', coded('40P01')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'seq')")],
    ['no error at all', 'a string'],
  ])('%s: not unreachable', (_what, error) => {
    expect(isStoreUnreachable(error)).toBe(false);
  });
});

describe('the bots’ backoff', () => {
  it('doubles from the retry pause up to the maximum, its upper half random', () => {
    expect(storeBackoffMs(0, () => 0.5)).toBe(0);
    expect([1, 2, 3, 4].map((n) => storeBackoffMs(n, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((n) => storeBackoffMs(n, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(storeBackoffMs(30, () => 1)).toBe(STORE_BACKOFF_MAX_MS);
  });
});

/** A real store whose calls fail as a lost network does while `down` is set. */
function switchableStore(
  dir: string,
  databaseUrl: string | null = null,
): { store: Store; setDown(down: boolean): void } {
  const inner = databaseUrl ? openPostgresStore(databaseUrl) : openSqliteStore(dir);
  cleanups.push(() => inner.close());
  let down = false;
  const store = new Proxy(inner as unknown as Store, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      // Closing is the server's shutdown, not a call that may find the database gone.
      if (key === 'close') return () => Promise.resolve();
      return (...args: unknown[]) =>
        down
          ? Promise.reject(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))
          : value.apply(target, args);
    },
  });
  return { store, setDown: (value) => (down = value) };
}

describe('the guarded store', () => {
  it('answers UNAVAILABLE with a pause while the database is unreachable (PostgreSQL)', async () => {
    const { log } = capturedLog();
    const health = new StoreHealth(log);
    cleanups.push(() => health.close());
    // Port 1 of loopback: nothing listens, the connection is refused at once.
    const unreachable = openPostgresStore('postgres://nobody@127.0.0.1:1/none');
    cleanups.push(() => unreachable.close());
    const store = health.guard(unreachable);
    const failure = await store.findPlayerByTokenHash('h').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreUnavailable);
    expect((failure as StoreUnavailable).error).toMatchObject({
      code: 'UNAVAILABLE',
      params: { retryMs: UNAVAILABLE_RETRY_MS },
    });
    expect(health.notReady()).toMatch(/database cannot be reached.*ECONNREFUSED/);
    expect(await health.readiness()).toMatch(/database cannot be reached/);
  });

  it('passes other failures unchanged and stays ready', async () => {
    const { log } = capturedLog();
    const health = new StoreHealth(log);
    cleanups.push(() => health.close());
    const sqlite = openSqliteStore(tempDir());
    cleanups.push(() => sqlite.close());
    const store = health.guard(sqlite);
    await store.migrate();
    const player = { id: 'p1', name: 'Ann', tokenHash: 'h1', createdAt: 'now' };
    await store.createPlayer(player);
    const failure = await store.createPlayer(player).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(StoreUnavailable);
    expect((failure as { code?: string }).code).toMatch(/^SQLITE_CONSTRAINT/);
    expect(health.notReady()).toBeNull();
    expect(await health.readiness()).toBeNull();
  });

  it('logs an outage once, then says when it is over and tells the listeners', async () => {
    const { log, lines } = capturedLog();
    const health = new StoreHealth(log, { probeEveryMs: 20, logEveryMs: 3_600_000 });
    cleanups.push(() => health.close());
    const { store: inner, setDown } = switchableStore(tempDir());
    const store = health.guard(inner);
    await store.migrate();
    let recovered = 0;
    health.onRecovered(() => recovered++);
    setDown(true);
    for (let i = 0; i < 20; i++) {
      await expect(store.tableRow('t')).rejects.toBeInstanceOf(StoreUnavailable);
    }
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([
      'the database cannot be reached: moves are refused as UNAVAILABLE until it is back',
    ]);
    expect(health.down).toBe(true);
    // Back: the probe finds out by itself, without any other call.
    setDown(false);
    await expect.poll(() => health.down, { timeout: 10_000 }).toBe(false);
    expect(recovered).toBe(1);
    expect(lines.map((line) => line.msg)).toContain('the database is reachable again');
    expect(health.notReady()).toBeNull();
  });

  it('counts lost connections in one line per interval', () => {
    const { log, lines } = capturedLog();
    const health = new StoreHealth(log, { logEveryMs: 3_600_000 });
    for (let i = 0; i < 10; i++) health.connectionLost(coded('57P01', 'terminating connection'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, lost: 1 });
  });
});

describe('the SQLite store’s thread', () => {
  it('is started again by the next call after it stopped, on the same database', async () => {
    const thread = new StoreThread(tempDir());
    cleanups.push(() => thread.close());
    await thread.call('migrate', []);
    await thread.call('createPlayer', [
      { id: 'p1', name: 'Ann', tokenHash: 'h1', createdAt: 'now' },
    ]);
    await thread.terminate();
    const found = await thread.call('findPlayerByTokenHash', ['h1']);
    expect(found).toMatchObject({ id: 'p1', name: 'Ann' });
  });
});

/** A WebSocket that keeps every frame it receives, to say hello on by hand. */
async function rawSocket(url: string) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/v1/ws`);
  const frames: ServerMessage[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as ServerMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  cleanups.push(() => socket.terminate());
  const next = async (type: ServerMessage['type']) => {
    await expect.poll(() => frames.some((f) => f.type === type), { timeout: 20_000 }).toBe(true);
    return frames.splice(
      frames.findIndex((f) => f.type === type),
      1,
    )[0];
  };
  return { socket, frames, next };
}

describe(`a server whose store stops answering (${STORE_NAME})`, () => {
  it('answers UNAVAILABLE, changes nothing, and takes the same move and hello once it is back', async () => {
    const dataDir = tempDir();
    const { store, setDown } = switchableStore(dataDir, await databaseUrlFor(dataDir));
    const server = await startTestServer({ store }, dataDir);
    cleanups.push(() => server.stop());
    const { ann, seats } = await twoPlayerGame(server.url);
    const mover = seats.find((seat) => seat.deciding)!;
    const other = seats.find((seat) => seat !== mover)!;
    const move = mover.frame!.legal[0];

    setDown(true);
    const refused = await mover.move(move, 'during', 0);
    expect(refused).toMatchObject({
      type: 'rejected',
      id: 'during',
      error: { code: 'UNAVAILABLE', params: { retryMs: UNAVAILABLE_RETRY_MS } },
    });
    const ready = await http(server.url, 'GET', '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.reason).toMatch(/database cannot be reached/);
    const me = await fetch(`${server.url}/api/v1/me`, {
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(me.status).toBe(503);
    expect(me.headers.get('retry-after')).toBe('1');
    // A hello needs the store (the token's player): refused for now, the socket stays usable.
    const late = await rawSocket(server.url);
    late.socket.send(
      JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token: ann.token }),
    );
    expect(await late.next('error')).toMatchObject({ table: null, error: { code: 'UNAVAILABLE' } });
    expect(late.frames.some((f) => f.type === 'welcome')).toBe(false);

    // Nothing was applied: nobody heard of a move.
    expect(other.client.has(['update', 'sync'])).toBe(false);
    expect(mover.client.has(['update', 'sync', 'ack'])).toBe(false);

    setDown(false);
    await expect.poll(async () => (await http(server.url, 'GET', '/ready')).status).toBe(200);
    // The game was not moved on: the same move, same id and version, is taken now, once.
    expect(await mover.move(move, 'during', 0)).toMatchObject({ type: 'ack', version: 1 });
    expect(await other.take()).toMatchObject({ type: 'update', from: 0, version: 1 });
    late.socket.send(
      JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token: ann.token }),
    );
    expect(await late.next('welcome')).toMatchObject({ player: { id: ann.id } });
  });
});
