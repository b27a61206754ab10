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

/**
 * A connection that cannot be made in this long fails (as unreachable: UNAVAILABLE, retry
 * later) instead of waiting for the operating system's TCP timeout, minutes on a network that
 * drops packets. pg applies the same limit to a query waiting for a free connection of a full
 * pool; one that waits this long finds the database as good as unreachable, and being told to
 * come back later (and `/ready` saying not-ready) is the right answer then too. Far above the
 * waits of the load benchmark at saturation (README: worst acknowledgement 4.4 s).
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A transaction left open this long between two statements is ended by the server. A process
 * paused in the middle of a group commit (SIGSTOP, a stalled machine) would otherwise keep its
 * tables' rows locked for as long as it is paused, and the process taking its leases over
 * could neither raise their fences nor commit (`fencing.ts`); ended, the paused commit fails
 * (nothing of it is stored) and the lease's new holder goes on. Below the lease's 15 s.
 */
const IDLE_IN_TRANSACTION_MS = 10_000;

export interface PostgresEvents {
  /** A pooled connection broke, idle or in use (the database restarted, the network dropped). */
  connectionLost(error: Error): void;
}

export function openPostgresStore(url: string, events?: PostgresEvents): SqlStore {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_MS}`,
    // A dead peer is noticed by the kernel's keepalive rather than never (a silent drop).
    keepAlive: true,
  });
  const lost = (error: Error) => events?.connectionLost(error);
  // An idle connection that breaks: the pool drops it and emits the error here too, where a
  // listener must exist; the client's own listener below has reported it already.
  pool.on('error', () => {});
  // A connection checked out (inside a group commit's transaction) has no listener of the
  // pool's: when its server ends it (57P01 at a restart, ECONNRESET), pg emits `error` on the
  // client itself, and an `error` event nobody listens to ends the process. Each client gets
  // its own listener for its whole life; the query using it fails where it ran (the store's
  // callers turn that into UNAVAILABLE), and the pool drops the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', lost);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return new SqlStore(db, 'postgres', { pool });
}
