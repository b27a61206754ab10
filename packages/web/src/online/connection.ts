/**
 * The tab's one WebSocket to the server (`/api/v1/ws`), kept alive by itself.
 *
 * - Says `hello` with the player's token on every (re)connection; the state is `online` once
 *   the server's `welcome` arrives.
 * - Reconnects after a drop with exponential backoff and jitter (0.5 s doubling to 10 s), and
 *   then `watch`es every table again with the version its handler has, so the server sends
 *   what was missed (an `update`) or a fresh `sync`.
 * - Moves (and undos) go through a queue: each has an id of its own and is kept until the
 *   server's `ack` or `rejected`; it is resent with the same id after `LIMITS.resendAfterMs`
 *   without an answer and after every reconnection. The server answers a repeated id with its
 *   first answer, so a move is never lost and never applied twice.
 * - An `update` whose `from` is not the handler's version (a gap) is not applied: the table
 *   is watched again with the version it has.
 * - While the server cannot reach its database it answers UNAVAILABLE with `retryMs`
 *   (nothing was applied): a move stays queued and is sent again with the same id after the
 *   pause, doubled with each refusal in a row (`storeRetryDelay`); a refused `hello` is said
 *   again on the same socket after such a pause, and a table whose watch may have been
 *   refused is watched again.
 * - Every frame is parsed with the protocol's schema; a bad one is logged and dropped.
 *
 * The socket, the timers and the randomness are injected, so the tests drive it by hand.
 */
import type { Move } from '@gangsta/engine';
import {
  type ClientMessage,
  LIMITS,
  type Player,
  PROTOCOL_VERSION,
  parseServerMessage,
  type ServerMessage,
} from '@gangsta/protocol';
import type { ConnectionState } from '../game/tableSource.ts';

/** The part of the browser's WebSocket the connection uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** Messages about one table, as its handler receives them. */
export type TableMessage = Exclude<ServerMessage, { type: 'welcome' } | { type: 'closing' }>;

/** A table the connection watches: it reports its version and receives the table's frames. */
export interface TableHandler {
  /** The version the handler has drawn, or undefined before its first `sync`. */
  version(): number | undefined;
  receive(message: TableMessage): void;
}

export interface ConnectionOptions {
  url: string;
  token: () => string | null;
  socket?: SocketFactory;
  timers?: Timers;
  random?: () => number;
  newId?: () => string;
  log?: (problem: string) => void;
  /** Who the server says we are after each hello (null: the token is unknown or absent). */
  welcomed?: (player: Player | null) => void;
}

export const BACKOFF_MIN_MS = 500;
export const BACKOFF_MAX_MS = 10_000;
const OPEN = 1;

/**
 * The wait before reconnection attempt `attempt` (0 first): half of the doubled delay is
 * fixed and half is random, so clients dropped together do not all come back at once.
 */
export function backoffDelay(attempt: number, random: () => number): number {
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * The wait before sending again something refused with UNAVAILABLE for the `refusals`-th time
 * in a row (0 first): at least the server's `retryMs`, and the reconnection backoff's doubling
 * (with its jitter) beyond it, so a long outage is asked about less and less often.
 */
export function storeRetryDelay(retryMs: number, refusals: number, random: () => number): number {
  return Math.max(retryMs, backoffDelay(refusals, random));
}

interface QueuedMove {
  message: Extract<ClientMessage, { type: 'move' | 'undo' }>;
  timer: unknown;
  /** Sends since the socket last opened: a second silence means the socket is dead. */
  sends: number;
  /** UNAVAILABLE refusals in a row: the pause before the next send grows with them. */
  unavailable: number;
}

export interface ConnectionSnapshot {
  state: ConnectionState;
  /** When the next reconnection attempt starts (the clock of `timers.now`), while reconnecting. */
  retryAt: number | null;
  /** Moves sent and not yet answered. */
  queued: number;
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export class Connection {
  private socket: SocketLike | null = null;
  private welcomed = false;
  private attempt = 0;
  /** The pause a "closing" frame announced, used for the next reconnection. */
  private restartDelayMs: number | null = null;
  /** The server paces reconnections per address: the next one waits at least this long. */
  private paceMs: number | null = null;
  private retryTimer: unknown = null;
  /** A `hello` the server refused with UNAVAILABLE: said again when this fires. */
  private helloTimer: unknown = null;
  private helloRefusals = 0;
  private closed = false;
  private snapshot: ConnectionSnapshot = { state: 'connecting', retryAt: null, queued: 0 };
  private readonly listeners = new Set<() => void>();
  private readonly tables = new Map<string, Set<TableHandler>>();
  private readonly queue = new Map<string, QueuedMove>();
  private readonly makeSocket: SocketFactory;
  private readonly timers: Timers;
  private readonly random: () => number;
  private readonly newId: () => string;
  private readonly log: (problem: string) => void;

  constructor(private readonly options: ConnectionOptions) {
    this.makeSocket = options.socket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.timers = options.timers ?? browserTimers;
    this.random = options.random ?? Math.random;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    // A dropped frame is worth a line in the console, never a crash.
    this.log = options.log ?? ((problem) => console.warn(`[gangsta online] ${problem}`));
    this.open();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ConnectionSnapshot => this.snapshot;

  /** Starts receiving a table's frames; the server is told at once, or after reconnecting. */
  watch(table: string, handler: TableHandler): () => void {
    let handlers = this.tables.get(table);
    if (!handlers) {
      handlers = new Set();
      this.tables.set(table, handlers);
    }
    handlers.add(handler);
    this.sendWatch(table, handler.version());
    return () => this.unwatch(table, handler);
  }

  /** Asks again for what a table's handler missed (a gap, or a status change). */
  rewatch(table: string, seen: number | undefined): void {
    this.sendWatch(table, seen);
  }

  /** Queues a move; returns its id (the ack or rejection names it). */
  sendMove(table: string, move: Move, seen: number): string {
    const id = this.newId();
    this.enqueue({ type: 'move', table, id, seen, move });
    return id;
  }

  sendUndo(table: string, seen: number): string {
    const id = this.newId();
    this.enqueue({ type: 'undo', table, id, seen });
    return id;
  }

  /** Chat is not queued: a line typed while offline is refused here (false), not sent late. */
  chat(table: string, text: string): boolean {
    return this.send({ type: 'chat', table, text });
  }

  /** Takes the player's seat back from the bot playing it; false while offline. */
  resume(table: string): boolean {
    return this.send({ type: 'resume', table });
  }

  /** Reconnects now instead of waiting for the backoff (the browser came back online). */
  retryNow(): void {
    if (this.closed || this.socket) return;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.open();
  }

  /**
   * The browser says the network is gone: the socket is as good as dead (it would take the
   * operating system minutes to notice), so drop it now and show that we reconnect.
   */
  networkLost(): void {
    if (this.socket) this.onDrop(this.socket);
  }

  /** Drops the socket and opens a new one at once: the player's token changed. */
  restart(): void {
    if (this.closed) return;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.detach(socket);
      socket.close(1000, 'new identity');
    }
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempt = 0;
    this.open();
  }

  close(): void {
    this.closed = true;
    this.timers.clearTimeout(this.retryTimer);
    this.timers.clearTimeout(this.helloTimer);
    for (const queued of this.queue.values()) this.timers.clearTimeout(queued.timer);
    this.queue.clear();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.detach(socket);
      socket.close(1000, 'closed');
    }
    this.setState({ state: 'offline', retryAt: null });
  }

  // --- the socket -------------------------------------------------------------------------

  private open(): void {
    this.welcomed = false;
    let socket: SocketLike;
    try {
      socket = this.makeSocket(this.options.url);
    } catch (error) {
      this.log(`cannot open the socket: ${String(error)}`);
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.sayHello(socket);
    socket.onmessage = (event) => this.onFrame(event.data);
    socket.onclose = () => this.onDrop(socket);
    socket.onerror = () => this.onDrop(socket);
    this.setState({ state: this.attempt === 0 ? 'connecting' : 'reconnecting', retryAt: null });
  }

  private sayHello(socket: SocketLike): void {
    const token = this.options.token();
    const hello: ClientMessage = { type: 'hello', protocol: PROTOCOL_VERSION };
    if (token) hello.token = token;
    socket.send(JSON.stringify(hello));
  }

  /**
   * The server could not reach its database to answer our hello: the socket stays, and the
   * hello is said again on it after the pause (a new socket would only be refused the same).
   */
  private helloLater(retryMs: number): void {
    const socket = this.socket;
    if (!socket || this.welcomed) return;
    const delay = storeRetryDelay(retryMs, this.helloRefusals++, this.random);
    this.timers.clearTimeout(this.helloTimer);
    this.helloTimer = this.timers.setTimeout(() => {
      this.helloTimer = null;
      if (this.socket === socket && !this.welcomed && socket.readyState === OPEN) {
        this.sayHello(socket);
      }
    }, delay);
    this.setState({ retryAt: this.timers.now() + delay });
  }

  private detach(socket: SocketLike): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
  }

  /** The socket closed or failed: forget it and try again later. */
  private onDrop(socket: SocketLike): void {
    if (socket !== this.socket) return;
    this.detach(socket);
    this.socket = null;
    this.welcomed = false;
    this.timers.clearTimeout(this.helloTimer);
    this.helloTimer = null;
    try {
      socket.close();
    } catch {
      // already closed
    }
    if (!this.closed) this.scheduleRetry();
  }

  private scheduleRetry(): void {
    // After a "closing" frame: the announced pause, spread so clients do not return at once.
    const restart = this.restartDelayMs;
    this.restartDelayMs = null;
    const planned =
      restart !== null
        ? Math.round(restart * (0.5 + this.random()))
        : backoffDelay(this.attempt, this.random);
    // Coming back before the time the server gave would only be refused again.
    const delay = Math.max(planned, this.paceMs ?? 0);
    this.paceMs = null;
    this.attempt++;
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, delay);
    this.setState({ state: 'reconnecting', retryAt: this.timers.now() + delay });
  }

  private onFrame(data: unknown): void {
    if (typeof data !== 'string') {
      this.log('dropped a binary frame');
      return;
    }
    const parsed = parseServerMessage(data);
    if (!parsed.ok) {
      this.log(`dropped a bad frame (${parsed.problem})`);
      return;
    }
    try {
      this.dispatch(parsed.message);
    } catch (error) {
      // A handler's bug must not take the connection down with it.
      this.log(`a frame could not be handled: ${String(error)}`);
    }
  }

  private dispatch(message: ServerMessage): void {
    switch (message.type) {
      case 'welcome':
        this.onWelcome(message);
        return;
      case 'rejected':
        // Refused untouched for speed, or because the server cannot reach its database just
        // now: the move stays queued and goes again, with the same id, after the pause.
        if (
          (message.error.code === 'RATE_LIMITED' || message.error.code === 'UNAVAILABLE') &&
          this.retryLater(message.id, message.error)
        ) {
          return;
        }
        this.answered(message.id);
        break;
      case 'ack':
        this.answered(message.id);
        break;
      case 'update':
        if (!this.fitsVersion(message)) return;
        break;
      case 'closing':
        // A restart, not a failure: reconnect soon (most likely to another process).
        this.attempt = 0;
        this.restartDelayMs = message.retryMs;
        this.log('the server is restarting: reconnecting');
        return;
      case 'error':
        if (message.error.code === 'RATE_LIMITED' && message.table === null && !this.welcomed) {
          // Too many connections from our address just now: the server says when to return.
          const retryMs = Number(message.error.params.retryMs);
          if (Number.isFinite(retryMs) && retryMs > 0) this.paceMs = retryMs;
        }
        if (message.error.code === 'UNAVAILABLE') this.unavailable(message.table, message.error);
        if (message.error.code === 'PROTOCOL_VERSION') {
          this.log('the server speaks another protocol version');
          this.close();
        }
        break;
      default:
        break;
    }
    this.deliver(message);
  }

  private onWelcome(message: ServerMessage & { type: 'welcome' }): void {
    if (message.protocol !== PROTOCOL_VERSION) {
      this.log(`the server speaks protocol ${message.protocol}`);
      this.close();
      return;
    }
    this.welcomed = true;
    this.attempt = 0;
    this.helloRefusals = 0;
    this.setState({ state: 'online', retryAt: null });
    this.options.welcomed?.(message.player);
    for (const [table, handlers] of this.tables) {
      for (const handler of handlers) this.sendWatch(table, handler.version());
    }
    for (const queued of this.queue.values()) {
      queued.sends = 0;
      this.transmit(queued);
    }
  }

  /** An update that does not continue the handlers' version is a gap: ask again. */
  private fitsVersion(message: ServerMessage & { type: 'update' }): boolean {
    const handlers = this.tables.get(message.table);
    if (!handlers) return false;
    let fits = true;
    for (const handler of handlers) {
      const version = handler.version();
      if (version === message.from) continue;
      fits = false;
      // Already there (a resent watch answered twice): nothing to do.
      if (version !== undefined && version >= message.version) continue;
      this.sendWatch(message.table, version);
    }
    return fits;
  }

  private deliver(message: TableMessage): void {
    const table = message.type === 'table' ? message.table.id : message.table;
    if (table === null) {
      this.log(`server error: ${message.type === 'error' ? message.error.message : ''}`);
      return;
    }
    for (const handler of this.tables.get(table) ?? []) handler.receive(message);
  }

  // --- sending ------------------------------------------------------------------------------

  private send(message: ClientMessage): boolean {
    const socket = this.socket;
    if (!socket || !this.welcomed || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  private sendWatch(table: string, seen: number | undefined): void {
    this.send(seen === undefined ? { type: 'watch', table } : { type: 'watch', table, seen });
  }

  private unwatch(table: string, handler: TableHandler): void {
    const handlers = this.tables.get(table);
    if (!handlers) return;
    handlers.delete(handler);
    if (handlers.size > 0) return;
    this.tables.delete(table);
    this.send({ type: 'unwatch', table });
  }

  private enqueue(message: QueuedMove['message']): void {
    const queued: QueuedMove = { message, timer: null, sends: 0, unavailable: 0 };
    this.queue.set(message.id, queued);
    this.setState({});
    this.transmit(queued);
  }

  /** Sends a queued move (if the socket is up) and arms its resend timer. */
  private transmit(queued: QueuedMove): void {
    this.timers.clearTimeout(queued.timer);
    if (this.send(queued.message)) queued.sends++;
    queued.timer = this.timers.setTimeout(() => this.resend(queued), LIMITS.resendAfterMs);
  }

  private resend(queued: QueuedMove): void {
    if (!this.queue.has(queued.message.id)) return;
    // Two silences in a row on an open socket: it is dead without knowing it; start afresh.
    if (queued.sends >= 2 && this.socket) {
      this.log('no answer to a resent move: reconnecting');
      this.onDrop(this.socket);
      return;
    }
    this.transmit(queued);
  }

  /**
   * Sends a rate-limited or UNAVAILABLE move again once the server said it may (longer after
   * each UNAVAILABLE in a row); false if it is not ours.
   */
  private retryLater(
    id: string,
    error: { code: string; params: Record<string, unknown> },
  ): boolean {
    const queued = this.queue.get(id);
    if (!queued) return false;
    const asked = Math.max(50, Number(error.params.retryMs) || LIMITS.resendAfterMs);
    const retryMs =
      error.code === 'UNAVAILABLE'
        ? storeRetryDelay(asked, queued.unavailable++, this.random)
        : asked;
    this.timers.clearTimeout(queued.timer);
    queued.sends = 0;
    queued.timer = this.timers.setTimeout(() => this.transmit(queued), retryMs);
    return true;
  }

  /**
   * An `error` frame with UNAVAILABLE: before the welcome it refused our hello (said again
   * later); for a table, what it refused may have been its watch, so the table is watched
   * again after the pause (a watch is answered afresh, never applied twice).
   */
  private unavailable(table: string | null, error: { params: Record<string, unknown> }): void {
    const retryMs = Math.max(50, Number(error.params.retryMs) || LIMITS.resendAfterMs);
    if (table === null) {
      if (!this.welcomed) this.helloLater(retryMs);
      return;
    }
    const socket = this.socket;
    this.timers.setTimeout(
      () => {
        const handlers = this.tables.get(table);
        if (this.socket !== socket || !handlers) return;
        for (const handler of handlers) this.sendWatch(table, handler.version());
      },
      storeRetryDelay(retryMs, 0, this.random),
    );
  }

  private answered(id: string): void {
    const queued = this.queue.get(id);
    if (!queued) return;
    this.timers.clearTimeout(queued.timer);
    this.queue.delete(id);
    this.setState({});
  }

  private setState(change: Partial<ConnectionSnapshot>): void {
    const next = { ...this.snapshot, ...change, queued: this.queue.size };
    const same =
      next.state === this.snapshot.state &&
      next.retryAt === this.snapshot.retryAt &&
      next.queued === this.snapshot.queued;
    if (same) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
