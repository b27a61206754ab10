/**
 * Table deadlines on one heap (`src/tables/memory/deadlines.ts`): waiting tables expire and idle ones
 * sleep each at its own moment, and a tick of the event loop does the work of the tables due,
 * never a round over every table in memory.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/config.ts';
import { Deadlines } from '../src/tables/memory/deadlines.ts';
import { ManualTime } from '../src/time.ts';
import { http, newPlayer, startTestServer, type TestServer } from './harness.ts';

describe('Deadlines', () => {
  it('hands out keys in the order of their moments, each once, as time reaches them', () => {
    const time = new ManualTime(0);
    const fired: string[] = [];
    const deadlines = new Deadlines<string>(time, (key) => fired.push(key));
    // Set in a shuffled order, one moved later and one dropped.
    const moments = [50, 10, 40, 30, 20, 60, 10];
    moments.forEach((at, i) => {
      deadlines.set(`k${i}`, at);
    });
    deadlines.set('k1', 70);
    deadlines.delete('k3');
    time.advance(25);
    expect(fired).toEqual(['k6', 'k4']);
    time.advance(100);
    expect(fired).toEqual(['k6', 'k4', 'k2', 'k0', 'k5', 'k1']);
    expect(deadlines.size).toBe(0);
  });

  it('keeps one timer of the clock however many deadlines it holds', () => {
    const time = new ManualTime(0);
    let fired = 0;
    const deadlines = new Deadlines<number>(time, () => fired++);
    for (let i = 0; i < 10_000; i++) deadlines.set(i, 1_000 + ((i * 7919) % 10_000));
    expect(time.pending).toBe(1);
    expect(deadlines.at(0)).toBe(1_000);
    time.advance(1_000 + 4_999);
    expect(fired).toBe(5_000);
    expect(time.pending).toBe(1);
    time.advance(10_000);
    expect(fired).toBe(10_000);
    expect(time.pending).toBe(0);
  });

  it('hands out at most a batch per turn when many are due at once', () => {
    const time = new ManualTime(0);
    const turns: number[] = [];
    let inTurn = 0;
    // ManualTime runs each timer as its own turn: count the keys each one handed out.
    const fire = time.setTimer.bind(time);
    time.setTimer = (at, fn) =>
      fire(at, () => {
        inTurn = 0;
        fn();
        turns.push(inTurn);
      });
    const deadlines = new Deadlines<number>(time, () => inTurn++, 100);
    for (let i = 0; i < 250; i++) deadlines.set(i, 10);
    time.advance(10);
    expect(turns).toEqual([100, 100, 50]);
  });
});

describe('waiting tables expire at their own moment', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.cleanup();
    server = null;
  });

  it('deletes a waiting table exactly its TTL after its creation, not at a later round', async () => {
    const time = new ManualTime();
    const ttl = 10 * 60_000;
    server = await startTestServer({
      time,
      limits: { ...DEFAULT_LIMITS, waitingTableTtlMs: ttl },
    });
    // Created 7 minutes after the server started: a round every 10 minutes would find it
    // 20 minutes after the start, 3 minutes late.
    time.advance(7 * 60_000);
    const host = await newPlayer(server.url, 'Host');
    const created = await http(server.url, 'POST', '/api/v1/tables', {
      token: host.token,
      body: { public: true, options: { players: 2 }, seats: [{ kind: 'host' }, { kind: 'open' }] },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.table.id;
    const createdAt = Date.parse(created.body.table.createdAt);
    time.set(createdAt + ttl - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await http(server.url, 'GET', `/api/v1/tables/${id}`)).status).toBe(200);
    time.set(createdAt + ttl);
    for (let i = 0; i < 50; i++) {
      if ((await http(server.url, 'GET', `/api/v1/tables/${id}`)).status === 404) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await http(server.url, 'GET', `/api/v1/tables/${id}`)).status).toBe(404);
  });
});
