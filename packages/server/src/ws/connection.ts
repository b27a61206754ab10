/**
 * One WebSocket connection: reads frames (size, rate, schema), runs them one after another,
 * and answers refusals with `error` or `rejected` frames. The connection stays open after a
 * refusal; only sustained flooding closes it.
 */
import {
  type ClientMessage,
  LIMITS,
  PROTOCOL_VERSION,
  type ProtocolError,
  parseClientMessage,
  protocolError,
  type ServerMessage,
} from '@gangsta/protocol';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { hashToken } from '../ids.ts';
import type { Peer } from '../peer.ts';
import { TokenBucket } from '../rateLimit.ts';
import { asProtocolError, Refusal } from '../refusal.ts';
import type { PlayerRow } from '../store/types.ts';
import { chat } from '../tables/chat.ts';
import type { TableContext } from '../tables/context.ts';
import { tableOf } from '../tables/lifecycle.ts';
import { moveSubmission, submit, undoSubmission } from '../tables/play.ts';
import { catchUpTo } from '../tables/stored.ts';
import { resume, resumeSeat } from '../tables/takeover.ts';
import { peerGone, unwatch, watch } from '../tables/watch.ts';
import { encodeMessage } from './encode.ts';

/**
 * Sustained abuse: refused messages count up, and drain at the allowed rate; past five times
 * the allowed rate the connection is closed (policy violation). A client that merely bursts
 * now and then never gets there.
 */
const FLOOD_CLOSE_AT = 5 * LIMITS.messagesPerSecond;

let nextPeerId = 1;

function sizeOf(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}

export class Connection implements Peer {
  readonly id = nextPeerId++;
  player: PlayerRow | null = null;
  readonly tables = new Set<string>();
  /** Set by the heartbeat; a connection that misses a pong is dropped. */
  alive = true;
  private greeted = false;
  /** The player of the upgrade request's session cookie (a `hello` without a token). */
  fromCookie: () => Promise<PlayerRow | null> = async () => null;
  private readonly bucket = new TokenBucket(LIMITS.messagesBurst, 1000 / LIMITS.messagesPerSecond);
  private flood = 0;
  private floodAt = Date.now();
  private queue: Promise<void> = Promise.resolve();
  /** The server is shutting down: frames are no longer read (the client sends them again). */
  private restarting = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly ctx: TableContext,
    private readonly log: Logger,
  ) {
    socket.on('message', (data) => this.receive(data));
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('close', () => peerGone(ctx, this));
  }

  send(message: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(encodeMessage(message));
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  terminate(): void {
    this.socket.terminate();
  }

  ping(): void {
    this.alive = false;
    this.socket.ping();
  }

  private error(table: string | null, error: ProtocolError): void {
    this.send({ type: 'error', table, error });
  }

  announceRestart(retryMs: number): void {
    this.restarting = true;
    this.send({ type: 'closing', reason: 'restart', retryMs });
  }

  private receive(data: RawData): void {
    if (this.restarting) return;
    const retryMs = this.bucket.take();
    if (retryMs > 0) return this.flooded(retryMs, data);
    if (sizeOf(data) > LIMITS.maxFrameBytes) {
      return this.error(
        null,
        protocolError('TOO_LARGE', `frames are at most ${LIMITS.maxFrameBytes} bytes`, {
          max: LIMITS.maxFrameBytes,
        }),
      );
    }
    const parsed = parseClientMessage(textOf(data));
    if (!parsed.ok) {
      return this.error(
        null,
        protocolError('BAD_MESSAGE', parsed.problem, { problem: parsed.problem }),
      );
    }
    // One message at a time, in the order sent: a watch finishes before the move after it.
    this.queue = this.queue.then(() => this.handle(parsed.message));
  }

  private flooded(retryMs: number, data: RawData): void {
    const now = Date.now();
    const drained = ((now - this.floodAt) * LIMITS.messagesPerSecond) / 1000;
    this.flood = Math.max(0, this.flood - drained) + 1;
    this.floodAt = now;
    if (this.flood > FLOOD_CLOSE_AT) {
      this.log.warn({ peer: this.id }, 'closing a flooding connection');
      return this.close(1008, 'too many messages');
    }
    const error = protocolError('RATE_LIMITED', 'too many messages; slow down', { retryMs });
    // A move or undo is refused by its id, so its sender knows to send it again after retryMs
    // (nothing was applied); anything else gets a plain error frame.
    const parsed = sizeOf(data) <= LIMITS.maxFrameBytes ? parseClientMessage(textOf(data)) : null;
    const message = parsed?.ok ? parsed.message : null;
    if (message && (message.type === 'move' || message.type === 'undo')) {
      return this.send({ type: 'rejected', table: message.table, id: message.id, error });
    }
    this.error(null, error);
  }

  private async handle(message: ClientMessage): Promise<void> {
    try {
      await this.dispatch(message);
    } catch (error) {
      if (!(error instanceof Refusal))
        this.log.error({ err: error, type: message.type }, 'a message failed');
      const answer = asProtocolError(error);
      const table = 'table' in message ? message.table : null;
      if ((message.type === 'move' || message.type === 'undo') && table !== null) {
        this.send({ type: 'rejected', table, id: message.id, error: answer });
      } else {
        this.error(table, answer);
      }
    }
  }

  private async dispatch(message: ClientMessage): Promise<void> {
    if (message.type === 'hello') return this.hello(message.protocol, message.token);
    if (!this.greeted) throw new Refusal('BAD_MESSAGE', 'say hello first');
    switch (message.type) {
      case 'watch':
        return watch(this.ctx, this, message.table, message.seen);
      case 'unwatch':
        return unwatch(this.ctx, this, message.table);
      case 'move': {
        const room = await tableOf(this.ctx, message.table);
        await catchUpTo(this.ctx, room, message.seen);
        const sub = moveSubmission(room, this, message);
        // A move of their own is a player's way of taking their seat back from the bot.
        await resumeSeat(this.ctx, room, sub.seat);
        return submit(this.ctx, sub);
      }
      case 'undo': {
        const room = await tableOf(this.ctx, message.table);
        await catchUpTo(this.ctx, room, message.seen);
        return submit(this.ctx, undoSubmission(room, this, message));
      }
      case 'chat':
        return chat(this.ctx, this, message.table, message.text);
      case 'resume':
        return resume(this.ctx, await tableOf(this.ctx, message.table), this.player);
    }
  }

  private async hello(protocol: number, token: string | undefined): Promise<void> {
    if (protocol !== PROTOCOL_VERSION) {
      throw new Refusal('PROTOCOL_VERSION', `this server speaks protocol ${PROTOCOL_VERSION}`, {
        protocol: PROTOCOL_VERSION,
      });
    }
    if (this.greeted) throw new Refusal('BAD_MESSAGE', 'hello was already said');
    const player = token
      ? await this.ctx.store.findPlayerByTokenHash(hashToken(token))
      : ((await this.fromCookie()) ?? undefined);
    this.greeted = true;
    this.player = player ?? null;
    if (token && !player)
      this.error(null, protocolError('UNAUTHENTICATED', 'unknown token: you watch as a spectator'));
    this.send({
      type: 'welcome',
      protocol: PROTOCOL_VERSION,
      player: player ? { id: player.id, name: player.name } : null,
    });
  }
}
