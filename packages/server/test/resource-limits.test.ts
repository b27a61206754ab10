/**
 * The bounds on what one player, connection or table may hold (`ResourceLimits` in
 * src/config.ts), each set low through its environment variable on a real server (a child
 * process): open tables per player and deleting a waiting one, waiting tables expiring, lobby
 * pages, tables watched per connection, spectators per table (and one frame built per seat for
 * all of them), full syncs per connection, the hello timeout, chat buckets forgotten, and
 * finished tables leaving memory whatever request loaded them.
 */
import type { CreateTable, ServerMessage } from '@gangsta/protocol';
import { LIMITS, PROTOCOL_VERSION, parseServerMessage } from '@gangsta/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_LIMITS, limitsFromEnv } from '../src/config.ts';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from './support/database.ts';
import { at } from './support/lists.ts';
import {
  makeDataDir,
  type SpawnedServer,
  spawnServer,
  stopAllServers,
} from './support/spawnServer.ts';
import { closeTable, setUpTable } from './support/tables.ts';
import { TestClient } from './support/testClient.ts';

const METRICS_TOKEN = 'resource-limits-metrics-token';

const LIMIT_ENV = {
  MAX_OPEN_TABLES_PER_PLAYER: '2',
  LOBBY_PAGE_SIZE: '2',
  MAX_WATCHED_PER_CONNECTION: '2',
  MAX_SPECTATORS_PER_TABLE: '3',
  SYNCS_PER_MINUTE: '4',
  HELLO_TIMEOUT_MS: '1500',
  METRICS_TOKEN,
};

let server: SpawnedServer;

beforeAll(async () => {
  server = await spawnServer({ env: LIMIT_ENV });
}, 90_000);

afterAll(async () => {
  await stopAllServers();
});

const twoSeats = (isPublic = true): CreateTable => ({
  public: isPublic,
  options: { players: 2 },
  seats: [{ kind: 'host' }, { kind: 'open' }],
});

/** One gauge of the server's `/metrics`. */
async function metric(of: SpawnedServer, name: string): Promise<number> {
  const response = await fetch(`${of.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`/metrics answered ${response.status}: ${text.slice(0, 200)}`);
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`/metrics has no ${name}`);
  return Number(line.split(' ')[1]);
}

/** Polls a gauge until it has the value wanted; fails naming the last value seen. */
async function metricBecomes(name: string, wanted: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let value = await metric(server, name);
  while (value !== wanted) {
    if (Date.now() > deadline)
      throw new Error(`${name} stayed ${value}, not ${wanted}, for ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await metric(server, name);
  }
}

/** The error (or rejected) frame a client gets next for a table. */
function refusalFor(client: TestClient, table: string | null, since?: number) {
  return client.waitForType('error', (m) => m.table === table, since);
}

describe('the settings', () => {
  it('read every limit from its variable, default the others, and refuse 0 or junk by name', () => {
    expect(limitsFromEnv({})).toEqual(DEFAULT_LIMITS);
    expect(limitsFromEnv(LIMIT_ENV)).toEqual({
      ...DEFAULT_LIMITS,
      openTablesPerPlayer: 2,
      lobbyPageSize: 2,
      watchedPerConnection: 2,
      spectatorsPerTable: 3,
      syncsPerMinute: 4,
      helloTimeoutMs: 1500,
    });
    expect(limitsFromEnv({ WAITING_TABLE_TTL_MS: '1500' }).waitingTableTtlMs).toBe(1500);
    expect(() => limitsFromEnv({ MAX_SPECTATORS_PER_TABLE: '0' })).toThrow(
      /MAX_SPECTATORS_PER_TABLE must be at least 1, not "0"/,
    );
    expect(() => limitsFromEnv({ SYNCS_PER_MINUTE: 'many' })).toThrow(/SYNCS_PER_MINUTE .*"many"/);
  });
});

describe('open tables per player (MAX_OPEN_TABLES_PER_PLAYER)', () => {
  it('refuses a third open table, counts started ones, and lets the host delete a waiting one', async () => {
    const host = await TestClient.player(server, 'Hoarder');
    const first = (await host.api.createTable(twoSeats())).table.id;
    const second = (await host.api.createTable(twoSeats())).table.id;
    const third = await host.api.raw('POST', '/tables', twoSeats());
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ error: { code: 'TOO_MANY_TABLES', params: { max: 2 } } });

    // A watcher of the first table hears that it is gone.
    const watcher = await TestClient.anonymous(server);
    await watcher.watch(first);
    const stranger = await TestClient.player(server, 'Stranger');
    const notHost = await stranger.api.raw('DELETE', `/tables/${first}`);
    expect(notHost.status).toBe(403);
    expect(notHost.body).toMatchObject({ error: { code: 'NOT_HOST' } });
    const deleted = await host.api.raw('DELETE', `/tables/${first}`);
    expect(deleted).toEqual({ status: 200, body: { deleted: first } });
    const gone = await refusalFor(watcher, first, 0);
    expect(gone.error).toMatchObject({ code: 'UNKNOWN_TABLE', params: { reason: 'deleted' } });
    expect((await host.api.raw('GET', `/tables/${first}`)).status).toBe(404);
    expect((await host.api.raw('DELETE', `/tables/${first}`)).status).toBe(404);

    // A place is free again; a started table still counts, and cannot be deleted.
    await stranger.api.joinTable(second, { seat: 1 });
    await host.api.startTable(second);
    const started = await host.api.raw('DELETE', `/tables/${second}`);
    expect(started.status).toBe(409);
    expect(started.body).toMatchObject({ error: { code: 'WRONG_STATUS' } });
    await host.api.createTable(twoSeats());
    const over = await host.api.raw('POST', '/tables', twoSeats());
    expect(over.body).toMatchObject({ error: { code: 'TOO_MANY_TABLES' } });
    await Promise.all([host.close(), watcher.close(), stranger.close()]);
  });
});

describe('lobby pages (LOBBY_PAGE_SIZE)', () => {
  it('lists at most a page per list and walks every waiting table once by its offsets', async () => {
    const made = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const host = await TestClient.player(server, `Lister${i}`);
      for (let j = 0; j < 2; j++) made.add((await host.api.createTable(twoSeats())).table.id);
      await host.close();
    }
    const first = await new TestClient(server).api.lobby();
    expect(first.waiting.length).toBe(2);
    expect(first.playing.length).toBeLessThanOrEqual(2);
    expect(first.finished.length).toBeLessThanOrEqual(2);
    const seen: string[] = first.waiting.map((t) => t.id);
    let next = first.next?.waiting ?? null;
    for (let pages = 1; next !== null; pages++) {
      expect(pages).toBeLessThan(100);
      const answer = await new TestClient(server).api.raw(
        'GET',
        `/tables?list=waiting&offset=${next}`,
      );
      expect(answer.status).toBe(200);
      const page = answer.body as {
        waiting: { id: string }[];
        playing: unknown[];
        next: { waiting: number | null };
      };
      expect(page.waiting.length).toBeLessThanOrEqual(2);
      expect(page.playing).toEqual([]);
      seen.push(...page.waiting.map((t) => t.id));
      next = page.next.waiting;
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of made) expect(seen).toContain(id);
    const bad = await new TestClient(server).api.raw('GET', '/tables?offset=-1');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'BAD_MESSAGE' } });
  });
});

describe('watching (MAX_WATCHED_PER_CONNECTION, MAX_SPECTATORS_PER_TABLE)', () => {
  it('lets one connection watch at most 2 tables at once', async () => {
    const hosts = await Promise.all([0, 1, 2].map((i) => TestClient.player(server, `Watched${i}`)));
    const ids = await Promise.all(
      hosts.map(async (h) => (await h.api.createTable(twoSeats())).table.id),
    );
    const viewer = await TestClient.anonymous(server);
    await viewer.watch(at(ids, 0));
    await viewer.watch(at(ids, 1));
    const since = viewer.received.length;
    viewer.send({ type: 'watch', table: at(ids, 2) });
    const refused = await refusalFor(viewer, at(ids, 2), since);
    expect(refused.error).toMatchObject({ code: 'TOO_MANY_WATCHED', params: { max: 2 } });
    // Watching a table again is no new table; after an unwatch there is room.
    await viewer.watch(at(ids, 1));
    viewer.send({ type: 'unwatch', table: at(ids, 0) });
    await viewer.watch(at(ids, 2));
    await Promise.all([...hosts, viewer].map((c) => c.close()));
  });

  it('takes at most 3 spectators per table, and always the seated players', async () => {
    const host = await TestClient.player(server, 'Popular');
    const id = (await host.api.createTable(twoSeats())).table.id;
    const spectators = await Promise.all([0, 1, 2].map(() => TestClient.anonymous(server)));
    for (const spectator of spectators) await spectator.watch(id);
    const late = await TestClient.anonymous(server);
    late.send({ type: 'watch', table: id });
    const refused = await late.waitForType('error', (m) => m.table === id);
    expect(refused.error).toMatchObject({ code: 'TOO_MANY_SPECTATORS', params: { max: 3 } });
    const guest = await TestClient.player(server, 'Guest');
    await guest.api.joinTable(id, { seat: 1 });
    await guest.watch(id);
    await host.watch(id);
    // A spectator who leaves makes room.
    await at(spectators, 0, 'spectator').close();
    for (let attempt = 0; ; attempt++) {
      const since = late.received.length;
      late.send({ type: 'watch', table: id });
      const answer = await late.waitFor(
        'an answer to the watch',
        (m) => (m.type === 'sync' || m.type === 'error') && m.table === id,
        since,
      );
      if (answer.message?.type === 'sync') break;
      expect(attempt).toBeLessThan(20);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await Promise.all([host, guest, late, ...spectators].map((c) => c.close()));
  });

  it('builds a move’s update once per seat, not once per watcher', async () => {
    const table = await setUpTable(server, {
      seats: [{ kind: 'human' }, { kind: 'human' }],
      spectators: 3,
      label: 'broadcast',
    });
    const watchers = [...table.players.map((p) => p.client), ...table.spectators];
    const mover = table.players.find(
      (p) => (p.client.tableState(table.id).frame?.legal.length ?? 0) > 0,
    )!;
    const before = await metric(server, 'gangsta_broadcast_frames_encoded');
    const version = mover.client.tableState(table.id).version;
    const answer = await mover.client.move(
      table.id,
      at(mover.client.tableState(table.id).frame!.legal, 0, 'legal move'),
    );
    expect(answer.type).toBe('ack');
    await Promise.all(watchers.map((w) => w.waitForVersion(table.id, version + 1)));
    const after = await metric(server, 'gangsta_broadcast_frames_encoded');
    // Seat 0, seat 1, and one for the 3 spectators together.
    expect(after - before).toBe(3);
    // The spectators received the very same text.
    const texts = table.spectators.map(
      (s) => s.received.filter((f) => f.message?.type === 'update').at(-1)?.raw,
    );
    expect(new Set(texts).size).toBe(1);
    await closeTable(table);
  });
});

describe('full syncs per connection (SYNCS_PER_MINUTE)', () => {
  it('answers watches beyond 4 syncs a minute with RATE_LIMITED', async () => {
    const host = await TestClient.player(server, 'Resyncer');
    const id = (await host.api.createTable(twoSeats(false))).table.id;
    const viewer = await TestClient.anonymous(server);
    for (let i = 0; i < 4; i++) await viewer.watch(id);
    const since = viewer.received.length;
    viewer.send({ type: 'watch', table: id });
    const refused = await viewer.waitForType('error', (m) => m.table === id, since);
    expect(refused.error.code).toBe('RATE_LIMITED');
    expect(Number(refused.error.params.retryMs)).toBeGreaterThan(0);
    await Promise.all([host.close(), viewer.close()]);
  });

  it('stops sending a sync after stale moves once the budget is spent, and says when to watch again', async () => {
    const table = await setUpTable(server, {
      seats: [{ kind: 'human' }, { kind: 'human' }],
      label: 'stale',
    });
    // Each player's watch took one sync: three left.
    const mover = table.players.find(
      (p) => (p.client.tableState(table.id).frame?.legal.length ?? 0) > 0,
    )!.client;
    const move = at(mover.tableState(table.id).frame!.legal, 0, 'legal move');
    const stale = () => mover.tableState(table.id).version + 5;
    for (let i = 0; i < 3; i++) {
      const since = mover.received.length;
      const answer = await mover.move(table.id, move, { seen: stale() });
      expect(answer.type === 'rejected' && answer.error.code).toBe('STALE');
      await mover.waitForType('sync', (m) => m.table === table.id, since);
    }
    const since = mover.received.length;
    const answer = await mover.move(table.id, move, { seen: stale() });
    expect(answer.type === 'rejected' && answer.error).toMatchObject({
      code: 'STALE',
      params: { sync: false },
    });
    expect(answer.type === 'rejected' && Number(answer.error.params.retryMs)).toBeGreaterThan(0);
    // Nothing but the refusal came: the next answer follows it directly.
    mover.send({ type: 'watch', table: 'no-such-table' });
    await mover.waitForType('error', (m) => m.table === 'no-such-table', since);
    const after = mover.received.slice(since).map((f) => f.message?.type);
    expect(after).not.toContain('sync');
    // Moves themselves are not limited: the current version is accepted.
    expect((await mover.move(table.id, move)).type).toBe('ack');
    await closeTable(table);
  });
});

describe('hello timeout (HELLO_TIMEOUT_MS)', () => {
  it('closes a socket that does not say hello, and only that one', async () => {
    const polite = await TestClient.anonymous(server);
    const silent = new WebSocket(server.wsUrl);
    const frames: ServerMessage[] = [];
    silent.on('message', (data) => {
      const parsed = parseServerMessage(String(data));
      if (parsed.ok) frames.push(parsed.message);
    });
    const closed = new Promise<number>((resolve) => silent.once('close', resolve));
    await new Promise((resolve) => silent.once('open', resolve));
    expect(await closed).toBe(1008);
    expect(frames).toMatchObject([
      { type: 'error', error: { code: 'UNAUTHENTICATED', params: { helloTimeoutMs: 1500 } } },
    ]);
    // The one that said hello at the same time is still served.
    polite.send({ type: 'watch', table: 'nothing-here' });
    const answer = await polite.waitForType('error', (m) => m.table === 'nothing-here');
    expect(answer.error.code).toBe('UNKNOWN_TABLE');
    await polite.close();
  });

  it('keeps serving a socket that said hello, past the timeout', async () => {
    const socket = new WebSocket(server.wsUrl);
    await new Promise((resolve) => socket.once('open', resolve));
    const welcome = new Promise<string>((resolve) =>
      socket.once('message', (d) => resolve(String(d))),
    );
    socket.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION }));
    expect(JSON.parse(await welcome).type).toBe('welcome');
    // Past the timeout, the socket still answers.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const answer = new Promise<string>((resolve) =>
      socket.once('message', (d) => resolve(String(d))),
    );
    socket.send(JSON.stringify({ type: 'watch', table: 'nothing-here' }));
    expect(JSON.parse(await answer).error.code).toBe('UNKNOWN_TABLE');
    socket.close();
  });
});

describe('chat buckets', () => {
  it('forgets a player’s chat bucket once it would be full again', async () => {
    const host = await TestClient.player(server, 'Talker');
    const id = (await host.api.createTable(twoSeats(false))).table.id;
    await host.watch(id);
    host.send({ type: 'chat', table: id, text: 'hello' });
    await host.waitForType('chat', (m) => m.table === id);
    expect(await metric(server, 'gangsta_chat_buckets')).toBeGreaterThanOrEqual(1);
    // A bucket refills in burst × interval; then it is dropped by itself.
    await metricBecomes('gangsta_chat_buckets', 0, 4 * LIMITS.chatBurst * LIMITS.chatEveryMs);
    await host.close();
  }, 60_000);
});

describe('finished tables', () => {
  it('leave memory whatever request loaded them: a look, the record, a join, a move or chat after the end', async () => {
    const table = await setUpTable(server, {
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }],
      label: 'ended',
      timeoutMs: 120_000,
    });
    const host = table.host;
    const id = table.id;
    // The host leaves: the takeover bot plays the seat, and the bots finish the game.
    expect((await host.api.raw('POST', `/tables/${id}/leave`, {})).status).toBe(200);
    await host.waitFor(
      'the end of the game',
      () => host.tableState(id).frame?.over === true,
      0,
      120_000,
    );
    const finalVersion = host.tableState(id).version;
    const watched = await metric(server, 'gangsta_tables_loaded');
    await host.close();
    await metricBecomes('gangsta_tables_loaded', watched - 1);

    const outsider = await TestClient.player(server, 'Outsider');
    const refusals: [string, () => Promise<unknown>][] = [
      [
        'a look at the table',
        async () => expect((await outsider.api.raw('GET', `/tables/${id}`)).status).toBe(200),
      ],
      [
        'an outsider asking its record',
        async () =>
          expect((await outsider.api.raw('GET', `/tables/${id}/record`)).status).toBe(403),
      ],
      [
        'a join of the started table',
        async () =>
          expect((await outsider.api.raw('POST', `/tables/${id}/join`, {})).status).toBe(409),
      ],
      [
        'a move after the end',
        async () => {
          await host.connect();
          const answer = await host.move(id, { type: 'pass', seat: 0 }, { seen: finalVersion });
          expect(answer.type).toBe('rejected');
        },
      ],
      [
        'chat after the end',
        async () => {
          const since = host.received.length;
          host.send({ type: 'chat', table: id, text: 'gg' });
          expect((await refusalFor(host, id, since)).error.code).toBe('BAD_CHAT');
        },
      ],
    ];
    for (const [what, request] of refusals) {
      await request();
      const loaded = await metric(server, 'gangsta_tables_loaded');
      if (loaded !== watched - 1)
        throw new Error(`${what} left the table in memory (${loaded} loaded)`);
    }
    // A watch keeps it while it lasts.
    await host.watch(id);
    expect(await metric(server, 'gangsta_tables_loaded')).toBe(watched);
    await host.close();
    await metricBecomes('gangsta_tables_loaded', watched - 1);
    await outsider.close();
  }, 180_000);
});

describe('waiting tables expire (WAITING_TABLE_TTL_MS)', () => {
  it('deletes a waiting table after its time, tells its watchers, and leaves started tables alone', async () => {
    const short = await spawnServer({ env: { WAITING_TABLE_TTL_MS: '1500' } });
    const host = await TestClient.player(short, 'Patient');
    const guest = await TestClient.player(short, 'Punctual');
    const started = (await host.api.createTable(twoSeats())).table.id;
    await guest.api.joinTable(started, { seat: 1 });
    await host.api.startTable(started);
    const waiting = (await host.api.createTable(twoSeats())).table.id;
    await guest.watch(waiting);
    const gone = await guest.waitForType('error', (m) => m.table === waiting, 0, 30_000);
    expect(gone.error).toMatchObject({ code: 'UNKNOWN_TABLE', params: { reason: 'expired' } });
    expect((await host.api.raw('GET', `/tables/${waiting}`)).status).toBe(404);
    expect((await host.api.lobby()).waiting.map((t) => t.id)).not.toContain(waiting);
    // Older than the expired one, but started: still there.
    expect((await host.api.getTable(started)).table.status).toBe('playing');
    await Promise.all([host.close(), guest.close()]);
    await short.stop();
  }, 90_000);
});

describe.skipIf(TEST_POSTGRES_URL === null || TEST_REDIS_URL === null)('in a cluster', () => {
  it('a table deleted on one process is gone on the other, whose watchers are told', async () => {
    // Two processes of one cluster: the same data folder gives both the same test database.
    const dataDir = makeDataDir();
    const env = { ...LIMIT_ENV, REDIS_URL: TEST_REDIS_URL ?? '' };
    const a = await spawnServer({ dataDir, env });
    const b = await spawnServer({ dataDir, env });
    const host = await TestClient.player(a, 'ClusterHost');
    const id = (await host.api.createTable(twoSeats())).table.id;
    const watcher = await TestClient.anonymous(b);
    await watcher.watch(id);
    expect((await host.api.raw('DELETE', `/tables/${id}`)).status).toBe(200);
    const gone = await watcher.waitForType('error', (m) => m.table === id, 0, 30_000);
    expect(gone.error).toMatchObject({ code: 'UNKNOWN_TABLE', params: { table: id } });
    expect((await watcher.api.raw('GET', `/tables/${id}`)).status).toBe(404);
    expect((await watcher.api.lobby()).waiting.map((t) => t.id)).not.toContain(id);
    await Promise.all([host.close(), watcher.close()]);
  }, 120_000);
});
