/**
 * A scripted player (or spectator) of the online protocol for tests: one WebSocket to
 * `/api/v1/ws` plus the HTTP calls of `ApiClient`.
 *
 * - Every frame received is kept, in order, with its raw text and its parsed message
 *   (`received`); a frame the protocol's schema refuses is kept too, and `waitFor` fails on it.
 * - `waitFor(description, predicate)` resolves with the first frame after a given index that
 *   matches, or fails after a timeout with a message naming what was awaited and the last frames.
 * - For every watched table the client keeps the latest version and game frame (`tableState`),
 *   as a real client would draw the table from them.
 * - `move()` sends a move with an id and the version seen and resolves with the server's answer
 *   (`ack` or `rejected`); `drop()` cuts the socket abruptly and `reconnect()` opens a new one
 *   (to another URL after a restart) and says hello again, keeping the frames so far.
 * - While the server cannot reach its database it answers UNAVAILABLE with `retryMs`: like a
 *   real client, this one then sends the same move (same id and version), hello or watch again
 *   after the pause, doubled with each try (`retryPause`), and counts those answers in
 *   `unavailable`. `move()` resolves only with the final answer.
 */
import { randomUUID } from 'node:crypto';
import type { Move } from '@gangsta/engine';
import {
  type ClientMessage,
  type GameFrame,
  LIMITS,
  PROTOCOL_VERSION,
  parseServerMessage,
  type ServerMessage,
  type ServerMessageOf,
} from '@gangsta/protocol';
import WebSocket from 'ws';
import { FrameKeeper } from './frameKeeper.ts';
import { ApiClient } from './http.ts';

export interface ReceivedFrame {
  /** Position in `received`. */
  index: number;
  /** Which connection of this client received it (0, then 1 after the first reconnect…). */
  connection: number;
  raw: string;
  /** Null when the protocol's schema refused the frame (see `problem`). */
  message: ServerMessage | null;
  problem?: string;
}

export interface TableState {
  version: number;
  frame: GameFrame | null;
  /** An update skipped versions this client has not seen: it must `watch` again with `version`. */
  gap: boolean;
}

export type MoveAnswer = ServerMessageOf<'ack'> | ServerMessageOf<'rejected'>;

/** The longest pause between two tries of something answered UNAVAILABLE. */
export const RETRY_MAX_MS = 8_000;

/** The pause before try `attempt` (0 first) after an UNAVAILABLE with `retryMs`: doubling. */
export function retryPause(retryMs: unknown, attempt: number): number {
  const base = typeof retryMs === 'number' && retryMs > 0 ? retryMs : 1_000;
  return Math.min(RETRY_MAX_MS, base * 2 ** attempt);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function unavailable(message: ServerMessage): message is ServerMessage & {
  type: 'error' | 'rejected';
} {
  return (
    (message.type === 'error' || message.type === 'rejected') &&
    message.error.code === 'UNAVAILABLE'
  );
}

interface Waiter {
  description: string;
  since: number;
  predicate: (message: ServerMessage) => boolean;
  resolve: (frame: ReceivedFrame) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export interface ClientOptions {
  /** A name for failure messages. */
  label?: string;
  /** Default for `waitFor` timeouts. */
  timeoutMs?: number;
  /** Called for every frame as it arrives, before waiters run (e.g. to kill the server at once). */
  onFrame?: (frame: ReceivedFrame) => void;
}

export class TestClient {
  readonly api: ApiClient;
  readonly received: ReceivedFrame[] = [];
  readonly label: string;
  onFrame: ((frame: ReceivedFrame) => void) | undefined;
  /** UNAVAILABLE answers met (each followed by a pause and the same message again). */
  unavailable = 0;
  private socket: WebSocket | null = null;
  private connection = -1;
  private readonly waiters = new Set<Waiter>();
  private readonly tables = new Map<string, TableState>();
  /** Applies live updates' patches (every update then has its whole frame). */
  readonly keeper = new FrameKeeper();
  private readonly timeoutMs: number;
  /** Client side of the protocol's per-connection rate (LIMITS): `move`/`undo` wait for a token. */
  private tokens: number = LIMITS.messagesBurst / 2;
  private tokensAt = Date.now();

  constructor(
    private server: { url: string; wsUrl: string },
    options: ClientOptions = {},
  ) {
    this.api = new ApiClient(server.url);
    this.label = options.label ?? 'client';
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.onFrame = options.onFrame;
  }

  /** Registers a player named `name` over HTTP, connects and says hello with its token. */
  static async player(
    server: { url: string; wsUrl: string },
    name: string,
    options: ClientOptions = {},
  ): Promise<TestClient> {
    const client = new TestClient(server, { label: name, ...options });
    await client.api.register(name);
    await client.connect();
    return client;
  }

  /** A client without an account (a spectator). */
  static async anonymous(
    server: { url: string; wsUrl: string },
    options: ClientOptions = {},
  ): Promise<TestClient> {
    const client = new TestClient(server, { label: 'spectator', ...options });
    await client.connect();
    return client;
  }

  get token(): string | null {
    return this.api.token;
  }

  /**
   * Opens the socket and says hello (with the token, if any); resolves on `welcome`. A hello
   * refused with UNAVAILABLE is said again on the same socket after the pause.
   */
  async connect(): Promise<ServerMessageOf<'welcome'>> {
    await this.open();
    const hello: ClientMessage = { type: 'hello', protocol: PROTOCOL_VERSION };
    if (this.api.token) hello.token = this.api.token;
    for (let attempt = 0; ; attempt++) {
      const since = this.received.length;
      this.send(hello);
      const frame = await this.waitFor(
        'a "welcome" message (or UNAVAILABLE)',
        (m) => m.type === 'welcome' || (unavailable(m) && m.type === 'error' && m.table === null),
        since,
      );
      const message = frame.message!;
      if (message.type === 'welcome') return message;
      this.unavailable++;
      if (unavailable(message)) await pause(retryPause(message.error.params.retryMs, attempt));
    }
  }

  /** Cuts the connection abruptly (no close handshake), as a lost network does. */
  drop(): void {
    this.socket?.terminate();
    this.socket = null;
  }

  /** Closes the connection politely. */
  async close(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close();
    });
  }

  /** Connects again (to `server` if the server moved, e.g. after a restart) and says hello. */
  async reconnect(server?: { url: string; wsUrl: string }): Promise<void> {
    this.drop();
    if (server) {
      this.server = server;
      const token = this.api.token;
      Object.assign(this, { api: new ApiClient(server.url) });
      this.api.token = token;
    }
    await this.connect();
  }

  /** Sends one protocol message. */
  send(message: ClientMessage): void {
    this.sendRaw(JSON.stringify(message));
  }

  /** Sends any text (for malformed-input tests). */
  sendRaw(text: string): void {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      throw new Error(`${this.label}: the socket is not open`);
    }
    this.socket.send(text);
  }

  /** The latest version and game frame of a watched table. */
  tableState(tableId: string): TableState {
    return this.tables.get(tableId) ?? { version: 0, frame: null, gap: false };
  }

  /** Watches a table; resolves with the `sync` or `update` that answers. */
  async watch(
    tableId: string,
    seen?: number,
  ): Promise<ServerMessageOf<'sync'> | ServerMessageOf<'update'>> {
    for (let attempt = 0; ; attempt++) {
      const since = this.received.length;
      this.send(
        seen === undefined
          ? { type: 'watch', table: tableId }
          : { type: 'watch', table: tableId, seen },
      );
      const frame = await this.waitFor(
        `a sync or update of table ${tableId}`,
        (m) =>
          ((m.type === 'sync' || m.type === 'update') && m.table === tableId) ||
          (unavailable(m) && m.type === 'error' && m.table === tableId),
        since,
      );
      const message = frame.message!;
      if (!unavailable(message)) {
        return message as ServerMessageOf<'sync'> | ServerMessageOf<'update'>;
      }
      this.unavailable++;
      await pause(retryPause(message.error.params.retryMs, attempt));
    }
  }

  /** Sends a move (with a fresh id unless given) and resolves with its `ack` or `rejected`. */
  async move(
    tableId: string,
    move: Move,
    options: { id?: string; seen?: number } = {},
  ): Promise<MoveAnswer> {
    const id = options.id ?? randomUUID();
    const seen = options.seen ?? this.tableState(tableId).version;
    return this.untilStored({ type: 'move', table: tableId, id, seen, move });
  }

  /** Asks to take back the last move; resolves with its `ack` or `rejected`. */
  async undo(tableId: string, options: { id?: string; seen?: number } = {}): Promise<MoveAnswer> {
    const id = options.id ?? randomUUID();
    const seen = options.seen ?? this.tableState(tableId).version;
    return this.untilStored({ type: 'undo', table: tableId, id, seen });
  }

  /**
   * Sends a move or undo and resolves with its answer; an UNAVAILABLE refusal (nothing was
   * applied) is followed by the same message, same id and version, after the pause.
   */
  private async untilStored(
    message: Extract<ClientMessage, { type: 'move' | 'undo' }>,
  ): Promise<MoveAnswer> {
    for (let attempt = 0; ; attempt++) {
      await this.rateToken();
      const since = this.received.length;
      this.send(message);
      const answer = await this.answerTo(message.table, message.id, since);
      if (!unavailable(answer)) return answer;
      this.unavailable++;
      await pause(retryPause(answer.error.params.retryMs, attempt));
    }
  }

  /** Resolves once this client's copy of the table has reached `version` (or later). */
  async waitForVersion(tableId: string, version: number, timeoutMs?: number): Promise<TableState> {
    if (this.tableState(tableId).version >= version) return this.tableState(tableId);
    await this.waitFor(
      `table ${tableId} at version ${version} (have ${this.tableState(tableId).version})`,
      () => this.tableState(tableId).version >= version,
      this.received.length,
      timeoutMs,
    );
    return this.tableState(tableId);
  }

  /**
   * The first frame at index ≥ `since` (default: frames from now on) whose message satisfies
   * `predicate`. Fails after the timeout, on an unparseable frame and when the socket closes.
   */
  waitFor(
    description: string,
    predicate: (message: ServerMessage) => boolean,
    since = this.received.length,
    timeoutMs = this.timeoutMs,
  ): Promise<ReceivedFrame> {
    for (let i = since; i < this.received.length; i++) {
      const frame = this.received[i];
      if (!frame.message) return Promise.reject(this.unparsedError(frame, description));
      if (predicate(frame.message)) return Promise.resolve(frame);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        description,
        since,
        predicate,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(
            new Error(
              `${this.label}: timed out after ${timeoutMs} ms waiting for ${description}; ${this.lastFrames()}`,
            ),
          );
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** `waitFor` for one message type, typed. */
  async waitForType<T extends ServerMessage['type']>(
    type: T,
    predicate: (message: ServerMessageOf<T>) => boolean = () => true,
    since = this.received.length,
    timeoutMs?: number,
  ): Promise<ServerMessageOf<T>> {
    const frame = await this.waitFor(
      `a "${type}" message`,
      (m) => m.type === type && predicate(m as ServerMessageOf<T>),
      since,
      timeoutMs,
    );
    return frame.message as ServerMessageOf<T>;
  }

  /**
   * Re-tests every waiter against the latest frame, for predicates that look at more than the
   * message (e.g. a driver that was told to stop).
   */
  poke(): void {
    const last = this.received[this.received.length - 1];
    if (!last?.message) return;
    for (const waiter of [...this.waiters]) {
      if (waiter.predicate(last.message)) {
        this.settle(waiter);
        waiter.resolve(last);
      }
    }
  }

  /** Every parsed message of one type received so far. */
  messagesOf<T extends ServerMessage['type']>(type: T): ServerMessageOf<T>[] {
    return this.received.flatMap((f) =>
      f.message?.type === type ? [f.message as ServerMessageOf<T>] : [],
    );
  }

  /**
   * Waits for a token of the protocol's message rate, as a well-behaved client does (a little
   * below the server's rate, and from half the burst, so the server never has to refuse).
   */
  private async rateToken(): Promise<void> {
    const perMs = (LIMITS.messagesPerSecond * 0.8) / 1000;
    const now = Date.now();
    this.tokens = Math.min(LIMITS.messagesBurst / 2, this.tokens + (now - this.tokensAt) * perMs);
    this.tokensAt = now;
    this.tokens -= 1;
    if (this.tokens < 0) await new Promise((resolve) => setTimeout(resolve, -this.tokens / perMs));
  }

  private answerTo(tableId: string, id: string, since: number): Promise<MoveAnswer> {
    return this.waitFor(
      `the answer to move ${id} on table ${tableId}`,
      (m) => (m.type === 'ack' || m.type === 'rejected') && m.id === id && m.table === tableId,
      since,
    ).then((frame) => frame.message as MoveAnswer);
  }

  private open(): Promise<void> {
    const socket = new WebSocket(this.server.wsUrl);
    this.socket = socket;
    this.connection += 1;
    const connection = this.connection;
    socket.on('message', (data: WebSocket.RawData) => this.receive(String(data), connection));
    socket.on('close', () => {
      if (this.socket === socket) this.failWaiters('the socket closed');
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', (error) =>
        reject(new Error(`${this.label}: cannot connect: ${error.message}`)),
      );
    });
  }

  private receive(raw: string, connection: number): void {
    const parsed = parseServerMessage(raw);
    const problem = parsed.ok ? this.track(parsed.message) : parsed.problem;
    const frame: ReceivedFrame =
      parsed.ok && problem === null
        ? { index: this.received.length, connection, raw, message: parsed.message }
        : { index: this.received.length, connection, raw, message: null, problem: problem ?? '' };
    this.received.push(frame);
    this.onFrame?.(frame);
    for (const waiter of [...this.waiters]) {
      if (frame.index < waiter.since) continue;
      if (!frame.message) {
        this.settle(waiter);
        waiter.reject(this.unparsedError(frame, waiter.description));
      } else if (waiter.predicate(frame.message)) {
        this.settle(waiter);
        waiter.resolve(frame);
      }
    }
  }

  /**
   * Keeps the latest version and frame per table, as a client draws the table from them. A
   * live update's patch is applied by the frame keeper, which sets the update's whole `frame`;
   * a patch that does not apply or a digest that does not match is a problem (the test fails
   * on it, where a real client would resync).
   */
  private track(message: ServerMessage): string | null {
    const problem = this.keeper.take(message);
    if (problem) return problem;
    if (message.type === 'sync') {
      this.tables.set(message.table, {
        version: message.version,
        frame: message.frame,
        gap: false,
      });
    } else if (message.type === 'update') {
      const known = this.tables.get(message.table);
      // An update that starts after what we have leaves a gap: keep the old copy, the caller resyncs.
      if (known && message.from > known.version) {
        known.gap = true;
        return null;
      }
      // An update's view leaves out the card set: it came with the sync (see UpdateFrame).
      const cards = known?.frame?.view.cards;
      if (!known || !cards) {
        this.tables.set(message.table, { version: 0, frame: null, gap: true });
        return null;
      }
      if (message.frame && message.version >= known.version) {
        const frame = { ...message.frame, view: { ...message.frame.view, cards } };
        this.tables.set(message.table, { version: message.version, frame, gap: false });
      }
    }
    return null;
  }

  private settle(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    this.waiters.delete(waiter);
  }

  private failWaiters(why: string): void {
    for (const waiter of [...this.waiters]) {
      this.settle(waiter);
      waiter.reject(
        new Error(
          `${this.label}: ${why} while waiting for ${waiter.description}; ${this.lastFrames()}`,
        ),
      );
    }
  }

  private unparsedError(frame: ReceivedFrame, description: string): Error {
    return new Error(
      `${this.label}: a frame does not match the protocol (${frame.problem}) while waiting for ${description}: ${frame.raw.slice(0, 500)}`,
    );
  }

  private lastFrames(): string {
    const last = this.received.slice(-5).map((f) => f.raw.slice(0, 200));
    return `last frames: ${last.length ? last.join(' | ') : 'none'}`;
  }
}
