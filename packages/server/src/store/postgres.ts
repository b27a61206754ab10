/**
 * The PostgreSQL database shared by the processes of a cluster (`DATABASE_URL`). pg is
 * asynchronous, so the store runs on the main thread; the commit queue still groups the moves
 * that arrive during a commit into the next transaction.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { SqlStore } from './sql.ts';

/** Connections per process: commits are grouped, so a few carry the load. */
const POOL_SIZE = 10;

export function openPostgresStore(url: string): SqlStore {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  // An idle connection that breaks (database restarted) must not crash the process; the
  // pool replaces it and the next query reports the failure where it happens.
  pool.on('error', () => {});
  return new SqlStore(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
}
