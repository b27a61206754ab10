/**
 * Frames sent to one socket in one tick leave in one write (src/ws/tickWrites.ts). This also
 * pins the `ws` internal the batching relies on: if an upgrade of `ws` moves its TCP socket
 * out of `_socket`, the first test fails instead of the batching silently stopping.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { rawSocketOf, TickWrites } from '../src/ws/tickWrites.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A loopback server and one client; returns the server's side of the connection. */
async function connectedPair(): Promise<{ server: WebSocket; received: string[] }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  const received: string[] = [];
  client.on('message', (data) => received.push(String(data)));
  await new Promise<void>((resolve, reject) => {
    client.once('open', () => resolve());
    client.once('error', reject);
  });
  const server = await accepted;
  closers.push(async () => {
    client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
  return { server, received };
}

/** Counts the writes the TCP socket hands to the kernel (one `_writev` or `_write` each). */
function countWrites(server: WebSocket): { writes: number } {
  const raw = rawSocketOf(server);
  if (!raw) throw new Error('ws no longer exposes its TCP socket as _socket');
  const counter = { writes: 0 };
  const socket = raw as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  for (const method of ['_write', '_writev'] as const) {
    const original = socket[method].bind(raw);
    socket[method] = (...args: unknown[]) => {
      counter.writes++;
      return original(...args);
    };
  }
  return counter;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

describe('frames sent in one tick', () => {
  it('ws keeps its TCP socket where the batching looks for it', async () => {
    const { server } = await connectedPair();
    expect(rawSocketOf(server)).toBeDefined();
  });

  it('leave in one write, in order', async () => {
    const { server, received } = await connectedPair();
    const counter = countWrites(server);
    const writes = new TickWrites(server);
    writes.send('{"type":"ack","n":1}');
    writes.send('{"type":"update","n":2}');
    writes.send('{"type":"update","n":3}');
    await until(() => received.length === 3);
    expect(received.map((text) => JSON.parse(text).n)).toEqual([1, 2, 3]);
    expect(counter.writes).toBe(1);
  });

  it('frames of different ticks each leave at the end of their tick', async () => {
    const { server, received } = await connectedPair();
    const counter = countWrites(server);
    const writes = new TickWrites(server);
    writes.send('"first"');
    await new Promise((resolve) => setImmediate(resolve));
    writes.send('"second"');
    await until(() => received.length === 2);
    expect(received).toEqual(['"first"', '"second"']);
    expect(counter.writes).toBe(2);
  });

  it('a closed socket is not written to', async () => {
    const { server } = await connectedPair();
    server.terminate();
    expect(() => new TickWrites(server).send('"late"')).not.toThrow();
  });
});
