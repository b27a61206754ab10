/**
 * A scripted player (or spectator) of the online protocol for tests: the protocol's client
 * (`@gangsta/client`, over the `ws` package's WebSocket) plus the HTTP calls of `ApiClient`.
 * The client speaks the protocol (hello, the move queue with its retries, versions, frame
 * deltas); this file adds what tests need around it:
 *
 * - Every frame received is kept, in order, with its raw text and its parsed message
 *   (`received`); a frame the client could not read (or an update whose patch did not give
 *   back the server's frame) is kept too, and `waitFor` fails on it.
 * - `waitFor(description, predicate)` resolves with the first frame after a given index that
 *   matches, or fails after a timeout with a message naming what was awaited and the last frames.
 * - `tableState` is the client's copy of each table (latest version and game frame, and
 *   whether a gap is being repaired), as a real client draws the table from it.
 * - `move()` queues a move with an id and the version seen and resolves with the server's
 *   final answer (`ack` or `rejected`): a refusal for the moment (UNAVAILABLE, RATE_LIMITED)
 *   is sent again by the client with the same id after the pause, and UNAVAILABLE answers are
 *   counted in `unavailable`. The client does not reconnect by itself here: `drop()` cuts the
 *   socket abruptly and `reconnect()` opens a new one (to another URL after a restart), keeping
 *   the frames so far.
 */
import { randomUUID } from 'node:crypto';
import {
  type ReceivedFrame as ClientFrame,
  GangstaClient,
  type MoveAnswer,
  type SocketLike,
  type TableView,
} from '@gangsta/client';
import type { Move } from '@gangsta/engine';
import {
  type ClientMessage,
  LIMITS,
  type ServerMessage,
  type ServerMessageOf,
} from '@gangsta/protocol';
import WebSocket from 'ws';
import { ApiClient } from './http.ts';

export type { MoveAnswer } from '@gangsta/client';

export interface ReceivedFrame {
  /** Position in `received`. */
  index: number;
  /** Which connection of this client received it (0, then 1 after the first reconnect…). */
  connection: number;
  raw: string;
  /** Null when the frame could not be used (see `problem`). */
  message: ServerMessage | null;
  problem?: string;
}

/** The client's copy of a table: `gap` while an update that skipped versions is repaired. */
export type TableState = TableView;

/** A `ws` socket as the client's socket; its errors are the client's (as a close) alone. */
export function wsSocket(url: string, options: WebSocket.ClientOptions = {}): SocketLike {
  const socket = new WebSocket(url, options);
  // Without a listener, an error after the client let go of the socket would throw.
  socket.on('error', () => {});
  return socket as unknown as SocketLike;
}

function unavailable(message: ServerMessage | null): boolean {
  return (
    (message?.type === 'error' || message?.type === 'rejected') &&
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
  /** The protocol's client this test client drives. */
  readonly client: GangstaClient;
  onFrame: ((frame: ReceivedFrame) => void) | undefined;
  /** UNAVAILABLE answers met (each followed by a pause and the same message again). */
  unavailable = 0;
  private readonly waiters = new Set<Waiter>();
  /** Final answers to this client's moves, by id. */
  private readonly answers = new Map<string, MoveAnswer>();
  /** Tables watched through the client (watched again on every connection). */
  private readonly watching = new Set<string>();
  /** A drop asked for by the test: its waiters are left to their timeouts, as before. */
  private dropping = false;
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
    this.client = new GangstaClient({
      url: () => this.server.wsUrl,
      token: () => this.api.token,
      socket: (url) => wsSocket(url),
      newId: randomUUID,
      reconnect: false,
    });
    this.client.on('frame', (frame) => this.receive(frame));
    this.client.on('answer', (answer) => this.answers.set(answer.id, answer));
    this.client.on('drop', () => {
      if (!this.dropping) this.failWaiters('the socket closed');
    });
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

  /** Live updates whose patch the client applied (tests check that patches were really used). */
  get patched(): number {
    return this.client.patched;
  }

  /**
   * Opens the socket and says hello (with the token, if any); resolves on `welcome`. A hello
   * refused with UNAVAILABLE is said again by the client on the same socket after the pause.
   */
  async connect(): Promise<ServerMessageOf<'welcome'>> {
    const since = this.received.length;
    this.client.connect();
    return this.waitForType('welcome', () => true, since);
  }

  /** Cuts the connection abruptly (no close handshake), as a lost network does. */
  drop(): void {
    this.dropping = true;
    try {
      this.client.networkLost();
    } finally {
      this.dropping = false;
    }
  }

  /** Closes the connection politely (and for good: queued moves and watched tables are forgotten). */
  async close(): Promise<void> {
    this.watching.clear();
    await this.client.close();
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

  /** Sends one protocol message as it is (the client keeps no track of it). */
  send(message: ClientMessage): void {
    this.sendRaw(JSON.stringify(message));
  }

  /** Sends any text (for malformed-input tests). */
  sendRaw(text: string): void {
    if (!this.client.sendRaw(text)) throw new Error(`${this.label}: the socket is not open`);
  }

  /** The latest version and game frame of a table. */
  tableState(tableId: string): TableState {
    return this.client.table(tableId);
  }

  /**
   * Watches a table (from version `seen`, or afresh); resolves with the `sync` or `update`
   * that answers. A watch refused with UNAVAILABLE is sent again by the client after the pause.
   */
  async watch(
    tableId: string,
    seen?: number,
  ): Promise<ServerMessageOf<'sync'> | ServerMessageOf<'update'>> {
    let since = this.received.length;
    if (this.watching.has(tableId)) {
      this.client.rewatch(tableId, seen === undefined ? { fresh: true } : { seen });
    } else {
      this.watching.add(tableId);
      this.client.watch(tableId, undefined, seen === undefined ? {} : { seen });
    }
    for (;;) {
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
      since = frame.index + 1;
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
    await this.rateToken();
    return this.answerTo(tableId, id, () => this.client.sendMove(tableId, move, seen, id));
  }

  /** Asks to take back the last move; resolves with its `ack` or `rejected`. */
  async undo(tableId: string, options: { id?: string; seen?: number } = {}): Promise<MoveAnswer> {
    const id = options.id ?? randomUUID();
    const seen = options.seen ?? this.tableState(tableId).version;
    await this.rateToken();
    return this.answerTo(tableId, id, () => this.client.sendUndo(tableId, seen, id));
  }

  /**
   * Queues a move or undo and resolves with its final answer. Each refusal for the moment
   * starts a new wait (the client sends the same message again after the pause); a move
   * whose wait fails is taken out of the queue, as if never sent again.
   */
  private async answerTo(tableId: string, id: string, send: () => void): Promise<MoveAnswer> {
    this.answers.delete(id);
    let since = this.received.length;
    send();
    try {
      for (;;) {
        const frame = await this.waitFor(
          `the answer to move ${id} on table ${tableId}`,
          (m) => this.answers.has(id) || (m.type === 'rejected' && m.id === id),
          since,
        );
        const answer = this.answers.get(id);
        if (answer) return answer;
        since = frame.index + 1;
      }
    } catch (error) {
      this.client.cancel(id);
      throw error;
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
    for (const frame of this.received.slice(since)) {
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

  /** A frame the client took in (its copies of the tables are up to date with it). */
  private receive(taken: ClientFrame): void {
    const index = this.received.length;
    const { raw, connection } = taken;
    const frame: ReceivedFrame =
      taken.message && !taken.problem
        ? { index, connection, raw, message: taken.message }
        : { index, connection, raw, message: null, problem: taken.problem?.message ?? '' };
    if (unavailable(taken.message)) this.unavailable++;
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
