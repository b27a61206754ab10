/**
 * The full-frame mode for simple clients (protocol 2.1): a `watch` with `patches: false` gets
 * live updates that carry the whole frame (without the card set) instead of a JSON Patch, so a
 * client in another language needs no JSON Patch library. Two raw sockets of the same seated
 * player watch one table, one in each mode, while the player plays against the easy bot: every
 * live update of the first has a `frame` and no `patch`, and after every version its frame is
 * exactly the frame the second one builds by applying the patches. The welcome says the minor.
 */
import type { Move } from '@gangsta/engine';
import {
  nextFrame,
  PROTOCOL_MINOR,
  PROTOCOL_VERSION,
  parseServerMessage,
  type ServerMessage,
  type UpdateFrame,
  withoutCards,
} from '@gangsta/protocol';
import stableStringify from 'fast-json-stable-stringify';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ApiClient } from './support/http.ts';
import { spawnServer, stopAllServers } from './support/spawnServer.ts';

afterAll(async () => {
  await stopAllServers();
});

/** A socket whose frames are read in order. */
class Reader {
  readonly frames: ServerMessage[] = [];
  private read = 0;
  private wake: (() => void) | null = null;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const parsed = parseServerMessage(String(data));
      if (!parsed.ok) throw new Error(`a frame that does not parse: ${parsed.problem}`);
      this.frames.push(parsed.message);
      this.wake?.();
    });
  }

  static async open(url: string): Promise<Reader> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new Reader(socket);
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  /** The next frame not read yet. */
  async next(timeoutMs = 30_000): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.read === this.frames.length) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no frame within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    return this.frames[this.read++] as ServerMessage;
  }
}

describe('watch with patches: false', () => {
  it('sends whole frames, the same as the patched ones, version by version', async () => {
    const server = await spawnServer();
    const api = new ApiClient(server.url);
    const { token } = await api.register('Whole');
    const { table } = await api.createTable({
      public: false,
      options: { players: 2 },
      seats: [{ kind: 'host' }, { kind: 'bot', level: 'easy' }],
    });
    const whole = await Reader.open(server.wsUrl);
    const patched = await Reader.open(server.wsUrl);
    for (const reader of [whole, patched]) {
      reader.send({ type: 'hello', protocol: PROTOCOL_VERSION, token });
      const welcome = await reader.next();
      expect(welcome).toMatchObject({ type: 'welcome', protocol: PROTOCOL_VERSION });
      expect(welcome.type === 'welcome' && welcome.minor).toBe(PROTOCOL_MINOR);
    }
    whole.send({ type: 'watch', table: table.id, patches: false });
    patched.send({ type: 'watch', table: table.id });
    await api.startTable(table.id);

    // The player plays from the whole frames alone: a move whenever the latest frame asks.
    let latest: { version: number; frame: UpdateFrame | null } = { version: -1, frame: null };
    let movedAt = -1;
    let moveId = 0;
    while (whole.frames.filter((m) => m.type === 'update').length < 30) {
      const message = await whole.next(60_000);
      if (message.type === 'sync') {
        latest = { version: message.version, frame: message.frame && withoutCards(message.frame) };
      } else if (message.type === 'update') {
        expect(message.patch).toBeUndefined();
        expect(message.digest).toBeUndefined();
        expect(message.frame?.view).not.toHaveProperty('cards');
        latest = { version: message.version, frame: message.frame ?? null };
      } else continue;
      const frame = latest.frame;
      if (frame?.over) break;
      const legal = (frame?.legal ?? []) as Move[];
      if (legal.length === 0 || latest.version <= movedAt) continue;
      movedAt = latest.version;
      whole.send({
        type: 'move',
        table: table.id,
        id: `m${++moveId}`,
        seen: latest.version,
        move: legal[moveId % legal.length],
      });
    }
    // Let the patched reader catch up with the last version the whole one saw.
    const deadline = Date.now() + 30_000;
    while (
      !patched.frames.some(
        (m) => 'version' in m && m.type !== 'ack' && m.version >= latest.version,
      ) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    /** A reader's frames by version, the patched ones rebuilt from their patches. */
    const framesOf = (reader: Reader) => {
      const byVersion = new Map<number, string>();
      let frame: UpdateFrame | null = null;
      for (const message of reader.frames) {
        if (message.type === 'sync') frame = message.frame && withoutCards(message.frame);
        else if (message.type === 'update') {
          const next = nextFrame(frame, message);
          if (!next.ok) throw new Error(next.problem);
          frame = next.frame;
        } else continue;
        if (frame) byVersion.set(message.version, stableStringify(frame));
      }
      return byVersion;
    };
    const wholeFrames = framesOf(whole);
    const patchedFrames = framesOf(patched);
    expect(whole.frames.filter((m) => m.type === 'update').length).toBeGreaterThanOrEqual(10);
    expect(moveId).toBeGreaterThanOrEqual(3);
    // Every version both readers reached: the same frame.
    let compared = 0;
    for (const [at, text] of wholeFrames) {
      if (!patchedFrames.has(at)) continue;
      expect(text, `version ${at}`).toBe(patchedFrames.get(at));
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(10);
    // The patched reader did get patches: the two modes differ on the wire.
    expect(patched.frames.some((m) => m.type === 'update' && m.patch !== undefined)).toBe(true);
    whole.socket.close();
    patched.socket.close();
  });
});
