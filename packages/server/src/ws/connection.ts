/**
 * One WebSocket connection: reads frames (size, rate, schema), runs them one after another,
 * and answers refusals with `error` or `rejected` frames. The connection stays open after a
 * refusal; only sustained flooding closes it.
 */

import { isUtf8 } from 'node:buffer';
import {
  type ClientMessage,
  LIMITS,
  PROTOCOL_MINOR,
  PROTOCOL_VERSION,
  type ProtocolError,
  parseClientMessage,
  protocolError,
  type ServerMessage,
} from '@gangsta/protocol';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { ResourceLimits } from '../config.ts';
import { hashToken } from '../ids.ts';
import { type LocalPeer, nextPeerId, type PeerPlayer } from '../peer.ts';
import { TokenBucket } from '../rateLimit.ts';
import { asProtocolError, Refusal } from '../refusal.ts';
import type { PlayerRow } from '../store/types.ts';
import type { ClusterLink, TableDoor } from '../tables/context.ts';
import { answerRefusal, type TableMessage } from '../tables/entry.ts';
import { encodeMessage } from '../tables/watchers/encode.ts';
import type { TimeSource } from '../time.ts';
import { TickWrites } from './tickWrites.ts';

/** What a connection uses of the server: it parses, authenticates and hands over. */
export interface ConnectionDeps {
  /** The tables, which judge every message about one. */
  tables: TableDoor;
  /** The other processes: a message for a table another one owns goes to it. */
  cluster: Pick<ClusterLink, 'forward' | 'peerClosed'>;
  limits: Pick<ResourceLimits, 'helloTimeoutMs' | 'syncsPerMinute'>;
  /** For the hello's deadline. */
  time: TimeSource;
  /** The player a hello's token (hashed) stands for. */
  playerOfToken(tokenHash: string): Promise<PlayerRow | undefined>;
}

/**
 * Sustained abuse: refused messages count up, and drain at the allowed rate; past five times
 * the allowed rate the connection is closed (policy violation). A client that merely bursts
 * now and then never gets there.
 */
const FLOOD_CLOSE_AT = 5 * LIMITS.messagesPerSecond;

function sizeOf(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function bytesOf(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? Buffer.from(data) : data;
}

function textOf(data: RawData): string {
  return bytesOf(data).toString('utf8');
}

/**
 * The table and id of a move or undo whose frame the schema refused, when they can be read:
 * such a refusal is sent as `rejected` for that id, so that the sender stops resending it.
 * Reads plain JSON data only (no code of ours walks the refused value).
 */
function refusedMove(text: string): { table: string; id: string } | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const { type, table, id } = data as Record<string, unknown>;
  if (type !== 'move' && type !== 'undo') return null;
  const fits = (value: unknown): value is string =>
    typeof value === 'string' && value.length >= 1 && value.length <= 64;
  return fits(table) && fits(id) ? { table, id } : null;
}

export class Connection implements LocalPeer {
  readonly id = nextPeerId();
  player: PeerPlayer | null = null;
  readonly tables = new Set<string>();
  /** Set by the heartbeat; a connection that misses a pong is dropped. */
  alive = true;
  private greeted = false;
  /** A hello has arrived (it may still be looking the token up). */
  private helloHeard = false;
  private readonly cancelHelloTimer: () => void;
  private readonly syncs: TokenBucket;
  /** The player of the upgrade request's session cookie (a `hello` without a token). */
  fromCookie: () => Promise<PeerPlayer | null> = async () => null;
  private readonly bucket = new TokenBucket(LIMITS.messagesBurst, 1000 / LIMITS.messagesPerSecond);
  private flood = 0;
  private floodAt = Date.now();
  private queue: Promise<void> = Promise.resolve();
  /** The server is shutting down: frames are no longer read (the client sends them again). */
  private restarting = false;
  private readonly writes: TickWrites;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
    private readonly log: Logger,
  ) {
    this.writes = new TickWrites(socket);
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('pong', () => {
      this.alive = true;
    });
    const { helloTimeoutMs, syncsPerMinute } = deps.limits;
    // A socket that never says hello holds a slot of its address for nothing: closed.
    this.cancelHelloTimer = deps.time.setTimer(deps.time.now() + helloTimeoutMs, () => {
      if (this.helloHeard) return;
      this.error(
        null,
        protocolError('UNAUTHENTICATED', `say hello within ${helloTimeoutMs} ms of connecting`, {
          helloTimeoutMs,
        }),
      );
      this.close(1008, 'no hello');
    });
    this.syncs = new TokenBucket(syncsPerMinute, 60_000 / syncsPerMinute);
    socket.on('close', () => {
      this.cancelHelloTimer();
      deps.tables.peerGone(this);
      deps.cluster.peerClosed(this);
    });
  }

  sendText(text: string): void {
    this.writes.send(text);
  }

  takeSync(): number {
    return this.syncs.take();
  }

  send(message: ServerMessage): void {
    this.writes.send(encodeMessage(message));
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

  private badMessage(problem: string): void {
    this.error(null, protocolError('BAD_MESSAGE', problem, { problem }));
  }

  /**
   * Every frame is checked here, before anything else reads it: size, text, UTF-8, then the
   * protocol's schema, which bounds every field (a move included) in size and depth. What a
   * client gets wrong is answered with a typed refusal and never logged as an error.
   */
  private receive(data: RawData, isBinary: boolean): void {
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
    if (isBinary) return this.badMessage('frames are JSON text, not binary');
    const bytes = bytesOf(data);
    // The socket does not check UTF-8 (it would close the connection): checked here instead.
    if (!isUtf8(bytes)) return this.badMessage('the frame is not valid UTF-8');
    const text = bytes.toString('utf8');
    const parsed = parseClientMessage(text);
    if (!parsed.ok) {
      const error = protocolError('BAD_MESSAGE', parsed.problem, { problem: parsed.problem });
      const move = refusedMove(text);
      if (move) return this.send({ type: 'rejected', ...move, error });
      return this.error(null, error);
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

  replay(message: TableMessage): void {
    this.queue = this.queue.then(() => this.handle(message));
  }

  /**
   * A table's message is handled here, or by the process that owns the table (the cluster's
   * relay sends it there and its answers back).
   */
  private async handle(message: ClientMessage): Promise<void> {
    if (message.type === 'hello') {
      return this.hello(message.protocol, message.token).catch((error: unknown) =>
        this.refused(error, message.type),
      );
    }
    if (!this.greeted) {
      return answerRefusal(this, message, new Refusal('BAD_MESSAGE', 'say hello first'), this.log);
    }
    const forwarded = await this.deps.cluster.forward(this, message).catch((error: unknown) => {
      this.log.warn(
        { err: error, type: message.type },
        'a message could not be forwarded; handled here',
      );
      return false;
    });
    if (!forwarded) await this.deps.tables.handle(this, message, this.log);
  }

  private refused(error: unknown, type: string): void {
    if (!(error instanceof Refusal)) this.log.error({ err: error, type }, 'a message failed');
    this.error(null, asProtocolError(error));
  }

  private async hello(protocol: number, token: string | undefined): Promise<void> {
    if (protocol !== PROTOCOL_VERSION) {
      throw new Refusal('PROTOCOL_VERSION', `this server speaks protocol ${PROTOCOL_VERSION}`, {
        protocol: PROTOCOL_VERSION,
      });
    }
    if (this.greeted) throw new Refusal('BAD_MESSAGE', 'hello was already said');
    this.helloHeard = true;
    this.cancelHelloTimer();
    const player = token
      ? await this.deps.playerOfToken(hashToken(token))
      : ((await this.fromCookie()) ?? undefined);
    this.greeted = true;
    this.player = player ?? null;
    if (token && !player)
      this.error(null, protocolError('UNAUTHENTICATED', 'unknown token: you watch as a spectator'));
    this.send({
      type: 'welcome',
      protocol: PROTOCOL_VERSION,
      minor: PROTOCOL_MINOR,
      player: player ? { id: player.id, name: player.name } : null,
    });
  }
}
