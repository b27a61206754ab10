/**
 * The server's settings (`ServerOptions`), made from the environment variables that
 * `environment.ts` parses and documents (one zod schema); the defaults are the schema's.
 */
import type { Mailer } from './email/mailer.ts';
import { type Environment, readEnvironment } from './environment.ts';
import type { SecuritySettings } from './security/settings.ts';
import type { Store } from './store/types.ts';
import type { TimeSource } from './time.ts';
import type { PrivateAllowance } from './webhooks/addresses.ts';
import type { DeliveryTuning } from './webhooks/queue.ts';

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
  /** The commit the server was built from (`GIT_COMMIT`), shown by `GET /version`. */
  commit: string | null;
  /** A bot's pause before its move, like a person thinking. */
  botDelayMs: number;
  botThreads: number;
  /** HTTP requests per minute and address (0: no limit). */
  httpPerMinute: number;
  /** Player creations per minute and address (0: no limit). */
  playersPerMinute: number;
  maxSocketsPerAddress: number;
  /** Milliseconds since the epoch (tests pass a controllable one). */
  now?: () => number;
  /** The time source with its timers (tests pass a `ManualTime`); `now` follows it when not given. */
  time?: TimeSource;
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
  /** The SMTP server of the notification mails (`SMTP_URL`); null: no mail is sent. */
  smtpUrl: string | null;
  /** The sender of the notification mails (`MAIL_FROM`). */
  mailFrom: string;
  /** Sends the mails instead of SMTP (tests). */
  mailer?: Mailer;
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

function limitsOf(env: Environment): ResourceLimits {
  return {
    openTablesPerPlayer: env.MAX_OPEN_TABLES_PER_PLAYER,
    waitingTableTtlMs: env.WAITING_TABLE_TTL_MS,
    lobbyPageSize: env.LOBBY_PAGE_SIZE,
    watchedPerConnection: env.MAX_WATCHED_PER_CONNECTION,
    spectatorsPerTable: env.MAX_SPECTATORS_PER_TABLE,
    syncsPerMinute: env.SYNCS_PER_MINUTE,
    helloTimeoutMs: env.HELLO_TIMEOUT_MS,
    idleTableMs: env.IDLE_TABLE_MS,
  };
}

function securityOf(env: Environment): SecuritySettings {
  return {
    allowedOrigins: env.ALLOWED_ORIGINS ?? null,
    metricsToken: env.METRICS_TOKEN ?? null,
    upgradeBurst: env.WS_UPGRADE_BURST,
    upgradesPerMinute: env.WS_UPGRADES_PER_MINUTE,
    webhookTestsPerHour: env.WEBHOOK_TESTS_PER_HOUR,
    webhookDnsServers: env.WEBHOOK_DNS_SERVERS ?? null,
  };
}

function optionsOf(env: Environment): ServerOptions {
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL ?? null,
    redisUrl: env.REDIS_URL ?? null,
    redisPrefix: env.REDIS_PREFIX,
    trustProxy: env.TRUST_PROXY ?? null,
    staticDir: env.STATIC_DIR,
    logLevel: env.LOG_LEVEL,
    commit: env.GIT_COMMIT ?? null,
    botDelayMs: env.BOT_DELAY_MS,
    botThreads: env.BOT_THREADS,
    httpPerMinute: env.RATE_LIMIT_HTTP,
    playersPerMinute: env.RATE_LIMIT_PLAYERS,
    maxSocketsPerAddress: env.MAX_SOCKETS_PER_ADDRESS,
    absentMs: env.ABSENT_MS,
    commitWindowMs: env.COMMIT_WINDOW_MS,
    sessionSecret: env.SESSION_SECRET ?? null,
    cookieSecure: env.COOKIE_SECURE ?? 'auto',
    loginPerMinute: env.RATE_LIMIT_LOGIN,
    publicUrl: env.PUBLIC_URL ?? null,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE ?? false,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    security: securityOf(env),
    limits: limitsOf(env),
  };
}

/** The settings with no variable set: the schema's defaults. */
const UNSET = readEnvironment({});

export const DEFAULT_LIMITS: ResourceLimits = limitsOf(UNSET);

export const DEFAULTS: ServerOptions = optionsOf(UNSET);

/**
 * Settings from the environment (PORT, HOST, DATA_DIR, DATABASE_URL, …: `environment.ts`);
 * throws a `ConfigError` naming every variable that cannot be read.
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerOptions {
  return optionsOf(readEnvironment(env));
}

/** The resource limits from the environment; a limit of 0 would lock everyone out, so ≥ 1. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): ResourceLimits {
  return limitsOf(readEnvironment(env));
}

/** Origins, the metrics token, the upgrade and webhook-test limits from the environment. */
export function securityFromEnv(env: NodeJS.ProcessEnv = process.env): SecuritySettings {
  return securityOf(readEnvironment(env));
}

/**
 * How far V8 lets the JS heap grow past what the last full collection kept, in percent
 * (`HEAP_GROWTH_PERCENT`; 0: V8's own choice). Left to itself, V8 lets a busy server's heap
 * hold several times its live data; at 50 % the server at 2,000 live games took about half the
 * memory, for 4–7 % more CPU per move (docs/scaling.md, "The heap's growth").
 * A process-wide setting: `main.ts` applies it before the server starts.
 */
export function heapGrowthPercentFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return readEnvironment(env).HEAP_GROWTH_PERCENT;
}

export const DEFAULT_HEAP_GROWTH_PERCENT = UNSET.HEAP_GROWTH_PERCENT;
