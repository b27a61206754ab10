/**
 * What the log says about the store at start, and the one line an operator gets instead of a
 * stack trace when the store cannot be reached (`StartError`; `main.ts` prints it and exits 1).
 */
import pg from 'pg';
import type { ServerOptions } from '../config.ts';
import { DATABASE_FILE } from '../store/sqliteFile.ts';
import type { Store } from '../store/types.ts';

/** A start that failed for a reason the operator can act on; its message is the whole story. */
export class StartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartError';
  }
}

/** The kind of store and where it is, without the password of a PostgreSQL URL. */
export function storeDescription(options: Pick<ServerOptions, 'databaseUrl' | 'dataDir'>): {
  store: 'postgres' | 'sqlite';
  at: string;
} {
  if (options.databaseUrl) return { store: 'postgres', at: postgresAddress(options.databaseUrl) };
  return { store: 'sqlite', at: `${options.dataDir}/${DATABASE_FILE}` };
}

/** `host:port/database` of a PostgreSQL URL. */
function postgresAddress(url: string): string {
  const parsed = new URL(url);
  const database = parsed.pathname.replace(/^\//, '');
  return `${parsed.hostname || 'localhost'}:${parsed.port || 5432}${database ? `/${database}` : ''}`;
}

/** Why a connection failed, in words: pg's message, or the system's codes (refused…). */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0)
    return [...new Set(error.errors.map(reasonOf))].join('; ');
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused (is PostgreSQL running there?)',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the host name could not be resolved',
    ETIMEDOUT: 'timed out',
    EHOSTUNREACH: 'host unreachable',
  };
  if (typeof code === 'string' && known[code]) return known[code];
  return error.message || (typeof code === 'string' ? code : 'unknown error');
}

/**
 * Connects to PostgreSQL once before the store opens its pool, so that a wrong address, a
 * refused connection or a bad password ends the start with one clear line.
 */
export async function checkPostgres(url: string, timeoutMs = 10_000): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // A failure is reported by connect(); the event must still have a listener.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new StartError(
      `cannot connect to PostgreSQL at ${postgresAddress(url).replace(/\/.*$/, '')}: ${reasonOf(error)}`,
      { cause: error },
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/** The logger's part that the migrations use. */
interface InfoLog {
  info(fields: object, message: string): void;
}

/**
 * Runs the migrations the database has not run, one log line each (kysely records them in its
 * `kysely_migration` table). A failed one ends the start, naming it (nothing of it is kept:
 * each migration runs in its own transaction where the database allows it).
 */
export async function migrateStore(
  store: Store,
  options: Pick<ServerOptions, 'databaseUrl' | 'dataDir'>,
  log: InfoLog,
): Promise<string[]> {
  let applied: string[];
  try {
    applied = await store.migrate();
  } catch (error) {
    const { store: kind, at } = storeDescription(options);
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartError(`cannot bring the ${kind} database at ${at} up to date: ${reason}`, {
      cause: error,
    });
  }
  for (const name of applied) log.info({ migration: name }, `migration ${name} applied`);
  return applied;
}
