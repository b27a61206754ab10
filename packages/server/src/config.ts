/** The server's settings, with their defaults and the environment variables that set them. */
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from './store/types.ts';

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
  /** A store to use instead of the SQLite one in `dataDir` (tests). */
  store?: Store;
}

export const DEFAULTS: ServerOptions = {
  port: 5173,
  host: '127.0.0.1',
  dataDir: join(REPO_ROOT, 'data'),
  databaseUrl: null,
  redisUrl: null,
  staticDir: join(REPO_ROOT, 'packages', 'web', 'dist'),
  logLevel: 'info',
  botDelayMs: 800,
  botThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  httpPerMinute: 120,
  playersPerMinute: 10,
  maxSocketsPerAddress: 20,
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
    staticDir: env.STATIC_DIR ? resolve(env.STATIC_DIR) : DEFAULTS.staticDir,
    logLevel: env.LOG_LEVEL || DEFAULTS.logLevel,
    botDelayMs: integer(env, 'BOT_DELAY_MS', DEFAULTS.botDelayMs),
    botThreads: Math.max(1, integer(env, 'BOT_THREADS', DEFAULTS.botThreads)),
    httpPerMinute: integer(env, 'RATE_LIMIT_HTTP', DEFAULTS.httpPerMinute),
    playersPerMinute: integer(env, 'RATE_LIMIT_PLAYERS', DEFAULTS.playersPerMinute),
    maxSocketsPerAddress: integer(env, 'MAX_SOCKETS_PER_ADDRESS', DEFAULTS.maxSocketsPerAddress),
  };
}
