/**
 * The one client of the socket protocol (`/api/v1/ws`, protocol v1), for the browser, Node and
 * workers alike.
 *
 * - Says `hello` (with the token, if any: in a browser the session cookie may do instead) on
 *   every connection; the state is `online` once the server's `welcome` arrives.
 * - Reconnects after a drop with exponential backoff and jitter (0.5 s doubling to 10 s), or
 *   after the pause a `closing` frame announced, or the pace the server set for our address;
 *   then `watch`es every table again with the version it holds, so the server sends what was
 *   missed (an `update`) or a fresh `sync`. With `reconnect: false` the caller decides when
 *   to `connect()` again (test clients, the load script).
 * - Keeps each watched table's position: a `sync` whole, an `update` as a JSON Patch of the
 *   frame held, checked by its digest (see the protocol's frameDelta.ts). An update that does
 *   not follow the version held (a gap) is not applied: the table is watched again with the
 *   version it has; a patch that does not give back the server's frame asks for a fresh sync.
 * - Moves (and undos) go through a queue: each has an id of its own and is kept until the
 *   server's `ack` or `rejected`; it is resent with the same id after `LIMITS.resendAfterMs`
 *   without an answer and after every reconnection. The server answers a repeated id with its
 *   first answer, so a move is never lost and never applied twice.
 * - A move refused for speed (RATE_LIMITED) or while the server cannot reach its database
 *   (UNAVAILABLE, nothing applied) stays queued and goes again with the same id after the
 *   server's `retryMs` (UNAVAILABLE: doubled with each refusal in a row, `storeRetryDelay`);
 *   a refused `hello` is said again on the same socket after such a pause, and a table whose
 *   watch may have been refused is watched again.
 * - Every frame is parsed; what cannot be used (a bad frame, an unknown type, a gap, a patch
 *   that does not apply, a handler that throws) becomes a `problem` event, never a throw.
 *
 * The socket factory, the timers, the randomness and the ids are injected.
 */
import type { Move } from '@gangsta/engine';
import {
  type ClientMessage,
  LIMITS,
  type Player,
  PROTOCOL_VERSION,
  type ServerMessage,
  type ServerMessageOf,
} from '@gangsta/protocol';
import { askedRetryMs, backoffDelay, storeRetryDelay } from './delays.ts';
import {
  hostId,
  hostSocket,
  hostTimers,
  OPEN,
  type SocketFactory,
  type SocketLike,
  type Timers,
} from './environment.ts';
import {
  type ClientProblem,
  frameProblem,
  type ParseResult,
  parseFrame,
  TableCopy,
  type TableView,
} from './frames.ts';

export type ConnectionState = 'connecting' | 'online' | 'reconnecting' | 'offline';

export interface ConnectionSnapshot {
  state: ConnectionState;
  /** When the next attempt starts (the clock of `timers.now`), while waiting to retry. */
  retryAt: number | null;
  /** Moves sent and not yet answered. */
  queued: number;
}

/** Messages about one table, as its handlers receive them. */
export type TableMessage = Exclude<ServerMessage, { type: 'welcome' } | { type: 'closing' }>;

/** Receives a watched table's frames, with the position held after each. */
export interface TableHandler {
  receive(message: TableMessage, table: TableView): void;
}

export type MoveAnswer = ServerMessageOf<'ack'> | ServerMessageOf<'rejected'>;

export type QueuedMessage = Extract<ClientMessage, { type: 'move' | 'undo' }>;

/** One frame as received: parsed (null when it could not be) and what went wrong with it. */
export interface ReceivedFrame {
  raw: string;
  message: ServerMessage | null;
  /** A frame that could not be read, or an update that did not patch. */
  problem: ClientProblem | null;
  /** Which socket of this client brought it (0, then 1 after the first reconnection…). */
  connection: number;
}

export interface ClientEvents {
  /** The server's welcome on a (re)connection. */
  welcome: (message: ServerMessageOf<'welcome'>) => void;
  /** Every frame, once the client has taken it in (positions updated, handlers called). */
  frame: (frame: ReceivedFrame) => void;
  problem: (problem: ClientProblem) => void;
  /** The final answer to a queued move or undo (not a refusal that is retried). */
  answer: (answer: MoveAnswer) => void;
  /** A queued message refused for the moment; it goes again after `delayMs`. */
  retry: (message: QueuedMessage, answer: ServerMessageOf<'rejected'>, delayMs: number) => void;
  /** The socket closed or failed (`retryAt`: when the client comes back, if it will). */
  drop: (info: { connection: number; retryAt: number | null }) => void;
}

export interface ClientOptions {
  /** The socket's address; a function when it can change (another server after a restart). */
  url: string | (() => string);
  /** The player's token for `hello`; none (or null) for a spectator or a cookie session. */
  token?: () => string | null | undefined;
  /** Opens a socket; by default the host's WebSocket (Node: pass one of the `ws` package). */
  socket?: SocketFactory;
  timers?: Timers;
  random?: () => number;
  newId?: () => string;
  /** A line for each problem (default: none; the `problem` event has them all). */
  log?: (problem: string) => void;
  /** Who the server says we are after each hello (null: the token is unknown or absent). */
  welcomed?: (player: Player | null) => void;
  /** Reconnect by itself after a drop (default true); false: the caller calls `connect()`. */
  reconnect?: boolean;
  /** Reads a frame (default: the protocol's schemas). The load script reads more cheaply. */
  parse?: (text: string) => ParseResult;
  /** Resend an unanswered move after this long (default `LIMITS.resendAfterMs`). */
  resendAfterMs?: number;
}

interface QueuedMove {
  message: QueuedMessage;
  timer: unknown;
  /** Sends since the socket last opened: a second silence means the socket is dead. */
  sends: number;
  /** UNAVAILABLE refusals in a row: the pause before the next send grows with them. */
  unavailable: number;
}

interface Watched {
  copy: TableCopy;
  /** Who watches the table: while any does, it is watched again on every connection. */
  handlers: Set<TableHandler>;
  /** Whole frames instead of patches (`watch` with `patches: false`, protocol 2.1). */
  wholeFrames: boolean;
}

type Listeners = { [K in keyof ClientEvents]: Set<ClientEvents[K]> };

export class GangstaClient {
  private socket: SocketLike | null = null;
  /** Sockets opened so far, less one: the number of the current one. */
  private connection = -1;
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
  private snapshot: ConnectionSnapshot = { state: 'offline', retryAt: null, queued: 0 };
  private readonly stateListeners = new Set<() => void>();
  private readonly listeners: Listeners = {
    welcome: new Set(),
    frame: new Set(),
    problem: new Set(),
    answer: new Set(),
    retry: new Set(),
    drop: new Set(),
  };
  /** Every table a frame was received for; the watched ones have handlers. */
  private readonly tables = new Map<string, Watched>();
  private readonly queue = new Map<string, QueuedMove>();
  private readonly makeSocket: SocketFactory;
  private readonly timers: Timers;
  private readonly random: () => number;
  private readonly newId: () => string;
  private readonly parse: (text: string) => ParseResult;
  private readonly autoReconnect: boolean;
  private readonly resendAfterMs: number;
  /** Live updates whose patch was applied (tests check that patches are really used). */
  patched = 0;

  constructor(private readonly options: ClientOptions) {
    this.makeSocket = options.socket ?? hostSocket;
    this.timers = options.timers ?? hostTimers;
    this.random = options.random ?? Math.random;
    this.newId = options.newId ?? hostId;
    this.parse = options.parse ?? parseFrame;
    this.autoReconnect = options.reconnect ?? true;
    this.resendAfterMs = options.resendAfterMs ?? LIMITS.resendAfterMs;
  }

  // --- observing -----------------------------------------------------------------------------

  /** The external-store protocol (React's `useSyncExternalStore`): state, retry time, queue. */
  subscribe = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  getSnapshot = (): ConnectionSnapshot => this.snapshot;

  on<K extends keyof ClientEvents>(event: K, listener: ClientEvents[K]): () => void {
    const set = this.listeners[event] as Set<ClientEvents[K]>;
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Whether the server has welcomed the current socket (messages can be sent). */
  get online(): boolean {
    return this.welcomed && this.socket?.readyState === OPEN;
  }

  /** The position held of a table (version 0 and no frame before its first sync). */
  table(id: string): TableView {
    return this.tables.get(id)?.copy.view() ?? { version: 0, frame: null, gap: false };
  }

  // --- the connection ------------------------------------------------------------------------

  /** Opens the socket (if none is open or opening) and says hello once it is open. */
  connect(): void {
    if (this.socket) return;
    this.closed = false;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.open();
  }

  /** Reconnects now instead of waiting for the backoff (the browser came back online). */
  retryNow(): void {
    if (this.closed || this.socket) return;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.open();
  }

  /**
   * The network is gone: the socket is as good as dead (it would take the operating system
   * minutes to notice), so drop it now (abruptly where the socket can) and reconnect.
   */
  networkLost(): void {
    if (this.socket) this.onDrop(this.socket, true);
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

  /**
   * Stops for good: the queue and the tables are dropped and no reconnection follows (a later
   * `connect()` starts afresh). Resolves once the socket has closed (at most after a second).
   */
  close(): Promise<void> {
    this.closed = true;
    this.tables.clear();
    this.timers.clearTimeout(this.retryTimer);
    this.timers.clearTimeout(this.helloTimer);
    for (const queued of this.queue.values()) this.timers.clearTimeout(queued.timer);
    this.queue.clear();
    const socket = this.socket;
    this.socket = null;
    this.welcomed = false;
    this.setState({ state: 'offline', retryAt: null });
    if (!socket) return Promise.resolve();
    this.detach(socket);
    return new Promise((resolve) => {
      const timer = this.timers.setTimeout(resolve, 1000);
      socket.onclose = () => {
        this.timers.clearTimeout(timer);
        resolve();
      };
      try {
        socket.close(1000, 'closed');
      } catch {
        resolve();
      }
    });
  }

  // --- tables ----------------------------------------------------------------------------

  /**
   * Starts receiving a table's frames (a handler is optional: the client keeps the position
   * anyway). The server is told at once, or after connecting; `seen` asks for what came after
   * that version instead of the version held. `patches: false` asks for live updates with the
   * whole frame instead of a JSON Patch (said again on every connection; the position held
   * is the same either way).
   */
  watch(
    table: string,
    handler?: TableHandler,
    options: { seen?: number; patches?: boolean } = {},
  ): () => void {
    const watched = this.entry(table);
    if (options.patches !== undefined) watched.wholeFrames = !options.patches;
    const own = handler ?? { receive: () => {} };
    watched.handlers.add(own);
    this.sendWatch(table, 'seen' in options ? options.seen : watched.copy.version);
    return () => this.unwatch(table, own);
  }

  /** Asks again for a table: what came after the version held, or a fresh sync. */
  rewatch(table: string, options: { fresh?: boolean; seen?: number } = {}): void {
    const held = this.tables.get(table)?.copy.version;
    this.sendWatch(table, options.fresh ? undefined : 'seen' in options ? options.seen : held);
  }

  // --- sending ---------------------------------------------------------------------------

  /** Queues a move; returns its id (the ack or rejection names it). */
  sendMove(table: string, move: Move, seen: number, id = this.newId()): string {
    this.enqueue({ type: 'move', table, id, seen, move });
    return id;
  }

  sendUndo(table: string, seen: number, id = this.newId()): string {
    this.enqueue({ type: 'undo', table, id, seen });
    return id;
  }

  /** Forgets a queued move (no answer will be awaited); false if it was not queued. */
  cancel(id: string): boolean {
    const queued = this.queue.get(id);
    if (!queued) return false;
    this.timers.clearTimeout(queued.timer);
    this.queue.delete(id);
    this.setState({});
    return true;
  }

  /** Chat is not queued: a line typed while offline is refused here (false), not sent late. */
  chat(table: string, text: string): boolean {
    return this.send({ type: 'chat', table, text });
  }

  /** Takes the player's seat back from the bot playing it; false while offline. */
  resume(table: string): boolean {
    return this.send({ type: 'resume', table });
  }

  /** Sends one message now if the server has welcomed us; false otherwise. */
  send(message: ClientMessage): boolean {
    const socket = this.socket;
    if (!socket || !this.welcomed || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  /** Sends any text on the open socket, welcomed or not (tests of malformed input). */
  sendRaw(text: string): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(text);
    return true;
  }

  // --- the socket -------------------------------------------------------------------------

  private open(): void {
    this.welcomed = false;
    const url = typeof this.options.url === 'function' ? this.options.url() : this.options.url;
    let socket: SocketLike;
    try {
      socket = this.makeSocket(url);
    } catch (error) {
      this.report({ kind: 'socket', message: `cannot open the socket: ${String(error)}` });
      this.afterDrop();
      return;
    }
    this.socket = socket;
    const connection = ++this.connection;
    socket.onopen = () => this.sayHello(socket);
    socket.onmessage = (event) => this.onFrame(event.data, connection);
    socket.onclose = () => this.onDrop(socket);
    socket.onerror = () => this.onDrop(socket);
    this.setState({ state: this.attempt === 0 ? 'connecting' : 'reconnecting', retryAt: null });
  }

  private sayHello(socket: SocketLike): void {
    const token = this.options.token?.();
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

  /** The socket closed or failed (or is given up, `abrupt`): forget it and try again later. */
  private onDrop(socket: SocketLike, abrupt = false): void {
    if (socket !== this.socket) return;
    this.detach(socket);
    this.socket = null;
    this.welcomed = false;
    this.timers.clearTimeout(this.helloTimer);
    this.helloTimer = null;
    try {
      if (abrupt && socket.terminate) socket.terminate();
      else socket.close();
    } catch {
      // already closed
    }
    const connection = this.connection;
    this.afterDrop();
    this.emit('drop', { connection, retryAt: this.snapshot.retryAt });
  }

  private afterDrop(): void {
    if (this.closed) return;
    if (this.autoReconnect) this.scheduleRetry();
    else this.setState({ state: 'offline', retryAt: null });
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

  // --- frames ------------------------------------------------------------------------------

  private onFrame(data: unknown, connection: number): void {
    if (typeof data !== 'string') {
      const problem: ClientProblem = { kind: 'binary', message: 'dropped a binary frame' };
      this.report(problem);
      this.emit('frame', { raw: '', message: null, problem, connection });
      return;
    }
    const parsed = this.parse(data);
    if (!parsed.ok) {
      const problem = frameProblem(data, parsed.problem);
      this.report({ ...problem, message: `dropped a bad frame (${problem.message})` });
      this.emit('frame', { raw: data, message: null, problem, connection });
      return;
    }
    let problem: ClientProblem | null = null;
    try {
      problem = this.dispatch(parsed.message);
    } catch (error) {
      // A bug of ours or a listener's must not take the connection down with it.
      this.report({ kind: 'handler', message: `a frame could not be handled: ${String(error)}` });
    }
    this.emit('frame', { raw: data, message: parsed.message, problem, connection });
  }

  /** Takes in one message; returns the problem of an update that did not patch. */
  private dispatch(message: ServerMessage): ClientProblem | null {
    switch (message.type) {
      case 'welcome':
        this.onWelcome(message);
        return null;
      case 'closing':
        // A restart, not a failure: reconnect soon (most likely to another process).
        this.attempt = 0;
        this.restartDelayMs = message.retryMs;
        this.options.log?.('the server is restarting: reconnecting');
        return null;
      case 'rejected':
        // Refused untouched for speed, or because the server cannot reach its database just
        // now: the move stays queued and goes again, with the same id, after the pause.
        if (
          (message.error.code === 'RATE_LIMITED' || message.error.code === 'UNAVAILABLE') &&
          this.retryLater(message)
        ) {
          return null;
        }
        this.answered(message);
        break;
      case 'ack':
        this.answered(message);
        break;
      case 'sync':
        this.entry(message.table).copy.sync(message);
        break;
      case 'update': {
        const problem = this.onUpdate(message);
        if (problem !== undefined) return problem;
        break;
      }
      case 'error':
        if (message.error.code === 'RATE_LIMITED' && message.table === null && !this.welcomed) {
          // Too many connections from our address just now: the server says when to return.
          const retryMs = Number(message.error.params.retryMs);
          if (Number.isFinite(retryMs) && retryMs > 0) this.paceMs = retryMs;
        }
        if (message.error.code === 'UNAVAILABLE') this.unavailable(message.table, message.error);
        if (message.error.code === 'PROTOCOL_VERSION') {
          this.report({
            kind: 'protocol-version',
            message: 'the server speaks another protocol version',
          });
          void this.close();
        }
        break;
      default:
        break;
    }
    this.deliver(message);
    return null;
  }

  private onWelcome(message: ServerMessageOf<'welcome'>): void {
    if (message.protocol !== PROTOCOL_VERSION) {
      this.report({
        kind: 'protocol-version',
        message: `the server speaks protocol ${message.protocol}`,
      });
      void this.close();
      return;
    }
    this.welcomed = true;
    this.attempt = 0;
    this.helloRefusals = 0;
    this.timers.clearTimeout(this.helloTimer);
    this.helloTimer = null;
    this.setState({ state: 'online', retryAt: null });
    this.options.welcomed?.(message.player);
    this.emit('welcome', message);
    for (const [table, watched] of this.tables) {
      if (watched.handlers.size > 0) this.sendWatch(table, watched.copy.version);
    }
    for (const queued of this.queue.values()) {
      queued.sends = 0;
      this.transmit(queued);
    }
  }

  /**
   * Applies an update to the table held. Returns undefined when it was applied (to be
   * delivered), null when it is not to be delivered, or the problem of a patch that failed.
   */
  private onUpdate(message: ServerMessageOf<'update'>): ClientProblem | null | undefined {
    const watched = this.entry(message.table);
    const outcome = watched.copy.update(message);
    if (outcome.kind === 'applied') {
      if (message.patch) this.patched++;
      return undefined;
    }
    if (outcome.kind === 'old') return null;
    const asked = watched.handlers.size > 0;
    const problem: ClientProblem = {
      kind: outcome.kind,
      table: message.table,
      message: `${outcome.problem}${asked ? ': watching again' : ''}`,
    };
    this.report(problem);
    if (!asked) return outcome.kind === 'patch' ? problem : null;
    // A gap: ask for what was missed; a patch that failed: the copy is not to be trusted.
    this.sendWatch(message.table, outcome.kind === 'gap' ? outcome.seen : undefined);
    return outcome.kind === 'patch' ? problem : null;
  }

  private deliver(message: TableMessage): void {
    const table = message.type === 'table' ? message.table.id : message.table;
    if (table === null) {
      if (message.type === 'error') {
        this.report({ kind: 'server-error', message: `server error: ${message.error.message}` });
      }
      return;
    }
    const watched = this.tables.get(table);
    if (!watched || watched.handlers.size === 0) return;
    const view = watched.copy.view();
    for (const handler of [...watched.handlers]) {
      try {
        handler.receive(message, view);
      } catch (error) {
        // A handler's bug must not keep the frame from the others, nor break the client.
        this.report({
          kind: 'handler',
          table,
          message: `a frame could not be handled: ${String(error)}`,
        });
      }
    }
  }

  // --- the queue and retries -------------------------------------------------------------

  private entry(table: string): Watched {
    let watched = this.tables.get(table);
    if (!watched) {
      watched = { copy: new TableCopy(), handlers: new Set(), wholeFrames: false };
      this.tables.set(table, watched);
    }
    return watched;
  }

  private sendWatch(table: string, seen: number | undefined): void {
    const whole = this.tables.get(table)?.wholeFrames ? { patches: false } : {};
    this.send(
      seen === undefined
        ? { type: 'watch', table, ...whole }
        : { type: 'watch', table, seen, ...whole },
    );
  }

  private unwatch(table: string, handler: TableHandler): void {
    const watched = this.tables.get(table);
    if (!watched?.handlers.delete(handler) || watched.handlers.size > 0) return;
    this.tables.delete(table);
    this.send({ type: 'unwatch', table });
  }

  private enqueue(message: QueuedMessage): void {
    const earlier = this.queue.get(message.id);
    if (earlier) this.timers.clearTimeout(earlier.timer);
    const queued: QueuedMove = { message, timer: null, sends: 0, unavailable: 0 };
    this.queue.set(message.id, queued);
    this.setState({});
    this.transmit(queued);
  }

  /** Sends a queued move (if the socket is up) and arms its resend timer. */
  private transmit(queued: QueuedMove): void {
    this.timers.clearTimeout(queued.timer);
    if (this.send(queued.message)) queued.sends++;
    queued.timer = this.timers.setTimeout(() => this.resend(queued), this.resendAfterMs);
  }

  private resend(queued: QueuedMove): void {
    if (this.queue.get(queued.message.id) !== queued) return;
    // Two silences in a row on an open socket: it is dead without knowing it; start afresh.
    if (queued.sends >= 2 && this.socket && this.autoReconnect) {
      this.options.log?.('no answer to a resent move: reconnecting');
      this.onDrop(this.socket, true);
      return;
    }
    this.transmit(queued);
  }

  /**
   * Sends a rate-limited or UNAVAILABLE move again once the server said it may (longer after
   * each UNAVAILABLE in a row); false if it is not ours.
   */
  private retryLater(answer: ServerMessageOf<'rejected'>): boolean {
    const queued = this.queue.get(answer.id);
    if (!queued) return false;
    const { error } = answer;
    const asked = askedRetryMs(error.params, this.resendAfterMs);
    const delay =
      error.code === 'UNAVAILABLE'
        ? storeRetryDelay(asked, queued.unavailable++, this.random)
        : asked;
    this.timers.clearTimeout(queued.timer);
    queued.sends = 0;
    queued.timer = this.timers.setTimeout(() => this.transmit(queued), delay);
    this.emit('retry', queued.message, answer, delay);
    return true;
  }

  /**
   * An `error` frame with UNAVAILABLE: before the welcome it refused our hello (said again
   * later); for a table, what it refused may have been its watch, so the table is watched
   * again after the pause (a watch is answered afresh, never applied twice).
   */
  private unavailable(table: string | null, error: { params: Record<string, unknown> }): void {
    const retryMs = askedRetryMs(error.params, this.resendAfterMs);
    if (table === null) {
      if (!this.welcomed) this.helloLater(retryMs);
      return;
    }
    const socket = this.socket;
    this.timers.setTimeout(
      () => {
        const watched = this.tables.get(table);
        if (this.socket !== socket || !watched || watched.handlers.size === 0) return;
        this.sendWatch(table, watched.copy.version);
      },
      storeRetryDelay(retryMs, 0, this.random),
    );
  }

  private answered(answer: MoveAnswer): void {
    const queued = this.queue.get(answer.id);
    if (!queued || queued.message.table !== answer.table) return;
    this.timers.clearTimeout(queued.timer);
    this.queue.delete(answer.id);
    this.setState({});
    this.emit('answer', answer);
  }

  // --- state and events ----------------------------------------------------------------------

  private report(problem: ClientProblem): void {
    this.options.log?.(problem.message);
    this.emit('problem', problem);
  }

  private emit<K extends keyof ClientEvents>(event: K, ...args: Parameters<ClientEvents[K]>): void {
    for (const listener of [...this.listeners[event]]) {
      try {
        (listener as (...a: Parameters<ClientEvents[K]>) => void)(...args);
      } catch (error) {
        if (event === 'problem') continue;
        this.report({ kind: 'handler', message: `a ${event} listener threw: ${String(error)}` });
      }
    }
  }

  private setState(change: Partial<ConnectionSnapshot>): void {
    const next = { ...this.snapshot, ...change, queued: this.queue.size };
    const same =
      next.state === this.snapshot.state &&
      next.retryAt === this.snapshot.retryAt &&
      next.queued === this.snapshot.queued;
    if (same) return;
    this.snapshot = next;
    for (const listener of [...this.stateListeners]) listener();
  }
}
