/**
 * Whether the store can be reached. A database that restarts, or a network that drops for a
 * moment, is an outage to wait out, not a failure of the request in hand: every store call
 * that fails for that reason becomes `StoreUnavailable`, a refusal with the protocol's
 * retryable UNAVAILABLE code and a pause (`retryMs`), which clients and the server's own bots
 * honour with backoff. While the store is unreachable `/ready` says so, a probe asks it again
 * every second (so that readiness comes back without traffic), and the log gets one line when
 * the outage starts, one every ten seconds while it lasts (how many calls failed) and one when
 * it ends, instead of a line per failed call.
 *
 * Nothing here retries a call itself: a move that failed was rolled back in memory and its
 * sender resends it with the same id, so it is never applied twice.
 */
import type { FastifyBaseLogger as Logger } from 'fastify';
import { Refusal } from '../refusal.ts';
import type { Store } from './types.ts';

/** The pause clients are asked to wait before sending again (they back off from there). */
export const UNAVAILABLE_RETRY_MS = 1_000;

/** The longest pause of the server's own retries (bots, takeovers) during an outage. */
export const STORE_BACKOFF_MAX_MS = 30_000;

/**
 * The pause before the server's own retry of a table's work (a bot's move, a takeover) after
 * `failures` attempts in a row that failed for want of the store (0: none): doubling from
 * `UNAVAILABLE_RETRY_MS` up to `STORE_BACKOFF_MAX_MS`, its upper half random, so that a
 * process's tables do not all come back in the same instant.
 */
export function storeBackoffMs(failures: number, random: () => number): number {
  if (failures <= 0) return 0;
  const full = Math.min(STORE_BACKOFF_MAX_MS, UNAVAILABLE_RETRY_MS * 2 ** (failures - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

/** How often the store is asked again while it cannot be reached. */
const PROBE_EVERY_MS = 1_000;

/** At most one log line per this long about the same outage, or about broken connections. */
const LOG_EVERY_MS = 10_000;

/**
 * `/ready` asks the store itself when no call has succeeded for this long (a quiet process
 * would otherwise not know), and waits at most `READY_PING_TIMEOUT_MS` for the answer.
 */
const READY_FRESH_MS = 1_000;
const READY_PING_TIMEOUT_MS = 2_000;

/** A store call failed because the store cannot be reached; `cause` is the driver's error. */
export class StoreUnavailable extends Refusal {
  constructor(override readonly cause: unknown) {
    super(
      'UNAVAILABLE',
      'the server cannot reach its database just now; nothing was changed, send it again later',
      { retryMs: UNAVAILABLE_RETRY_MS },
    );
  }
}

/**
 * PostgreSQL's SQLSTATEs of an unreachable server: class 08 (connection exception), 57P01–03
 * (terminated by an administrator, a crash, or the server is starting or shutting down), and
 * 53300 (too many connections: the server is up but takes no one for now).
 */
const POSTGRES_CODE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** Socket errors on the way to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * SQLite's: the file is locked past the busy timeout, the disk failed or is full, the file
 * cannot be opened; and the store's thread that stopped (it is started again on the next call).
 */
const SQLITE_CODE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|PROTOCOL)(_|$)/;
export const STORE_THREAD_EXITED = 'STORE_THREAD_EXITED';

/** pg's own errors without a code, when a connection broke or could not be made in time. */
const POSTGRES_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect|Query read timeout)/;

/** Whether an error means the store cannot be reached (as opposed to a bad call or a bug). */
export function isStoreUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  if (error instanceof StoreUnavailable) return true;
  const { code, message, errors, cause } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string') {
    if (POSTGRES_CODE.test(code) || NETWORK_CODES.has(code) || SQLITE_CODE.test(code)) return true;
    if (code === STORE_THREAD_EXITED) return true;
  }
  if (typeof message === 'string' && POSTGRES_MESSAGE.test(message)) return true;
  // A connection attempt to every address of a host fails as one AggregateError.
  if (Array.isArray(errors) && errors.some((e) => isStoreUnreachable(e, depth + 1))) return true;
  return cause !== undefined && isStoreUnreachable(cause, depth + 1);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code} ${error.message}` : error.message;
  }
  return String(error);
}

export interface StoreHealthOptions {
  now?: () => number;
  probeEveryMs?: number;
  logEveryMs?: number;
}

export class StoreHealth {
  private downSince: number | null = null;
  /** When a call last succeeded. */
  private okAt = Number.NEGATIVE_INFINITY;
  private lastProblem = '';
  /** Calls that failed since the last line about this outage. */
  private failures = 0;
  private loggedAt = 0;
  private lostConnections = 0;
  private lostLoggedAt = Number.NEGATIVE_INFINITY;
  private probe: NodeJS.Timeout | null = null;
  private probing = false;
  private closed = false;
  private readonly recovered: (() => void)[] = [];
  private readonly now: () => number;
  private readonly probeEveryMs: number;
  private readonly logEveryMs: number;
  /** The store to probe (set by `guard`: the probe goes through it like any call). */
  private store: Store | null = null;

  constructor(
    private readonly log: Logger,
    options: StoreHealthOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.probeEveryMs = options.probeEveryMs ?? PROBE_EVERY_MS;
    this.logEveryMs = options.logEveryMs ?? LOG_EVERY_MS;
  }

  /** Why players should not be sent here now (the store is unreachable), or null. */
  notReady(): string | null {
    if (this.downSince === null) return null;
    return `the database cannot be reached (since ${new Date(this.downSince).toISOString()}: ${this.lastProblem})`;
  }

  get down(): boolean {
    return this.downSince !== null;
  }

  /**
   * For `/ready`: `notReady()`, after asking the store when nothing has told lately whether it
   * answers (an idle process, or a load balancer polling faster than traffic comes).
   */
  async readiness(): Promise<string | null> {
    if (this.downSince !== null || this.store === null) return this.notReady();
    if (this.now() - this.okAt < READY_FRESH_MS) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(
        () => resolve(`the database has not answered within ${READY_PING_TIMEOUT_MS} ms`),
        READY_PING_TIMEOUT_MS,
      );
    });
    const answered = this.store.ping().then(
      () => null,
      () => null,
    );
    try {
      // A failed ping has marked the store down (through the guard): notReady() says why.
      return (await Promise.race([answered, late])) ?? this.notReady();
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs `listener` each time the store is reachable again after an outage. */
  onRecovered(listener: () => void): void {
    this.recovered.push(listener);
  }

  /** A call failed because the store cannot be reached. */
  unreachable(error: unknown): void {
    const now = this.now();
    this.lastProblem = describe(error);
    if (this.downSince === null) {
      this.downSince = now;
      this.loggedAt = now;
      this.failures = 0;
      this.log.error(
        { err: error },
        'the database cannot be reached: moves are refused as UNAVAILABLE until it is back',
      );
      this.startProbe();
      return;
    }
    this.failures++;
    if (now - this.loggedAt >= this.logEveryMs) {
      this.log.warn(
        { failed: this.failures, downMs: now - this.downSince, problem: this.lastProblem },
        'the database is still unreachable',
      );
      this.loggedAt = now;
      this.failures = 0;
    }
  }

  /** A call succeeded: the store is reachable (again). */
  reachable(): void {
    this.okAt = this.now();
    if (this.downSince === null) return;
    const downMs = this.now() - this.downSince;
    this.downSince = null;
    this.stopProbe();
    this.log.warn({ downMs, failed: this.failures }, 'the database is reachable again');
    this.failures = 0;
    for (const listener of this.recovered) {
      try {
        listener();
      } catch (error) {
        this.log.error({ err: error }, 'a listener of the database coming back failed');
      }
    }
  }

  /**
   * A pooled connection broke (its server restarted or the network dropped it), idle or in use:
   * the pool replaces it, and a query that was using it fails where it ran. Logged at most
   * once per `logEveryMs`, with the count.
   */
  connectionLost(error: unknown): void {
    this.lostConnections++;
    const now = this.now();
    if (now - this.lostLoggedAt < this.logEveryMs) return;
    this.log.warn(
      { lost: this.lostConnections, problem: describe(error) },
      'database connections were lost; new ones are opened as needed',
    );
    this.lostLoggedAt = now;
    this.lostConnections = 0;
  }

  /**
   * The store as the server uses it: each call's failure for want of the store becomes
   * `StoreUnavailable` (and is counted here), any other failure passes unchanged; each
   * success says the store is reachable.
   */
  guard(store: Store): Store {
    const guarded = new Proxy(store, {
      get: (target, key) => {
        const value = Reflect.get(target, key);
        if (typeof value !== 'function' || key === 'close' || key === 'migrate') return value;
        return (...args: unknown[]) => this.watch(() => value.apply(target, args));
      },
    });
    this.store = guarded;
    return guarded;
  }

  close(): void {
    this.closed = true;
    this.stopProbe();
  }

  private async watch<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      this.reachable();
      return result;
    } catch (error) {
      if (error instanceof StoreUnavailable) throw error;
      if (!isStoreUnreachable(error)) throw error;
      this.unreachable(error);
      throw new StoreUnavailable(error);
    }
  }

  private startProbe(): void {
    if (this.probe !== null || this.closed || this.store === null) return;
    const store = this.store;
    this.probe = setInterval(() => {
      if (this.probing) return;
      this.probing = true;
      // Through the guarded store: success ends the outage, failure is counted.
      store
        .ping()
        .catch(() => {})
        .finally(() => {
          this.probing = false;
        });
    }, this.probeEveryMs);
    // The probe never keeps a process alive that is otherwise done.
    this.probe.unref();
  }

  private stopProbe(): void {
    if (this.probe !== null) clearInterval(this.probe);
    this.probe = null;
  }
}
