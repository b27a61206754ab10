/** The server's settings, with their defaults and the environment variables that set them. */
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from './store/types.ts';
import type { Clock } from './time.ts';
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
  /** Signs the session cookies (`SESSION_SECRET`); null: one generated once, kept in the store. */
  sessionSecret: string | null;
  /** Session cookies are `Secure`: the server runs behind HTTPS (`COOKIE_SECURE=1`). */
  cookieSecure: boolean;
  /** Login attempts per minute and address (`RATE_LIMIT_LOGIN`; 0: no limit). */
  loginPerMinute: number;
  /** The address players reach the server at, for links in webhooks; null: its own address. */
  publicUrl: string | null;
  /** Webhooks may point at loopback and private networks (`WEBHOOK_ALLOW_PRIVATE=1`; tests). */
  webhookAllowPrivate: boolean;
  /** Webhook delivery timing (tests shorten the backoff). */
  webhookTuning?: Partial<DeliveryTuning>;
  /** A store to use instead of the SQLite one in `dataDir` (tests). */
  store?: Store;
}

export const DEFAULTS: ServerOptions = {
  port: 5173,
  host: '127.0.0.1',
  dataDir: join(REPO_ROOT, 'data'),
  databaseUrl: null,
  redisUrl: null,
  trustProxy: null,
  staticDir: join(REPO_ROOT, 'packages', 'web', 'dist'),
  logLevel: 'info',
  botDelayMs: 800,
  botThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  httpPerMinute: 120,
  playersPerMinute: 10,
  maxSocketsPerAddress: 20,
  absentMs: 120_000,
  sessionSecret: null,
  cookieSecure: false,
  loginPerMinute: 10,
  publicUrl: null,
  webhookAllowPrivate: false,
};

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number ≥ 0, not "${text}"`);
  return value;
}

/** Settings from the environment (PORT, HOST, DATA_DIR, STATIC_DIR, LOG_LEVEL, …). */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerOptions {
  return {
    port: integer(env, 'PORT', DEFAULTS.port),
    host: env.HOST || DEFAULTS.host,
    dataDir: resolve(env.DATA_DIR || DEFAULTS.dataDir),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    trustProxy: env.TRUST_PROXY || null,
    staticDir: env.STATIC_DIR ? resolve(env.STATIC_DIR) : DEFAULTS.staticDir,
    logLevel: env.LOG_LEVEL || DEFAULTS.logLevel,
    botDelayMs: integer(env, 'BOT_DELAY_MS', DEFAULTS.botDelayMs),
    botThreads: Math.max(1, integer(env, 'BOT_THREADS', DEFAULTS.botThreads)),
    httpPerMinute: integer(env, 'RATE_LIMIT_HTTP', DEFAULTS.httpPerMinute),
    playersPerMinute: integer(env, 'RATE_LIMIT_PLAYERS', DEFAULTS.playersPerMinute),
    maxSocketsPerAddress: integer(env, 'MAX_SOCKETS_PER_ADDRESS', DEFAULTS.maxSocketsPerAddress),
    absentMs: integer(env, 'ABSENT_MS', DEFAULTS.absentMs),
    sessionSecret: env.SESSION_SECRET || null,
    cookieSecure: env.COOKIE_SECURE === '1',
    loginPerMinute: integer(env, 'RATE_LIMIT_LOGIN', DEFAULTS.loginPerMinute),
    publicUrl: env.PUBLIC_URL || null,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1',
  };
}
