/**
 * Safe names, live renames and moderation (mute, block, report, a host's removal of a
 * spectator's line), against a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportsText } from '../src/reports.ts';
import { openStore } from '../src/store/open.ts';
import type { Store } from '../src/store/types.ts';
import {
  createTable,
  http,
  type NewPlayer,
  newPlayer,
  startTestServer,
  TestClient,
  type TestServer,
} from './harness.ts';
import { databaseUrlFor } from './support/database.ts';

let server: TestServer;
let base: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  base = server.url;
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await server.cleanup();
});

/** The server's database, opened beside it (as the reports command opens it). */
async function withStore<T>(read: (store: Store) => Promise<T>): Promise<T> {
  const store = openStore({
    databaseUrl: await databaseUrlFor(server.dataDir),
    dataDir: server.dataDir,
  });
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

async function connect(player?: NewPlayer): Promise<TestClient> {
  const client = await TestClient.connect(base, player?.token);
  clients.push(client);
  return client;
}

async function watching(client: TestClient, table: string): Promise<void> {
  client.send({ type: 'watch', table });
  await client.next('sync', (m) => m.table === table);
}

async function say(client: TestClient, table: string, text: string) {
  client.send({ type: 'chat', table, text });
  return client.next('chat', (m) => m.table === table && m.line.text === text.trim());
}

describe('names', () => {
  it.each([
    ['a right-to-left override', '\u202EMallory', 'U+202E'],
    ['a right-to-left isolate', 'Mal\u2067lory', 'U+2067'],
    ['a zero-width space', 'Mal\u200Blory', 'U+200B'],
    ['a zero-width no-break space', 'Mal\uFEFFlory', 'U+FEFF'],
    ['a word joiner', 'Mal\u2060lory', 'U+2060'],
    ['a left-to-right mark', 'Mallory\u200E', 'U+200E'],
  ])('refuses a name with %s, naming the character', async (_what, name, char) => {
    const answer = await http(base, 'POST', '/api/v1/players', { body: { name } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('BAD_NAME');
    expect(answer.body.error.params).toMatchObject({ reason: 'invisible', char });
  });

  it('refuses the same in a rename, a table name and a seat label', async () => {
    const ann = await newPlayer(base, 'Ann');
    const renamed = await http(base, 'PATCH', '/api/v1/me', {
      token: ann.token,
      body: { name: '\u202Eynnaf' },
    });
    expect(renamed.body.error).toMatchObject({ code: 'BAD_NAME', params: { char: 'U+202E' } });
    for (const body of [
      { name: 'Friday \u202Egame', seats: [{ kind: 'host' }, { kind: 'open' }] },
      { seats: [{ kind: 'host' }, { kind: 'invited', label: 'Cl\u2066eo' }] },
    ]) {
      const table = await http(base, 'POST', '/api/v1/tables', {
        token: ann.token,
        body: { public: false, options: { players: 2 }, ...body },
      });
      expect(table.status).toBe(400);
      expect(table.body.error.code).toBe('BAD_NAME');
    }
  });

  it('counts code points: 24 emoji are a name, 25 are not', async () => {
    const full = '😀'.repeat(24);
    const made = await http(base, 'POST', '/api/v1/players', { body: { name: full } });
    expect(made.status).toBe(201);
    expect(made.body.player.name).toBe(full);
    const over = await http(base, 'POST', '/api/v1/players', { body: { name: `${full}😀` } });
    expect(over.body.error).toMatchObject({ code: 'BAD_NAME', params: { reason: 'tooLong' } });
  });

  it('keeps an emoji written with zero-width joiners', async () => {
    const made = await http(base, 'POST', '/api/v1/players', { body: { name: 'Ada 👩‍💻' } });
    expect(made.status).toBe(201);
  });
});

describe('chat text and renames', () => {
  it('drops direction controls from a chat line and keeps the rest', async () => {
    const ann = await newPlayer(base, 'Ann');
    const table = await createTable(base, ann.token, [{ kind: 'host' }, { kind: 'open' }]);
    const client = await connect(ann);
    await watching(client, table.id);
    client.send({ type: 'chat', table: table.id, text: 'I paid \u202E$5 to Alice\u202C ok' });
    const line = await client.next('chat', (m) => m.table === table.id);
    expect(line.line.text).toBe('I paid $5 to Alice ok');
    expect(line.line.playerId).toBe(ann.id);
    expect(line.line.seq).toBeGreaterThan(0);
  });

  it('a new name reaches the seat and the next chat line without a reload', async () => {
    const ann = await newPlayer(base, 'Ann');
    const table = await createTable(base, ann.token, [{ kind: 'host' }, { kind: 'open' }]);
    const client = await connect(ann);
    await watching(client, table.id);
    client.clear();
    await http(base, 'PATCH', '/api/v1/me', { token: ann.token, body: { name: 'Annie' } });
    const info = await client.next('table', (m) => m.table.seats[0]?.name === 'Annie');
    expect(info.table.seats[0]?.name).toBe('Annie');
    const line = await say(client, table.id, 'hello');
    expect(line.line.from).toBe('Annie');
  });
});

describe('moderation', () => {
  it('mutes and unmutes a player, listed with their name', async () => {
    const ann = await newPlayer(base, 'Ann');
    const ben = await newPlayer(base, 'Ben');
    const muted = await http(base, 'PUT', `/api/v1/me/muted/${ben.id}`, { token: ann.token });
    expect(muted.body).toEqual({ muted: [{ id: ben.id, name: 'Ben' }], blocked: [] });
    const listed = await http(base, 'GET', '/api/v1/me/moderation', { token: ann.token });
    expect(listed.body.muted).toEqual([{ id: ben.id, name: 'Ben' }]);
    const unmuted = await http(base, 'DELETE', `/api/v1/me/muted/${ben.id}`, { token: ann.token });
    expect(unmuted.body.muted).toEqual([]);
    const self = await http(base, 'PUT', `/api/v1/me/muted/${ann.id}`, { token: ann.token });
    expect(self.status).toBe(400);
    const nobody = await http(base, 'PUT', '/api/v1/me/blocked/nobody', { token: ann.token });
    expect(nobody.body.error.code).toBe('NOT_FOUND');
  });

  it('a blocked player’s chat reaches the others but not the blocker, live or in a sync', async () => {
    const ann = await newPlayer(base, 'Ann');
    const ben = await newPlayer(base, 'Ben');
    const cleo = await newPlayer(base, 'Cleo');
    const table = await createTable(base, ann.token, [{ kind: 'host' }, { kind: 'open' }]);
    const annSocket = await connect(ann);
    const benSocket = await connect(ben);
    const cleoSocket = await connect(cleo);
    for (const socket of [annSocket, benSocket, cleoSocket]) await watching(socket, table.id);
    await http(base, 'PUT', `/api/v1/me/blocked/${ben.id}`, { token: ann.token });
    await say(benSocket, table.id, 'blocked words');
    await cleoSocket.next('chat', (m) => m.line.text === 'blocked words');
    await say(cleoSocket, table.id, 'after');
    // Ann gets Cleo's line, sent after Ben's, and never Ben's.
    await annSocket.next('chat', (m) => m.line.text === 'after');
    expect(annSocket.has(['chat'])).toBe(false);
    expect(annSocket.received.some((m) => m.type === 'chat')).toBe(false);
    // A fresh connection's sync leaves Ben's line out for Ann, not for Cleo.
    const again = await connect(ann);
    again.send({ type: 'watch', table: table.id });
    const sync = await again.next('sync');
    expect(sync.chat.map((line) => line.text)).toEqual(['after']);
    const cleoAgain = await connect(cleo);
    cleoAgain.send({ type: 'watch', table: table.id });
    const cleoSync = await cleoAgain.next('sync');
    expect(cleoSync.chat.map((line) => line.text)).toEqual(['blocked words', 'after']);
  });

  it('a blocked player cannot take a seat where the blocker sits; others can', async () => {
    const ann = await newPlayer(base, 'Ann');
    const ben = await newPlayer(base, 'Ben');
    const cleo = await newPlayer(base, 'Cleo');
    await http(base, 'PUT', `/api/v1/me/blocked/${ben.id}`, { token: ann.token });
    const hosted = await createTable(base, ann.token, [
      { kind: 'host' },
      { kind: 'open' },
      { kind: 'open' },
    ]);
    const refused = await http(base, 'POST', `/api/v1/tables/${hosted.id}/join`, {
      token: ben.token,
      body: {},
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('BLOCKED');
    const cleoJoins = await http(base, 'POST', `/api/v1/tables/${hosted.id}/join`, {
      token: cleo.token,
      body: {},
    });
    expect(cleoJoins.status).toBe(200);
    // Ann seated at Cleo's table: Ben cannot sit there either.
    const cleos = await createTable(base, cleo.token, [
      { kind: 'host' },
      { kind: 'open' },
      { kind: 'open' },
    ]);
    await http(base, 'POST', `/api/v1/tables/${cleos.id}/join`, { token: ann.token, body: {} });
    const again = await http(base, 'POST', `/api/v1/tables/${cleos.id}/join`, {
      token: ben.token,
      body: {},
    });
    expect(again.body.error.code).toBe('BLOCKED');
    // Unblocked, Ben sits down.
    await http(base, 'DELETE', `/api/v1/me/blocked/${ben.id}`, { token: ann.token });
    const sits = await http(base, 'POST', `/api/v1/tables/${cleos.id}/join`, {
      token: ben.token,
      body: {},
    });
    expect(sits.status).toBe(200);
  });

  it('stores a report with the line, the ten before it, the reporter and the time', async () => {
    const ann = await newPlayer(base, 'Ann');
    const ben = await newPlayer(base, 'Ben');
    const cleo = await newPlayer(base, 'Cleo');
    const table = await createTable(base, ann.token, [{ kind: 'host' }, { kind: 'open' }]);
    const sockets = [await connect(ann), await connect(ben), await connect(cleo)];
    for (const socket of sockets) await watching(socket, table.id);
    // Three speakers keep each within the chat's burst of 5 lines; line 12 is Ben's.
    for (let i = 1; i <= 12; i++)
      await say(sockets[(i + 1) % 3] as TestClient, table.id, `line ${i}`);
    const last = await sockets[0]?.next('chat', (m) => m.line.text === 'line 12');
    const seq = last?.line.seq as number;
    const own = await http(base, 'POST', `/api/v1/tables/${table.id}/chat/${seq}/report`, {
      token: ben.token,
    });
    expect(own.status).toBe(400);
    const before = Date.now();
    const reported = await http(base, 'POST', `/api/v1/tables/${table.id}/chat/${seq}/report`, {
      token: ann.token,
    });
    expect(reported.body).toEqual({ reported: true });
    const [report] = await withStore((store) => store.chatReports(10));
    expect(report).toMatchObject({
      tableId: table.id,
      seq,
      reporterId: ann.id,
      reportedId: ben.id,
    });
    expect(report?.lines.map((line) => line.text)).toEqual(
      Array.from({ length: 11 }, (_, i) => `line ${i + 2}`),
    );
    expect(Date.parse(report?.createdAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // What the operator's command prints: the reported line marked, after the ten before it.
    const printed = reportsText(report ? [report] : []);
    expect(printed).toContain(`> #${seq}`);
    expect(printed).toContain('Ben');
    expect(printed.split('\n').filter((line) => line.startsWith('    #'))).toHaveLength(10);
    const missing = await http(base, 'POST', `/api/v1/tables/${table.id}/chat/9999/report`, {
      token: ann.token,
    });
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });

  it('limits reports per player', async () => {
    const ann = await newPlayer(base, 'Ann');
    const ben = await newPlayer(base, 'Ben');
    const table = await createTable(base, ann.token, [{ kind: 'host' }, { kind: 'open' }]);
    const benSocket = await connect(ben);
    await watching(benSocket, table.id);
    const seqs: number[] = [];
    for (let i = 0; i < 5; i++) seqs.push((await say(benSocket, table.id, `x${i}`)).line.seq ?? 0);
    const answers = [];
    for (const seq of [...seqs, seqs[0]]) {
      answers.push(
        (
          await http(base, 'POST', `/api/v1/tables/${table.id}/chat/${seq}/report`, {
            token: ann.token,
          })
        ).status,
      );
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('the host removes a spectator’s line for everyone, live and after a reload', async () => {
    const ann = await newPlayer(base, 'Ann');
    const ben = await newPlayer(base, 'Ben');
    const watcher = await newPlayer(base, 'Vic');
    const table = await createTable(base, ann.token, [{ kind: 'host' }, { kind: 'open' }]);
    await http(base, 'POST', `/api/v1/tables/${table.id}/join`, { token: ben.token, body: {} });
    const annSocket = await connect(ann);
    const benSocket = await connect(ben);
    const vicSocket = await connect(watcher);
    for (const socket of [annSocket, benSocket, vicSocket]) await watching(socket, table.id);
    const spoken = await say(vicSocket, table.id, 'spam from the rail');
    const benLine = await say(benSocket, table.id, 'a player line');
    const seq = spoken.line.seq as number;
    const notHost = await http(base, 'DELETE', `/api/v1/tables/${table.id}/chat/${seq}`, {
      token: ben.token,
    });
    expect(notHost.body.error.code).toBe('NOT_HOST');
    const player = await http(
      base,
      'DELETE',
      `/api/v1/tables/${table.id}/chat/${benLine.line.seq}`,
      {
        token: ann.token,
      },
    );
    expect(player.status).toBe(400);
    const removed = await http(base, 'DELETE', `/api/v1/tables/${table.id}/chat/${seq}`, {
      token: ann.token,
    });
    expect(removed.body).toEqual({ removed: seq });
    for (const socket of [benSocket, vicSocket]) {
      await socket.next('chatRemoved', (m) => m.table === table.id && m.seq === seq);
    }
    const fresh = await connect(ben);
    fresh.send({ type: 'watch', table: table.id });
    const sync = await fresh.next('sync');
    expect(sync.chat.map((line) => line.text)).toEqual(['a player line']);
    // After a restart too: the store no longer hands the line out.
    const stored = await withStore((store) => store.loadTable(table.id, 100));
    expect(stored?.chat.map((line) => line.text)).toEqual(['a player line']);
  });
});
