/**
 * Helpers of the fault tests (`faults-*.test.ts`): a cluster of two spawned processes, the
 * stored log with each row's fencing token, the tables' fences, `/ready` and the metrics of a
 * process, and the warning lines of its log.
 */
import pg from 'pg';
import { TEST_REDIS_URL } from './database.ts';
import { makeDataDir, type SpawnedServer, spawnServer, TEST_METRICS_TOKEN } from './spawnServer.ts';

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two processes of one cluster (one database: the same data folder), each with its own env. */
export async function twoProcesses(
  envs: [Record<string, string>, Record<string, string>] = [{}, {}],
  redisUrl = TEST_REDIS_URL ?? '',
): Promise<[SpawnedServer, SpawnedServer]> {
  const dataDir = makeDataDir();
  const first = await spawnServer({ dataDir, env: { REDIS_URL: redisUrl, ...envs[0] } });
  const second = await spawnServer({ dataDir, env: { REDIS_URL: redisUrl, ...envs[1] } });
  return [first, second];
}

export interface LoggedRow {
  seq: number;
  seat: number;
  byBot: boolean;
  clientId: string;
  /** The fencing token the row was written under (null: none). */
  fence: number | null;
}

/** One statement on a process's PostgreSQL database (the fault tests need PostgreSQL). */
export async function query<T extends pg.QueryResultRow>(
  server: SpawnedServer,
  text: string,
  values: unknown[],
): Promise<T[]> {
  if (!server.databaseUrl) throw new Error('the fault tests need PostgreSQL (TEST_POSTGRES_URL)');
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A table's stored log, in order, with each row's fencing token. */
export async function storedLog(server: SpawnedServer, tableId: string): Promise<LoggedRow[]> {
  const rows = await query<{
    seq: number;
    seat: number;
    by_bot: number;
    client_id: string;
    fence: number | null;
  }>(
    server,
    'SELECT seq, seat, by_bot, client_id, fence FROM moves WHERE table_id = $1 ORDER BY seq',
    [tableId],
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    seat: Number(r.seat),
    byBot: Number(r.by_bot) === 1,
    clientId: r.client_id,
    fence: r.fence === null ? null : Number(r.fence),
  }));
}

/** The current fence of each table (the token of its latest lease). */
export async function fences(
  server: SpawnedServer,
  tableIds: string[],
): Promise<Map<string, number>> {
  const rows = await query<{ id: string; fence: number }>(
    server,
    'SELECT id, fence FROM tables WHERE id = ANY($1)',
    [tableIds],
  );
  return new Map(rows.map((r) => [r.id, Number(r.fence)]));
}

/** `/ready` of a process: its status and body. */
export async function readiness(server: SpawnedServer): Promise<{
  status: number;
  body: { ready: boolean; reason?: string; degraded?: { service: string; reason: string }[] };
}> {
  const response = await fetch(`${server.url}/ready`);
  return { status: response.status, body: (await response.json()) as never };
}

/** How many tables a process holds in memory (its `/metrics`). */
export async function tablesLoaded(server: SpawnedServer): Promise<number> {
  return metricValue(server, 'gangsta_tables_loaded');
}

/** How many active tables a process runs the bots of (its `/metrics`). */
export async function tablesRun(server: SpawnedServer): Promise<number> {
  return metricValue(server, 'gangsta_tables_run');
}

/** A gauge or counter of a process's `/metrics` (NaN when it has none by that name). */
export async function metricValue(server: SpawnedServer, name: string): Promise<number> {
  const headers = { authorization: `Bearer ${TEST_METRICS_TOKEN}` };
  const text = await (await fetch(`${server.url}/metrics`, { headers })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

/** The lines of a process's log (pino JSON) whose message contains `text`. */
export function logLines(server: SpawnedServer, text: string): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes(text));
}

/** The error-level lines of a process's log (pino level 50 and above). */
export function errorLines(server: SpawnedServer): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => Number(/"level":(\d+)/.exec(line)?.[1] ?? 0) >= 50);
}
