/**
 * A frame far beyond the frame limit (1 MB) is refused by the socket layer from its header:
 * the server closes the socket with 1009 before the frame's payload has arrived, so nothing of
 * it is buffered or parsed, and a game played meanwhile on another socket goes on. A flood of
 * such frames, each buffered whole, once stalled every game of the process for seconds.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { LIMITS } from '@gangsta/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARD_FRAME_LIMIT } from '../src/app.ts';
import {
  newPlayer,
  playUntil,
  startTestServer,
  type TestServer,
  twoPlayerGame,
} from './harness.ts';

const MEGABYTE = 1_000_000;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.cleanup();
});

/** A raw TCP connection upgraded to a WebSocket; `received` collects what the server sends. */
async function rawSocket(
  base: string,
  token: string,
): Promise<{ tcp: Socket; received: Buffer[] }> {
  const { hostname, port } = new URL(base);
  const tcp = connect(Number(port), hostname);
  const received: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.once('connect', () => {
      tcp.write(
        [
          'GET /api/v1/ws HTTP/1.1',
          `Host: ${hostname}:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
          'Sec-WebSocket-Version: 13',
          `Authorization: Bearer ${token}`,
          '',
          '',
        ].join('\r\n'),
      );
    });
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      tcp.off('data', onData);
      if (!head.startsWith('HTTP/1.1 101'))
        reject(new Error(`no upgrade: ${head.split('\r\n')[0]}`));
      const rest = Buffer.from(head.slice(end + 4), 'latin1');
      if (rest.length > 0) received.push(rest);
      tcp.on('data', (more: Buffer) => received.push(more));
      resolve();
    };
    tcp.on('data', onData);
  });
  return { tcp, received };
}

/** A masked client text frame's header announcing `length` bytes, and its mask. */
function frameHeader(length: number): { header: Buffer; mask: Buffer } {
  const mask = randomBytes(4);
  const header = Buffer.alloc(14);
  header[0] = 0x81; // FIN, text
  header[1] = 0x80 | 127; // masked, 64-bit length
  header.writeBigUInt64BE(BigInt(length), 2);
  mask.copy(header, 10);
  return { header, mask };
}

function masked(payload: Buffer, mask: Buffer): Buffer {
  return Buffer.from(payload.map((byte, i) => byte ^ mask.readUInt8(i % 4)));
}

/** The close code of the first close frame the server sent (server frames are unmasked). */
function closeCodeOf(received: Buffer[]): number | null {
  const bytes = Buffer.concat(received);
  for (let at = 0; at + 2 <= bytes.length; ) {
    const opcode = bytes.readUInt8(at) & 0x0f;
    const length = bytes.readUInt8(at + 1) & 0x7f;
    if (length > 125) return null;
    if (opcode === 0x8) return length >= 2 ? bytes.readUInt16BE(at + 2) : 1005;
    at += 2 + length;
  }
  return null;
}

async function until(what: string, test: () => boolean): Promise<void> {
  for (let i = 0; !test(); i++) {
    if (i > 400) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('an oversized frame', () => {
  it('is far beyond the hard limit, which is above the frame limit', () => {
    expect(HARD_FRAME_LIMIT).toBeGreaterThan(LIMITS.maxFrameBytes);
    expect(MEGABYTE).toBeGreaterThan(HARD_FRAME_LIMIT);
  });

  it('closes its socket with 1009 from the header, and a game on another socket goes on', async () => {
    const game = await twoPlayerGame(server.url);
    // Some moves before: the game is under way.
    let moves = 0;
    await playUntil(game.seats, () => ++moves >= 3);

    const flooder = await newPlayer(server.url, 'Flooder');
    const { tcp, received } = await rawSocket(server.url, flooder.token);
    const closed = new Promise<void>((resolve) => tcp.once('close', () => resolve()));
    const { header, mask } = frameHeader(MEGABYTE);
    // The header and the first 4 KB of the 1 MB payload; the rest is never sent.
    const start = Buffer.from(`{"type":"chat","table":"${game.table}","text":"${'x'.repeat(4096)}`);
    tcp.write(Buffer.concat([header, masked(start, mask)]));
    await until('the close frame', () => closeCodeOf(received) !== null);
    // 1009 "message too big", decided before the frame's 1 MB were there to be buffered.
    expect(closeCodeOf(received)).toBe(1009);
    tcp.end();
    await closed;

    // The paced game on the other sockets is unaffected: every move acknowledged in turn,
    // every seat told of it.
    const before = game.seats[0].version;
    let after = 0;
    await playUntil(game.seats, () => ++after >= 5);
    for (const seat of game.seats) expect(seat.version).toBe(before + 5);
    for (const seat of game.seats) await seat.client.close();
  });
});
