/**
 * Webhooks against a local HTTP receiver: which addresses are accepted, "your turn" delivered
 * to a player away from the table, a failed delivery retried (a small backoff, no sleeping),
 * a receiver that never answers delaying no acknowledgement, "game over" with the result, and
 * the player's "send a test".
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '../src/tables/room.ts';
import { isPrivateAddress } from '../src/webhooks/addresses.ts';
import { seatWaitingBody } from '../src/webhooks/events.ts';
import {
  answerOf,
  extraServers,
  Follower,
  http,
  type NewPlayer,
  newPlayer,
  pick,
  playSeat,
  startTestServer,
  TEST_OPTIONS,
  TestClient,
  type TestServer,
} from './harness.ts';
import { at, only } from './support/lists.ts';

type Behaviour = number | 'hang';

/** An HTTP server that records what it is sent and answers as told (200 once told nothing). */
class Receiver {
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read field by field
  readonly requests: { path: string; body: any }[] = [];
  readonly hanging: ServerResponse[] = [];
  /** How to answer the next requests to each path. */
  readonly behaviours = new Map<string, Behaviour[]>();
  private waiters: (() => void)[] = [];
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => this.receive(request, response));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private receive(request: IncomingMessage, response: ServerResponse): void {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      this.requests.push({ path: request.url ?? '', body: JSON.parse(text) });
      const behaviour = this.behaviours.get(request.url ?? '')?.shift() ?? 200;
      if (behaviour === 'hang') this.hanging.push(response);
      else response.writeHead(behaviour).end();
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /**
   * The requests to one path: each test posts to a path of its own, since a delivery an
   * earlier test left hanging is retried when the receiver drops it.
   */
  to(path: string) {
    return this.requests.filter((request) => request.path === path);
  }

  /** Waits until `count` requests to `path` have arrived. */
  async received(count: number, path: string, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(path).length < count) {
      if (Date.now() > deadline) throw new Error(`${this.to(path).length} of ${count} requests`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  reset(): void {
    this.requests.length = 0;
    this.behaviours.clear();
    for (const response of this.hanging.splice(0)) response.destroy();
  }

  async stop(): Promise<void> {
    this.reset();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const PUBLIC_URL = 'https://gangsta.example';
const METRICS_TOKEN = 'webhook-test-metrics';
let server: TestServer;
let base: string;
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.start();
  server = await startTestServer({
    webhookAllowPrivate: true,
    publicUrl: PUBLIC_URL,
    // Hung receivers stay hung for the whole test: nothing here depends on the timeout.
    webhookTuning: { backoffMs: [20, 20, 20], timeoutMs: 60_000 },
    security: { ...TEST_OPTIONS.security!, metricsToken: METRICS_TOKEN },
  });
  base = server.url;
});

afterEach(() => receiver.reset());

/** Servers a test starts for itself, removed at the end. */
const others = extraServers();
const otherServer = others.start;

afterAll(async () => {
  await server.cleanup();
  await others.cleanup();
  await receiver.stop();
});

async function setWebhook(player: NewPlayer, url: string | null, on = base) {
  return http(on, 'PUT', '/api/v1/me/webhook', { token: player.token, body: { url } });
}

/**
 * Ann (host, following the table on a WebSocket) and Ben (seat 1, with a webhook, not at the
 * table) start a 2-player game.
 */
async function gameWithAbsentBen(name: string, hook: string) {
  const ann = await newPlayer(base, 'Ann');
  const ben = await newPlayer(base, 'Ben');
  expect((await setWebhook(ben, `${receiver.url}${hook}`)).status).toBe(200);
  const created = await http(base, 'POST', '/api/v1/tables', {
    token: ann.token,
    body: {
      public: false,
      name,
      options: { players: 2 },
      seats: [{ kind: 'host' }, { kind: 'open' }],
    },
  });
  const table: string = created.body.table.id;
  await http(base, 'POST', `/api/v1/tables/${table}/join`, { token: ben.token, body: {} });
  const client = await TestClient.connect(base, ann.token);
  client.send({ type: 'watch', table });
  const annSeat = new Follower(client, table, 'ann-');
  await annSeat.take();
  await http(base, 'POST', `/api/v1/tables/${table}/start`, { token: ann.token });
  await annSeat.take();
  return { ann, ben, table, annSeat };
}

/** Ann moves until Ben must decide; returns the answer to her last move. */
async function annPlaysUntilBen(annSeat: Follower) {
  let last = null;
  while (!annSeat.frame!.deciding.includes(1)) {
    last = await annSeat.move();
    expect(last.type).toBe('ack');
    await annSeat.take();
  }
  return last;
}

describe('webhook addresses', () => {
  it('accepts http(s) addresses on the internet and refuses everything else', async () => {
    const strict = await otherServer();
    try {
      const player = await newPlayer(strict.url, 'Strict');
      for (const url of [
        'ftp://example.com/hook',
        'javascript:alert(1)',
        'not an address',
        'http://127.0.0.1:8080/hook',
        'http://localhost/hook',
        'http://10.1.2.3/hook',
        'http://192.168.0.10/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/hook',
        'http://[::ffff:127.0.0.1]/hook',
        'https://user:secret@example.com/hook',
      ]) {
        const answer = await setWebhook(player, url, strict.url);
        expect(answer.status, url).toBe(400);
        expect(answer.body.error.code, url).toBe('BAD_WEBHOOK');
      }
      const discord = 'https://discord.com/api/webhooks/123/abc';
      expect((await setWebhook(player, discord, strict.url)).body).toEqual({ webhook: discord });
      const me = await http(strict.url, 'GET', '/api/v1/me', { token: player.token });
      expect(me.body.webhook).toBe(discord);
      expect((await setWebhook(player, null, strict.url)).body).toEqual({ webhook: null });
      const after = await http(strict.url, 'GET', '/api/v1/me', { token: player.token });
      expect(after.body.webhook).toBeNull();
    } finally {
      await strict.stop();
    }
  });

  it('knows the private ranges', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '100.64.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '172.32.0.1', '2606:4700::1111', '1.1.1.1'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('deliveries', () => {
  it('tells a player away from the table that it is their turn, once per turn', async () => {
    const { ben, table, annSeat } = await gameWithAbsentBen('Friday game', '/ben');
    await annPlaysUntilBen(annSeat);
    await receiver.received(1, '/ben');
    const request = at(receiver.to('/ben'), 0, 'delivery');
    const url = `${PUBLIC_URL}/#/online/t/${table}`;
    expect(request.path).toBe('/ben');
    expect(request.body).toEqual({
      content: `Your turn at “Friday game” — ${url}`,
      text: `Your turn at “Friday game” — ${url}`,
      gangsta: { event: 'yourTurn', table, tableName: 'Friday game', url },
    });
    // Ben comes to the table and plays his turn: no webhook while he is there, for him or
    // for Ann (who is at the table too).
    const benClient = await TestClient.connect(base, ben.token);
    benClient.send({ type: 'watch', table });
    const benSeat = new Follower(benClient, table, 'ben-');
    await benSeat.take();
    while (benSeat.deciding) {
      expect((await benSeat.move()).type).toBe('ack');
      await benSeat.take();
      await annSeat.take();
    }
    await benClient.close();
    // Ben has left: his next turn is announced again, as the second delivery in all.
    await annPlaysUntilBen(annSeat);
    await receiver.received(2, '/ben');
    expect(receiver.to('/ben')).toHaveLength(2);
    expect(at(receiver.to('/ben'), 1, 'delivery').body.gangsta.event).toBe('yourTurn');
    await annSeat.client.close();
  });

  it('retries a failed delivery with backoff and counts the failure', async () => {
    receiver.behaviours.set('/retried', [500]);
    const metricBefore = await failures();
    const { annSeat } = await gameWithAbsentBen('Retried', '/retried');
    await annPlaysUntilBen(annSeat);
    await receiver.received(2, '/retried');
    const deliveries = receiver.to('/retried');
    expect(at(deliveries, 1, 'retry').body).toEqual(at(deliveries, 0, 'delivery').body);
    expect(await failures()).toBe(metricBefore + 1);
    await annSeat.client.close();
  });

  it('never makes a move wait for a receiver that does not answer', async () => {
    receiver.behaviours.set('/slow', ['hang', 'hang', 'hang']);
    const { ben, table, annSeat } = await gameWithAbsentBen('Slow receiver', '/slow');
    const last = await annPlaysUntilBen(annSeat);
    // The move that gave Ben the turn was acknowledged, and its delivery is still hanging.
    expect(last?.type ?? 'ack').toBe('ack');
    await receiver.received(1, '/slow');
    expect(receiver.hanging).toHaveLength(1);
    // Moves go on while it hangs.
    const benClient = await TestClient.connect(base, ben.token);
    benClient.send({ type: 'watch', table });
    const benSeat = new Follower(benClient, table, 'ben-');
    await benSeat.take();
    const answer = await answerOf(benClient, {
      type: 'move',
      table,
      id: 'b1',
      seen: benSeat.version,
      move: at(benSeat.frame!.legal, 0, 'legal move'),
    });
    expect(answer.type).toBe('ack');
    expect(receiver.hanging).toHaveLength(1);
    await benClient.close();
    await annSeat.client.close();
  });

  it('sends "game over" with the result to every seated player with a webhook', async () => {
    const cleo = await newPlayer(base, 'Cleo');
    await setWebhook(cleo, `${receiver.url}/cleo`);
    const created = await http(base, 'POST', '/api/v1/tables', {
      token: cleo.token,
      body: {
        public: false,
        name: 'Cleo v bot',
        options: { players: 2 },
        seats: [{ kind: 'host' }, { kind: 'bot', level: 'easy' }],
      },
    });
    const table: string = created.body.table.id;
    const client = await TestClient.connect(base, cleo.token);
    client.send({ type: 'watch', table });
    await client.next('sync', (m) => m.table === table);
    await http(base, 'POST', `/api/v1/tables/${table}/start`, { token: cleo.token });
    await playSeat(client, table, pick);
    await receiver.received(1, '/cleo');
    // Cleo was at the table all along: the only delivery is the end of the game.
    const gameOver = receiver.to('/cleo').filter((r) => r.body.gangsta.event === 'gameOver');
    expect(receiver.to('/cleo')).toHaveLength(1);
    const { body } = only(gameOver, 'game over delivery');
    expect(body.content).toBe(body.text);
    expect(body.content).toMatch(
      /^Game over at “Cleo v bot”: .+ won \(Cleo \d+, bot \(easy\) \d+\)/,
    );
    expect(body.gangsta.result.scores.map((s: { name: string }) => s.name).sort()).toEqual([
      'Cleo',
      'bot (easy)',
    ]);
    expect(body.gangsta.result.winners.length).toBeGreaterThan(0);
    await client.close();
  });

  it('sends a test on request and says how it went', async () => {
    const dan = await newPlayer(base, 'Dan');
    const none = await http(base, 'POST', '/api/v1/me/webhook/test', { token: dan.token });
    expect(none.body.error.code).toBe('BAD_WEBHOOK');
    await setWebhook(dan, `${receiver.url}/dan`);
    const ok = await http(base, 'POST', '/api/v1/me/webhook/test', { token: dan.token });
    expect(ok.body).toEqual({ delivered: true, status: 200 });
    expect(at(receiver.to('/dan'), 0, 'delivery').body.gangsta).toMatchObject({
      event: 'test',
      table: null,
    });
    receiver.behaviours.set('/dan', [404]);
    const failed = await http(base, 'POST', '/api/v1/me/webhook/test', { token: dan.token });
    expect(failed.body).toEqual({ delivered: false, status: 404 });
  });
});

async function failures(): Promise<number> {
  const response = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const line = /^gangsta_webhook_failures_total (\d+)/m.exec(text);
  return line ? Number(line[1]) : 0;
}

describe('the "your seat is waiting" sentence', () => {
  // Only the table's id and name are read; a whole Room is not needed to word the sentence.
  const room = { id: 'T1', table: { name: 'Friday' } } as unknown as Room;

  it('calls a rematch a rematch and a friend’s challenge an invitation', () => {
    const url = 'https://example.org/#/online/tables/T1';
    expect(seatWaitingBody(room, 'Alice', 'rematch', url).content).toBe(
      `Alice offers a rematch at “Friday” — your seat is waiting — ${url}`,
    );
    expect(seatWaitingBody(room, 'Alice', 'invitation', url).content).toBe(
      `Alice invites you to a game at “Friday” — your seat is waiting — ${url}`,
    );
  });
});
