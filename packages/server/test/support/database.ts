/**
 * The database of a test server. By default each server gets SQLite in its data folder; with
 * `TEST_POSTGRES_URL` (a PostgreSQL role allowed to create databases, as CI sets it) each data
 * folder gets its own fresh PostgreSQL database instead, the same one again after a restart,
 * so that the whole suite runs against both stores.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL || null;
/** Redis for the cluster tests (CI sets it; they are skipped without it). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || null;

const made = new Set<string>();

function databaseName(dataDir: string): string {
  return `gangsta_test_${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`;
}

function urlWithDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL! });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL database of this data folder (created at first use), or null for SQLite. */
export async function databaseUrlFor(dataDir: string): Promise<string | null> {
  if (!TEST_POSTGRES_URL) return null;
  const name = databaseName(dataDir);
  if (!made.has(name)) {
    await withAdmin(async (client) => {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
    });
    made.add(name);
  }
  return urlWithDatabase(TEST_POSTGRES_URL, name);
}

/**
 * `DROP DATABASE … WITH (FORCE)` also ends the sessions of other roles, and refuses (42501)
 * when it may not: an autovacuum worker busy in the fresh test database is one, unless the
 * role is in `pg_signal_backend` (as `.ci/run` makes it). The worker is done within moments,
 * so the drop is tried again for a few seconds.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== '42501' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Drops the database of one data folder (after its servers stopped). */
export async function dropTestDatabase(dataDir: string): Promise<void> {
  const name = databaseName(dataDir);
  if (!TEST_POSTGRES_URL || !made.delete(name)) return;
  await withAdmin((client) => dropDatabase(client, name));
}

/** Drops every database this test file made (after its servers stopped). */
export async function dropTestDatabases(): Promise<void> {
  if (!TEST_POSTGRES_URL || made.size === 0) return;
  const names = [...made];
  made.clear();
  await withAdmin(async (client) => {
    for (const name of names) await dropDatabase(client, name);
  });
}

/** Which store the tests run against, for test names. */
export const STORE_NAME = TEST_POSTGRES_URL ? 'PostgreSQL' : 'SQLite';
