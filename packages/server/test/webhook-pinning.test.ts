/**
 * Webhook pinning against the real server process: its webhook lookups go to a DNS server of
 * the test's own (`WEBHOOK_DNS_SERVERS`) whose answer for the hook's name flips between an
 * allowed receiver and another address at every query (a rebinding attacker's DNS). Each
 * delivery attempt asks once and posts to what it checked: the other address never gets a
 * request, and the DNS server sees exactly one query per check, none at connect. Also: a name
 * resolving inside is refused when it is set, and "send a test" is limited per player.
 */
import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer, stopAllServers } from './support/index.ts';

/** A DNS server on 127.0.0.1 answering A queries from `answer(name)`; AAAA has no records. */
class TestDns {
  readonly queries: string[] = [];
  private socket!: Socket;
  port = 0;

  constructor(private readonly answer: (name: string) => string | null) {}

  async start(): Promise<void> {
    this.socket = createSocket('udp4');
    this.socket.on('message', (message, from) => {
      const query = dnsPacket.decode(message);
      const question = query.questions?.[0];
      if (!question) return;
      let address: string | null = null;
      if (question.type === 'A') {
        this.queries.push(question.name);
        address = this.answer(question.name);
      }
      const reply = dnsPacket.encode({
        type: 'response',
        id: query.id,
        flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE,
        questions: [question],
        // TTL 0: nothing may be cached between two lookups.
        answers: address
          ? [{ type: 'A', class: 'IN', name: question.name, ttl: 0, data: address }]
          : [],
      });
      this.socket.send(reply, from.port, from.address);
    });
    await new Promise<void>((resolve) => this.socket.bind(0, '127.0.0.1', resolve));
    this.port = (this.socket.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

/** An HTTP receiver on one loopback address that records each request's Host and path. */
async function receiver(host: string, port: number) {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(`${request.headers.host} ${request.url}`);
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return { server, seen };
}

let flips = 0;
const dns = new TestDns((name) => {
  if (name === 'inside.test') return '10.9.8.7';
  if (name !== 'hook.test') return null;
  // The first answer is the allowed receiver, the next the other address, and so on.
  flips++;
  return flips % 2 === 1 ? '127.0.0.2' : '127.0.0.3';
});
let good: Awaited<ReturnType<typeof receiver>>;
let evil: Awaited<ReturnType<typeof receiver>>;
let port: number;
let server: SpawnedServer;

beforeAll(async () => {
  await dns.start();
  good = await receiver('127.0.0.2', 0);
  port = (good.server.address() as AddressInfo).port;
  evil = await receiver('127.0.0.3', port);
  server = await spawnServer({
    env: {
      WEBHOOK_DNS_SERVERS: `127.0.0.1:${dns.port}`,
      // Only the one receiver is reachable: the other loopback address stands for a private one.
      WEBHOOK_ALLOW_PRIVATE: '127.0.0.2/32',
      WEBHOOK_TESTS_PER_HOUR: '2',
    },
  });
}, 60_000);

afterAll(async () => {
  await stopAllServers();
  for (const { server: receiverServer } of [good, evil]) {
    receiverServer.closeAllConnections();
    await new Promise<void>((resolve) => receiverServer.close(() => resolve()));
  }
  await dns.stop();
});

/** An answer, read field by field. */
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Answer = { status: number; body: any };

async function call(method: string, path: string, token: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function newPlayer(name: string): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return ((await response.json()) as { token: string }).token;
}

describe('webhooks pinned to the checked address', () => {
  it('posts to the address each attempt checked, never to a changed answer', async () => {
    const ann = await newPlayer('Ann');
    const set = await call('PUT', '/api/v1/me/webhook', ann, {
      url: `http://hook.test:${port}/ann`,
    });
    expect(set.status).toBe(200);
    // Checked when set: one query, answered with the allowed receiver.
    expect(dns.queries).toEqual(['hook.test']);
    // The next answer is the other address: the attempt is refused at its check.
    const refused = await call('POST', '/api/v1/me/webhook/test', ann);
    expect(refused.body).toEqual({ delivered: false, status: null });
    expect(dns.queries).toEqual(['hook.test', 'hook.test']);
    // The next is the receiver again: delivered there, with the name in Host. Had the client
    // looked the name up again to connect, it would have got the other address.
    const delivered = await call('POST', '/api/v1/me/webhook/test', ann);
    expect(delivered.body).toEqual({ delivered: true, status: 200 });
    expect(dns.queries).toEqual(['hook.test', 'hook.test', 'hook.test']);
    expect(good.seen).toEqual([`hook.test:${port} /ann`]);
    expect(evil.seen).toEqual([]);
  });

  it('refuses a name that resolves into a private network when it is set', async () => {
    const ben = await newPlayer('Ben');
    const set = await call('PUT', '/api/v1/me/webhook', ben, { url: 'https://inside.test/hook' });
    expect(set.status).toBe(400);
    expect(set.body.error.code).toBe('BAD_WEBHOOK');
    expect(set.body.error.message).toMatch(/inside\.test resolves to 10\.9\.8\.7/);
  });

  it('limits "send a test" per player', async () => {
    const cleo = await newPlayer('Cleo');
    await call('PUT', '/api/v1/me/webhook', cleo, { url: `http://127.0.0.2:${port}/cleo` });
    expect((await call('POST', '/api/v1/me/webhook/test', cleo)).body.delivered).toBe(true);
    expect((await call('POST', '/api/v1/me/webhook/test', cleo)).body.delivered).toBe(true);
    const third = await call('POST', '/api/v1/me/webhook/test', cleo);
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('RATE_LIMITED');
    expect(third.body.error.params.retryMs).toBeGreaterThan(0);
    // Another player is not affected.
    const dan = await newPlayer('Dan');
    await call('PUT', '/api/v1/me/webhook', dan, { url: `http://127.0.0.2:${port}/dan` });
    expect((await call('POST', '/api/v1/me/webhook/test', dan)).body.delivered).toBe(true);
    expect(evil.seen).toEqual([]);
  });
});
