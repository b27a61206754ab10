/** Bad frames, floods and chat over the WebSocket: typed errors, and the socket stays usable. */
import { LIMITS, PROTOCOL_VERSION } from '@gangsta/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  http,
  newPlayer,
  startTestServer,
  TestClient,
  type TestServer,
  twoPlayerGame,
} from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ maxSocketsPerAddress: 8 });
});

afterAll(async () => {
  await server.cleanup();
});

/** A socket is still usable when it answers a watch of a real table. */
async function stillUsable(client: TestClient): Promise<void> {
  const player = await newPlayer(server.url, 'Probe');
  const created = await http(server.url, 'POST', '/api/v1/tables', {
    token: player.token,
    body: { public: false, options: { players: 2 }, seats: [{ kind: 'host' }, { kind: 'open' }] },
  });
  client.send({ type: 'watch', table: created.body.table.id });
  await client.next('sync', (m) => m.table === created.body.table.id);
}

describe('bad frames', () => {
  it('answers a frame that is not JSON with BAD_MESSAGE and keeps the socket', async () => {
    const client = await TestClient.connect(server.url);
    client.sendRaw('{"type":');
    const error = await client.next('error');
    expect(error.error).toMatchObject({ code: 'BAD_MESSAGE', params: { problem: 'not JSON' } });
    await stillUsable(client);
    await client.close();
  });

  it('names the problem of a frame that does not match the schema', async () => {
    const client = await TestClient.connect(server.url);
    // A move whose table and id can be read is refused by its id, so that its sender stops
    // sending it again.
    client.send({ type: 'move', table: 't', id: 'a', seen: -1, move: { type: 'pass', seat: 0 } });
    const refused = await client.next('rejected');
    expect(refused).toMatchObject({ table: 't', id: 'a', error: { code: 'BAD_MESSAGE' } });
    expect(refused.error.message).toMatch(/^seen: /);
    client.send({ type: 'dance' });
    expect((await client.next('error')).error.code).toBe('BAD_MESSAGE');
    await stillUsable(client);
    await client.close();
  });

  it('answers an oversized frame with TOO_LARGE and keeps the socket', async () => {
    const client = await TestClient.connect(server.url);
    client.send({ type: 'chat', table: 't', text: 'x'.repeat(LIMITS.maxFrameBytes + 1) });
    const error = await client.next('error');
    expect(error.error).toMatchObject({ code: 'TOO_LARGE', params: { max: LIMITS.maxFrameBytes } });
    await stillUsable(client);
    await client.close();
  });

  it('wants one hello first, in its protocol version', async () => {
    const twice = await TestClient.connect(server.url);
    twice.send({ type: 'hello', protocol: PROTOCOL_VERSION });
    expect((await twice.next('error')).error.code).toBe('BAD_MESSAGE');
    await twice.close();
    const ws = await import('ws');
    const raw = new ws.WebSocket(`${server.url.replace('http', 'ws')}/api/v1/ws`);
    const frames: string[] = [];
    raw.on('message', (data) => frames.push(data.toString()));
    await new Promise((resolve) => raw.once('open', resolve));
    raw.send(JSON.stringify({ type: 'watch', table: 'x' }));
    raw.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION + 1 }));
    await new Promise<void>((resolve) => raw.on('message', () => frames.length === 2 && resolve()));
    const codes = frames.map((f) => JSON.parse(f).error?.code);
    expect(codes).toEqual(['BAD_MESSAGE', 'PROTOCOL_VERSION']);
    raw.close();
  });

  it('answers a watch of an unknown table with UNKNOWN_TABLE', async () => {
    const client = await TestClient.connect(server.url);
    client.send({ type: 'watch', table: 'nothing-here' });
    const error = await client.next('error');
    expect(error).toMatchObject({ table: 'nothing-here', error: { code: 'UNKNOWN_TABLE' } });
    await client.close();
  });
});

describe('floods', () => {
  it('refuses messages beyond the burst with RATE_LIMITED and keeps the connection', async () => {
    const client = await TestClient.connect(server.url);
    for (let i = 0; i < LIMITS.messagesBurst + 20; i++)
      client.send({ type: 'unwatch', table: 'x' });
    const error = await client.next('error');
    expect(error.error.code).toBe('RATE_LIMITED');
    expect(error.error.params.retryMs).toBeGreaterThan(0);
    expect(client.closed).toBeNull();
    await client.close();
  });

  it('refuses a move beyond the limit by its id, applies nothing, and takes it when resent', async () => {
    const { table, seats } = await twoPlayerGame(server.url);
    const mover = seats.find((s) => s.deciding) ?? seats[0];
    // The burst, then a second's worth more: the bucket refills with time, and a server
    // starved of CPU while it reads them must still find it empty when the move comes.
    for (let i = 0; i < LIMITS.messagesBurst + LIMITS.messagesPerSecond; i++)
      mover.client.send({ type: 'unwatch', table: 'x' });
    const move = {
      type: 'move',
      table,
      id: 'late',
      seen: mover.version,
      move: mover.frame!.legal[0],
    };
    mover.client.send(move);
    const refused = await mover.client.next('rejected', (m) => m.id === 'late');
    expect(refused.error.code).toBe('RATE_LIMITED');
    const retryMs = Number(refused.error.params.retryMs);
    expect(retryMs).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, retryMs + 50));
    mover.client.send(move);
    expect(await mover.client.next('ack', (m) => m.id === 'late')).toMatchObject({
      version: mover.version + 1,
    });
    await Promise.all(seats.map((s) => s.client.close()));
  });

  it('closes a connection that keeps flooding (policy violation, 1008)', async () => {
    const client = await TestClient.connect(server.url);
    for (let i = 0; i < LIMITS.messagesBurst + 20 * LIMITS.messagesPerSecond; i++) {
      client.send({ type: 'unwatch', table: 'x' });
    }
    await expect(client.next('welcome', () => false, 10_000)).rejects.toThrow(/closed \(1008\)/);
  });

  it('refuses more sockets per address than allowed', async () => {
    const clients = await Promise.all(
      Array.from({ length: 8 }, () => TestClient.connect(server.url)),
    );
    await expect(TestClient.connect(server.url)).rejects.toThrow(/closed \(1008\)/);
    await Promise.all(clients.map((c) => c.close()));
    // Once they are closed, the address may connect again (the server may need a moment to
    // see the closes: try until it does).
    for (let attempt = 0; ; attempt++) {
      const again = await TestClient.connect(server.url).catch(() => null);
      if (again) {
        await again.close();
        break;
      }
      expect(attempt).toBeLessThan(50);
    }
  });
});

describe('chat', () => {
  it('sends a player’s line to everyone watching, as the text it is', async () => {
    const { table, seats } = await twoPlayerGame(server.url);
    const [ann, ben] = seats;
    const html = '<img src=x onerror=alert(1)> <b>hi</b> &amp;';
    ann.client.send({ type: 'chat', table, text: `  ${html}  ` });
    for (const seat of [ann, ben]) {
      const chat = await seat.client.next('chat');
      expect(chat.line).toMatchObject({ from: 'Ann', seat: 0, text: html });
    }
    // A later sync carries the history.
    ben.client.send({ type: 'watch', table });
    const sync = await ben.client.next('sync');
    expect(sync.chat.map((line) => line.text)).toEqual([html]);
    await Promise.all(seats.map((s) => s.client.close()));
  });

  it('lets a named spectator chat, but not an anonymous one, and refuses control characters', async () => {
    const { table, seats } = await twoPlayerGame(server.url);
    const named = await newPlayer(server.url, 'Kibitzer');
    const spectator = await TestClient.connect(server.url, named.token);
    spectator.send({ type: 'watch', table });
    await spectator.next('sync');
    spectator.send({ type: 'chat', table, text: 'nice move' });
    expect((await seats[0].client.next('chat')).line).toMatchObject({
      from: 'Kibitzer',
      seat: null,
    });
    spectator.send({ type: 'chat', table, text: 'bell\u0007' });
    expect((await spectator.next('error')).error.code).toBe('BAD_CHAT');
    const anonymous = await TestClient.connect(server.url);
    anonymous.send({ type: 'watch', table });
    await anonymous.next('sync');
    anonymous.send({ type: 'chat', table, text: 'hello' });
    expect((await anonymous.next('error')).error.code).toBe('UNAUTHENTICATED');
    await Promise.all([
      spectator.close(),
      anonymous.close(),
      ...seats.map((s) => s.client.close()),
    ]);
  });

  it('limits a player to a burst of chat lines', async () => {
    const { table, seats } = await twoPlayerGame(server.url);
    const ann = seats[0];
    for (let i = 0; i <= LIMITS.chatBurst; i++)
      ann.client.send({ type: 'chat', table, text: `line ${i}` });
    const error = await ann.client.next('error');
    expect(error.error.code).toBe('RATE_LIMITED');
    const lines = ann.client.received.filter((m) => m.type === 'chat');
    expect(lines.length).toBe(LIMITS.chatBurst);
    await Promise.all(seats.map((s) => s.client.close()));
  });
});
