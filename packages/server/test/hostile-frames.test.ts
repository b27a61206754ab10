/**
 * Hostile frames at a real server (a child process, production limits on): generated with
 * fast-check from a grammar of what an attacker sends — nesting thousands of levels deep,
 * huge arrays and strings, wrong types, unknown message types, prototype-pollution keys,
 * valid-looking moves with junk, invalid UTF-8, binary frames, text that is not JSON — each in
 * the places of real messages (a move with an id the server already acknowledged included).
 * Every one must get a typed refusal (BAD_MESSAGE, or TOO_LARGE beyond the frame limit) on a
 * connection that stays open, and none may make the server log at error level: a client's
 * mistakes are not the server's failures, and any client could otherwise fill the error log.
 */
import type { Move } from '@gangsta/engine';
import {
  clientMessageSchema,
  LIMITS,
  PROTOCOL_VERSION,
  parseServerMessage,
  type ServerMessage,
} from '@gangsta/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { at } from './support/lists.ts';
import { type SpawnedServer, spawnServer, stopAllServers } from './support/spawnServer.ts';
import { closeTable, type ReadyTable, setUpTable } from './support/tables.ts';

/** The id of a move the server has acknowledged (the reported bug resent it with a deep move). */
const ACKED = 'acked-move';

/** Frames sent per connection before a fresh one: below the burst of the message rate. */
const FRAMES_PER_CONNECTION = LIMITS.messagesBurst - 10;

let server: SpawnedServer;
let table: ReadyTable;
let acked: Move;
let ackedVersion: number;
let token: string;

beforeAll(async () => {
  server = await spawnServer();
  table = await setUpTable(server, {
    seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }],
    label: 'hostile',
  });
  const host = table.host;
  await host.waitFor(
    'a decision of the host',
    () => (host.tableState(table.id).frame?.legal.length ?? 0) > 0,
    0,
  );
  acked = at(host.tableState(table.id).frame!.legal, 0, 'legal move');
  const answer = await host.move(table.id, acked, { id: ACKED });
  if (answer.type !== 'ack') throw new Error(`the first move was refused: ${answer.error.code}`);
  ackedVersion = answer.version;
  token = host.token!;
}, 90_000);

afterAll(async () => {
  if (table) await closeTable(table);
  await stopAllServers();
});

/** One WebSocket that sends raw frames and reads the answer to each, in order. */
class RawPeer {
  private readonly frames: ServerMessage[] = [];
  private wake: (() => void) | null = null;
  closed: number | null = null;
  sent = 0;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const parsed = parseServerMessage(String(data));
      if (!parsed.ok)
        throw new Error(`the server sent a frame that does not parse: ${parsed.problem}`);
      this.frames.push(parsed.message);
      this.wake?.();
    });
    socket.on('close', (code) => {
      this.closed = code;
      this.wake?.();
    });
  }

  /** Connects and says hello as the seated player (as in the report). */
  static async open(url: string, helloToken: string): Promise<RawPeer> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const peer = new RawPeer(socket);
    const welcome = await peer.send(
      JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token: helloToken }),
    );
    if (welcome.type !== 'welcome') throw new Error(`hello answered ${JSON.stringify(welcome)}`);
    return peer;
  }

  /** Sends one frame and resolves with the next frame the server sends. */
  async send(data: string | Buffer, binary = false, timeoutMs = 15_000): Promise<ServerMessage> {
    const before = this.frames.length;
    this.sent++;
    this.socket.send(data, { binary });
    const deadline = Date.now() + timeoutMs;
    while (this.frames.length === before) {
      if (this.closed !== null) throw new Error(`the server closed the socket (${this.closed})`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    return at(this.frames, before, 'frame');
  }

  close(): Promise<void> {
    if (this.closed !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

/** The server's log lines (pino JSON) at error level or above. */
function errorLines(): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => {
      if (!line.startsWith('{')) return false;
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 50;
      } catch {
        return false;
      }
    });
}

// --- the grammar -----------------------------------------------------------------------------

interface HostileFrame {
  what: string;
  data: string | Buffer;
  binary: boolean;
}

const J = JSON.stringify;

/** Values that nest deeply: arrays (2 bytes a level) or objects (6 bytes a level). */
const deepValue = fc.oneof(
  fc.integer({ min: 1_000, max: 31_000 }).map((n) => ({
    what: `an array nested ${n} deep`,
    json: '['.repeat(n) + ']'.repeat(n),
  })),
  fc.integer({ min: 1_000, max: 10_500 }).map((n) => ({
    what: `an object nested ${n} deep`,
    json: `${'{"a":'.repeat(n)}0${'}'.repeat(n)}`,
  })),
);

const hugeValue = fc.oneof(
  fc.integer({ min: 4, max: 40_000 }).map((n) => ({
    what: `an array of ${n} numbers`,
    json: `[${'7,'.repeat(n - 1)}7]`,
  })),
  // Longer than any string field allows (the longest, a chat line, has 300 characters).
  fc.integer({ min: LIMITS.chatMax + 1, max: 70_000 }).map((n) => ({
    what: `a string of ${n} characters`,
    json: J('x'.repeat(n)),
  })),
);

/** Values of a type no field of any message takes (no string: some fields take any string). */
const wrongType = fc
  .constantFrom('true', 'false', 'null', '-1', '1.5', '1e400', '{}', '[]', '[1]', '[null]')
  .map((json) => ({ what: `the value ${json}`, json }));

const hostileValue = fc.oneof(deepValue, hugeValue, wrongType);

/** Messages with one field replaced by `v` (JSON); invalid for every hostile `v` but a few small ones. */
function slots(tableId: string): ((v: string) => string)[] {
  return [
    (v) => `{"type":"move","table":${J(tableId)},"id":${J(ACKED)},"seen":1,"move":${v}}`,
    (v) =>
      `{"type":"move","table":${J(tableId)},"id":${J(ACKED)},"seen":1,"move":{"type":"keepResources","seat":0,"cards":${v}}}`,
    (v) => `{"type":"move","table":${J(tableId)},"id":${v},"seen":1,"move":${J(acked)}}`,
    (v) => `{"type":"watch","table":${v}}`,
    (v) => `{"type":"chat","table":${J(tableId)},"text":${v}}`,
    (v) => `{"type":"hello","protocol":${PROTOCOL_VERSION},"token":${v}}`,
    (v) => `{"type":"undo","table":${J(tableId)},"id":"u","seen":${v}}`,
    (v) => v,
  ];
}

const KNOWN_TYPES = ['hello', 'watch', 'unwatch', 'move', 'undo', 'chat', 'resume'];

function hostileFrames(tableId: string): fc.Arbitrary<HostileFrame> {
  const text = (what: string, data: string): HostileFrame => ({ what, data, binary: false });
  const placed = fc
    .tuple(fc.integer({ min: 0, max: slots(tableId).length - 1 }), hostileValue)
    .map(([slot, value]) =>
      text(`${value.what} in slot ${slot}`, at(slots(tableId), slot, 'slot')(value.json)),
    )
    // A small value can make a well-formed message after all (`[]` is a valid list of cards to
    // keep): that is no hostile frame, and the server rightly judges it as a move.
    .filter((frame) => !isWellFormed(frame.data));
  const unknownType = fc
    .string({ maxLength: 30 })
    .filter((type) => !KNOWN_TYPES.includes(type))
    .map((type) => text(`the unknown type ${J(type)}`, J({ type, table: tableId })));
  const pollution = fc
    .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.constantFrom('top', 'move'))
    .map(([key, where]) => {
      const junk = `{"polluted":true,"prototype":{"polluted":true}}`;
      return where === 'top'
        ? text(`${key} at the top`, `{"type":"watch","table":${J(tableId)},${J(key)}:${junk}}`)
        : text(
            `${key} in a move`,
            `{"type":"move","table":${J(tableId)},"id":"p","seen":1,"move":{"type":"pass","seat":0,${J(key)}:${junk}}}`,
          );
    });
  // The acknowledged legal move with a field added, or one of its fields given a value that no
  // field of any move takes (a seat is 0–3, a card id 1–40 characters, an amount an integer).
  const junkMove = fc
    .tuple(
      fc.boolean(),
      fc.string({ minLength: 1, maxLength: 20 }).filter((key) => !(key in acked)),
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(...Object.keys(acked)),
      fc.constantFrom<unknown>(null, true, 2.5, -7.25, {}, [[]], 'x'.repeat(41)),
      fc.constantFrom(ACKED, 'fresh-id'),
    )
    .map(([add, key, extra, field, wrong, id]) => {
      const move = add ? { ...acked, [key]: extra } : { ...acked, [field]: wrong };
      const what = add ? `a legal move with the extra field ${J(key)}` : `${field} as ${J(wrong)}`;
      return text(what, J({ type: 'move', table: tableId, id, seen: 1, move }));
    });
  const invalidUtf8 = fc
    .tuple(
      fc.constantFrom(
        [0xff],
        [0xc0, 0xaf],
        [0xed, 0xa0, 0x80],
        [0xe2, 0x82],
        [0xf8, 0x88, 0x80, 0x80, 0x80],
        [0x80],
      ),
      fc.constantFrom('table', 'text'),
    )
    .map(([bytes, field]) => ({
      what: `invalid UTF-8 ${J(bytes)} in ${field}`,
      data: Buffer.concat([
        Buffer.from(
          field === 'table'
            ? '{"type":"watch","table":"'
            : `{"type":"chat","table":${J(tableId)},"text":"`,
        ),
        Buffer.from(bytes),
        Buffer.from('"}'),
      ]),
      binary: false,
    }));
  const binary = fc
    .oneof(
      fc.uint8Array({ minLength: 1, maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(Buffer.from(J({ type: 'watch', table: tableId }))),
    )
    .map((data) => ({ what: `a binary frame of ${data.length} bytes`, data, binary: true }));
  const notJson = fc
    .string({ maxLength: 200 })
    .filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    })
    .map((s) => text('text that is not JSON', s));
  return fc.oneof(placed, unknownType, pollution, junkMove, invalidUtf8, binary, notJson);
}

function isWellFormed(data: string | Buffer): boolean {
  if (typeof data !== 'string' || data.length > 1_000) return false;
  try {
    return clientMessageSchema.safeParse(JSON.parse(data)).success;
  } catch {
    return false;
  }
}

/** What a hostile frame must be answered with. */
function expectedCode(frame: HostileFrame): string {
  const size = typeof frame.data === 'string' ? Buffer.byteLength(frame.data) : frame.data.length;
  return size > LIMITS.maxFrameBytes ? 'TOO_LARGE' : 'BAD_MESSAGE';
}

function refusalOf(answer: ServerMessage): string | null {
  if (answer.type === 'error' || answer.type === 'rejected') return answer.error.code;
  return null;
}

describe('hostile frames', () => {
  it('refuses the reported frame (a move 20,000 levels deep with an acknowledged id) with BAD_MESSAGE', async () => {
    const peer = await RawPeer.open(server.wsUrl, token);
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const frame = `{"type":"move","table":${J(table.id)},"id":${J(ACKED)},"seen":1,"move":{"type":"keepResources","seat":0,"cards":${deep}}}`;
    expect(Buffer.byteLength(frame)).toBeLessThan(LIMITS.maxFrameBytes);
    const answer = await peer.send(frame);
    // Refused by the move's id, so its sender stops resending it.
    expect(answer).toMatchObject({
      type: 'rejected',
      table: table.id,
      id: ACKED,
      error: { code: 'BAD_MESSAGE' },
    });
    // The acknowledged move is still acknowledged as before.
    const again = await peer.send(
      J({ type: 'move', table: table.id, id: ACKED, seen: 0, move: acked }),
    );
    expect(again).toMatchObject({ type: 'ack', id: ACKED, version: ackedVersion });
    await peer.close();
    expect(errorLines()).toEqual([]);
  });

  it('answers every generated hostile frame with a typed refusal and logs no error', async () => {
    let peer = await RawPeer.open(server.wsUrl, token);
    let count = 0;
    await fc.assert(
      fc.asyncProperty(hostileFrames(table.id), async (frame) => {
        if (peer.sent >= FRAMES_PER_CONNECTION) {
          await peer.close();
          peer = await RawPeer.open(server.wsUrl, token);
        }
        const answer = await peer.send(frame.data, frame.binary);
        count++;
        const code = refusalOf(answer);
        if (code !== expectedCode(frame)) {
          throw new Error(
            `${frame.what} was answered ${JSON.stringify(answer).slice(0, 300)}, not ${expectedCode(frame)}`,
          );
        }
        expect(peer.closed).toBeNull();
      }),
      { numRuns: 300 },
    );
    await peer.close();
    expect(count).toBeGreaterThanOrEqual(300);
    expect(errorLines()).toEqual([]);
    // The game goes on for the player who sent all that.
    const host = table.host;
    await host.waitFor(
      'a decision of the host',
      () => (host.tableState(table.id).frame?.legal.length ?? 0) > 0,
      0,
    );
    const next = await host.move(
      table.id,
      at(host.tableState(table.id).frame!.legal, 0, 'legal move'),
    );
    expect(next.type).toBe('ack');
  }, 180_000);

  it('closes a frame beyond the hard limit with 1009 and logs it as a warning, not an error', async () => {
    const peer = await RawPeer.open(server.wsUrl, token);
    const huge = J({ type: 'chat', table: table.id, text: 'x'.repeat(17 * LIMITS.maxFrameBytes) });
    await expect(peer.send(huge, false, 15_000)).rejects.toThrow(/closed the socket \(1009\)/);
    expect(errorLines()).toEqual([]);
    const warned = () => server.output().includes('a client sent a bad WebSocket frame');
    for (let i = 0; !warned() && i < 100; i++) await new Promise((r) => setTimeout(r, 50));
    expect(warned()).toBe(true);
  });
});
