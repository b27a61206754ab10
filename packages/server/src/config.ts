/** The server's settings, with their defaults and the environment variables that set them. */
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_REDIS_PREFIX } from './cluster/messages.ts';
import { DEFAULT_SECURITY, type SecuritySettings, securityFromEnv } from './security/settings.ts';
import type { Store } from './store/types.ts';
import type { Clock } from './time.ts';
import { type PrivateAllowance, parsePrivateAllowance } from './webhooks/addresses.ts';
import type { DeliveryTuning } from './webhooks/queue.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface ServerOptions {
  /** 0: a free port chosen by the system. */
  port: number;
  host: string;
  /** The folder of the SQLite database (created if missing); unused with `databaseUrl`. */
  dataDir: string;
  /** A PostgreSQL connection string: the store of a cluster (else SQLite in `dataDir`). */
  databaseUrl: string | null;
  /** A Redis connection string: processes sharing `databaseUrl` serve the same tables. */
  redisUrl: string | null;
  /**
   * The prefix of this cluster's keys and channels in Redis. Every process of a cluster uses
   * the same one; clusters that share a Redis (staging beside live) each need their own.
   */
  redisPrefix: string;
  /**
   * The proxies whose `X-Forwarded-For` is believed (addresses or CIDR ranges, comma
   * separated): behind a load balancer, the per-address limits must see the players' addresses.
   */
  trustProxy: string | null;
  /** The built web client, served at `/` when the folder exists; null serves no files. */
  staticDir: string | null;
  logLevel: string;
  /** A bot's pause before its move, like a person thinking. */
  botDelayMs: number;
  botThreads: number;
  /** HTTP requests per minute and address (0: no limit). */
  httpPerMinute: number;
  /** Player creations per minute and address (0: no limit). */
  playersPerMinute: number;
  maxSocketsPerAddress: number;
  /** The clock (tests pass a controllable one). */
  now?: () => number;
  /** The clock with its timers (tests pass a `ManualClock`); `now` follows it when not given. */
  clock?: Clock;
  /** A friendly table's bot takes the seat of a player deciding without a connection this long. */
  absentMs: number;
  /**
   * How long the first move after a quiet spell waits for others to share its transaction
   * (`COMMIT_WINDOW_MS`): fewer, larger commits under load, for that much more latency.
   */
  commitWindowMs: number;
  /** Signs the session cookies (`SESSION_SECRET`); null: one generated once, kept in the store. */
  sessionSecret: string | null;
  /**
   * Session cookies are `Secure`: always (`COOKIE_SECURE=1`), never (`0`), or when the request
   * came over HTTPS ('auto', the default; `X-Forwarded-Proto` counts only from `trustProxy`).
   */
  cookieSecure: boolean | 'auto';
  /** Login attempts per minute and address (`RATE_LIMIT_LOGIN`; 0: no limit). */
  loginPerMinute: number;
  /** The address players reach the server at, for links in webhooks; null: its own address. */
  publicUrl: string | null;
  /**
   * Webhooks may point at loopback and private networks: all (`WEBHOOK_ALLOW_PRIVATE=1`; tests)
   * or the networks listed (`10.1.0.0/16,fd00::/8`).
   */
  webhookAllowPrivate: PrivateAllowance;
  /** Origins, the metrics token, the upgrade and webhook-test limits (docs/security.md). */
  security: SecuritySettings;
  /** Webhook delivery timing (tests shorten the backoff). */
  webhookTuning?: Partial<DeliveryTuning>;
  /** A store to use instead of the SQLite one in `dataDir` (tests). */
  store?: Store;
  /** Bounds on what one player, connection or table may hold (see `ResourceLimits`). */
  limits: ResourceLimits;
}

/**
 * What one player, connection or table may hold at most, so that no client can make the
 * server keep unbounded state or send unbounded traffic. Each has an environment variable.
 */
export interface ResourceLimits {
  /** Waiting or playing tables one player hosts (`MAX_OPEN_TABLES_PER_PLAYER`). */
  openTablesPerPlayer: number;
  /** A waiting table that has not started this long after its creation is deleted (`WAITING_TABLE_TTL_MS`). */
  waitingTableTtlMs: number;
  /** Tables per list in one page of the lobby (`LOBBY_PAGE_SIZE`). */
  lobbyPageSize: number;
  /** Tables one connection watches at once (`MAX_WATCHED_PER_CONNECTION`). */
  watchedPerConnection: number;
  /** Connections watching one table without a seat at it (`MAX_SPECTATORS_PER_TABLE`). */
  spectatorsPerTable: number;
  /**
   * Full syncs a connection may cause per minute (`SYNCS_PER_MINUTE`): a watch and a stale
   * move are each answered with the whole visible game, so they are counted.
   */
  syncsPerMinute: number;
  /** A connection that has not said hello this long after opening is closed (`HELLO_TIMEOUT_MS`). */
  helloTimeoutMs: number;
  /**
   * A playing table nobody watches, where nothing is due, leaves memory after this long
   * without a move (`IDLE_TABLE_MS`); it is read from the store when someone opens it.
   */
  idleTableMs: number;
}

export const DEFAULT_LIMITS: ResourceLimits = {
  // Enough for a turn-based player's many games; a guest cannot fill the lobby and memory.
  openTablesPerPlayer: 20,
  // A day to gather the players; an abandoned table then leaves the lobby and memory.
  waitingTableTtlMs: 24 * 60 * 60_000,
  lobbyPageSize: 50,
  // The web client watches one table at a time; a few tabs share nothing, so leave room.
  watchedPerConnection: 20,
  spectatorsPerTable: 200,
  // An honest client needs a handful (reconnects, an occasional stale move).
  syncsPerMinute: 30,
  // Live games move every few seconds; a turn-based game waits hours for its next move.
  idleTableMs: 10 * 60_000,
  helloTimeoutMs: 10_000,
};

export const DEFAULTS: ServerOptions = {
  port: 5173,
  host: '127.0.0.1',
  dataDir: join(REPO_ROOT, 'data'),
  databaseUrl: null,
  redisUrl: null,
  redisPrefix: DEFAULT_REDIS_PREFIX,
  trustProxy: null,
  staticDir: join(REPO_ROOT, 'packages', 'web', 'dist'),
  logLevel: 'info',
  botDelayMs: 800,
  botThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  httpPerMinute: 120,
  playersPerMinute: 10,
  maxSocketsPerAddress: 20,
  absentMs: 120_000,
  commitWindowMs: 0,
  sessionSecret: null,
  cookieSecure: 'auto',
  loginPerMinute: 10,
  publicUrl: null,
  webhookAllowPrivate: false,
  security: DEFAULT_SECURITY,
  limits: DEFAULT_LIMITS,
};

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number ≥ 0, not "${text}"`);
  return value;
}

function redisPrefixFromEnv(text: string | undefined): string {
  if (text === undefined || text === '') return DEFAULT_REDIS_PREFIX;
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(text)) {
    throw new Error(
      `REDIS_PREFIX must be 1 to 64 letters, digits, dots, dashes or underscores, not "${text}"`,
    );
  }
  return text;
}

function cookieSecureFromEnv(text: string | undefined): boolean | 'auto' {
  if (text === undefined || text === '') return 'auto';
  if (text === '1' || text === '0') return text === '1';
  throw new Error(
    `COOKIE_SECURE must be 1 (always), 0 (never) or unset (over HTTPS), not "${text}"`,
  );
}

/** Settings from the environment (PORT, HOST, DATA_DIR, STATIC_DIR, LOG_LEVEL, …). */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerOptions {
  return {
    port: integer(env, 'PORT', DEFAULTS.port),
    host: env.HOST || DEFAULTS.host,
    dataDir: resolve(env.DATA_DIR || DEFAULTS.dataDir),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: redisPrefixFromEnv(env.REDIS_PREFIX),
    trustProxy: env.TRUST_PROXY || null,
    staticDir: env.STATIC_DIR ? resolve(env.STATIC_DIR) : DEFAULTS.staticDir,
    logLevel: env.LOG_LEVEL || DEFAULTS.logLevel,
    botDelayMs: integer(env, 'BOT_DELAY_MS', DEFAULTS.botDelayMs),
    botThreads: Math.max(1, integer(env, 'BOT_THREADS', DEFAULTS.botThreads)),
    httpPerMinute: integer(env, 'RATE_LIMIT_HTTP', DEFAULTS.httpPerMinute),
    playersPerMinute: integer(env, 'RATE_LIMIT_PLAYERS', DEFAULTS.playersPerMinute),
    maxSocketsPerAddress: integer(env, 'MAX_SOCKETS_PER_ADDRESS', DEFAULTS.maxSocketsPerAddress),
    absentMs: integer(env, 'ABSENT_MS', DEFAULTS.absentMs),
    commitWindowMs: integer(env, 'COMMIT_WINDOW_MS', DEFAULTS.commitWindowMs),
    sessionSecret: env.SESSION_SECRET || null,
    cookieSecure: cookieSecureFromEnv(env.COOKIE_SECURE),
    loginPerMinute: integer(env, 'RATE_LIMIT_LOGIN', DEFAULTS.loginPerMinute),
    publicUrl: env.PUBLIC_URL || null,
    webhookAllowPrivate: parsePrivateAllowance(env.WEBHOOK_ALLOW_PRIVATE),
    security: securityFromEnv(env),
    limits: limitsFromEnv(env),
  };
}

/**
 * How far V8 lets the JS heap grow past what the last full collection kept, in percent
 * (`HEAP_GROWTH_PERCENT`; 0: V8's own choice). Left to itself, V8 lets a busy server's heap
 * hold several times its live data; at 50 % the server at 2,000 live games took about half the
 * memory, for 4–7 % more CPU per move (docs/scaling.md, "The heap's growth").
 * A process-wide setting: `main.ts` applies it before the server starts.
 */
export function heapGrowthPercentFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const percent = integer(env, 'HEAP_GROWTH_PERCENT', DEFAULT_HEAP_GROWTH_PERCENT);
  if (percent !== 0 && (percent < 10 || percent > 400))
    throw new Error(`HEAP_GROWTH_PERCENT must be 0 (V8's own) or 10 to 400, not "${percent}"`);
  return percent;
}

export const DEFAULT_HEAP_GROWTH_PERCENT = 50;

/** The resource limits from the environment; a limit of 0 would lock everyone out, so ≥ 1. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): ResourceLimits {
  const at = (name: string, fallback: number) => {
    const value = integer(env, name, fallback);
    if (value < 1) throw new Error(`${name} must be at least 1, not "${env[name]}"`);
    return value;
  };
  const d = DEFAULT_LIMITS;
  return {
    openTablesPerPlayer: at('MAX_OPEN_TABLES_PER_PLAYER', d.openTablesPerPlayer),
    waitingTableTtlMs: at('WAITING_TABLE_TTL_MS', d.waitingTableTtlMs),
    lobbyPageSize: at('LOBBY_PAGE_SIZE', d.lobbyPageSize),
    watchedPerConnection: at('MAX_WATCHED_PER_CONNECTION', d.watchedPerConnection),
    spectatorsPerTable: at('MAX_SPECTATORS_PER_TABLE', d.spectatorsPerTable),
    syncsPerMinute: at('SYNCS_PER_MINUTE', d.syncsPerMinute),
    helloTimeoutMs: at('HELLO_TIMEOUT_MS', d.helloTimeoutMs),
    idleTableMs: at('IDLE_TABLE_MS', d.idleTableMs),
  };
}
