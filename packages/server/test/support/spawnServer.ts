/**
 * Starts the real server (`bin/server.mjs`) as a child process, the way production runs it, so
 * tests can talk to it over real sockets and can kill it with any signal (kill -9 included).
 *
 * Every server started here is remembered until it exits: call `stopAllServers()` in an
 * `afterAll`/`afterEach` so no process outlives its test file (servers are always stopped by
 * their own pid). A data folder the helper created itself is removed when its server stops;
 * a folder passed in by the caller (to restart on the same database) is the caller's: make it
 * with `makeDataDir()` and remove it with `removeDataDirs()`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrlFor, dropTestDatabases } from './database.ts';

export const SERVER_BIN = fileURLToPath(new URL('../../bin/server.mjs', import.meta.url));

/** The line the server prints on stdout when it accepts connections (its start contract). */
const LISTENING = /gangsta server listening on (http:\/\/[^\s]+)/;

export interface SpawnOptions {
  /** The data folder (SQLite file `gangsta.sqlite` inside); a fresh temporary one if absent. */
  dataDir?: string | undefined;
  /**
   * Extra environment, over the test defaults: PORT=0, HOST=127.0.0.1, LOG_LEVEL=warn,
   * BOT_DELAY_MS=0, the file's own REDIS_PREFIX, and the per-address limits lifted (`TEST_LIMITS`), because every test
   * client comes from 127.0.0.1. A test of those limits sets them here.
   */
  env?: Record<string, string>;
  /** How long to wait for the "listening" line (the first start compiles the sources). */
  startTimeoutMs?: number;
  /** Node flags for the server process, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /**
   * A PostgreSQL database of the test's own (e.g. on a server it restarts), instead of the
   * data folder's database on the suite's shared `TEST_POSTGRES_URL`.
   */
  databaseUrl?: string;
}

export interface SpawnedServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `ws://127.0.0.1:<port>/api/v1/ws` */
  wsUrl: string;
  pid: number;
  dataDir: string;
  /** The SQLite file the server writes (unused with PostgreSQL). */
  databaseFile: string;
  /** The PostgreSQL database the server writes, when the tests run against PostgreSQL. */
  databaseUrl: string | null;
  /** Everything the process wrote so far (for failure messages). */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
  /** Sends `signal` and waits for the process to be gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Whether the process has exited. */
  exited(): boolean;
}

/** Per-address limits off: all test clients share one address (0 = no limit for the rates). */
export const TEST_LIMITS: Record<string, string> = {
  RATE_LIMIT_HTTP: '0',
  RATE_LIMIT_PLAYERS: '0',
  MAX_SOCKETS_PER_ADDRESS: '100000',
  WS_UPGRADES_PER_MINUTE: '0',
};

/**
 * The test file's own names in Redis: the files run side by side and share the suite's Redis,
 * and a cluster must hear only its own processes. The servers of one file share it.
 */
export const TEST_REDIS_PREFIX = `gangsta-test-${randomUUID().slice(0, 8)}`;

/** The `/metrics` bearer token of every spawned server (metrics are off without one). */
export const TEST_METRICS_TOKEN = 'test-metrics-token';

const running = new Set<SpawnedServer>();
const madeDirs = new Set<string>();

/** A fresh temporary data folder, removed by `removeDataDirs()`. */
export function makeDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gangsta-server-test-'));
  madeDirs.add(dir);
  return dir;
}

/** Removes every folder `makeDataDir()` made (call after the servers using them stopped). */
export function removeDataDirs(): void {
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
  madeDirs.clear();
}

/** Stops every server still running (by pid), then removes the temporary data folders. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
  removeDataDirs();
  await dropTestDatabases();
}

export async function spawnServer(options: SpawnOptions = {}): Promise<SpawnedServer> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? makeDataDir();
  const databaseUrl = options.databaseUrl ?? (await databaseUrlFor(dataDir));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_BIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      LOG_LEVEL: 'warn',
      BOT_DELAY_MS: '0',
      ...TEST_LIMITS,
      METRICS_TOKEN: TEST_METRICS_TOKEN,
      REDIS_PREFIX: TEST_REDIS_PREFIX,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${SERVER_BIN}`);
  const server = handleFor(child, child.pid, dataDir, ownDir, databaseUrl);
  running.add(server);
  try {
    const url = await listeningUrl(child, server, options.startTimeoutMs ?? 60_000);
    Object.assign(server, { url, wsUrl: `${url.replace(/^http/, 'ws')}/api/v1/ws` });
    return server;
  } catch (error) {
    await server.stop();
    throw error;
  }
}

function handleFor(
  child: ChildProcess,
  pid: number,
  dataDir: string,
  ownDir: boolean,
  databaseUrl: string | null,
): SpawnedServer {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? null : 0)));
  });
  let gone = false;
  void exit.then(() => {
    gone = true;
  });
  const server: SpawnedServer = {
    url: '',
    wsUrl: '',
    pid,
    dataDir,
    databaseFile: join(dataDir, 'gangsta.sqlite'),
    databaseUrl,
    output: () => output,
    exited: () => gone,
    async kill(signal) {
      if (!gone) process.kill(pid, signal);
      await exit;
      running.delete(server);
    },
    async stop(graceMs = 10_000) {
      if (!gone) process.kill(pid, 'SIGTERM');
      const timer = setTimeout(() => {
        if (!gone) process.kill(pid, 'SIGKILL');
      }, graceMs);
      const code = await exit;
      clearTimeout(timer);
      running.delete(server);
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
  return server;
}

function listeningUrl(
  child: ChildProcess,
  server: SpawnedServer,
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => fail(`no "listening" line within ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const url = LISTENING.exec(seen)?.[1];
      if (url !== undefined) {
        cleanup();
        resolve(url.replace(/\/$/, ''));
      }
    };
    const onExit = (code: number | null) =>
      fail(`the server exited (code ${code}) before listening`);
    function fail(why: string) {
      cleanup();
      reject(new Error(`${why}; its output:\n${server.output().slice(-4000)}`));
    }
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    }
    child.stdout?.on('data', onData);
    child.on('exit', onExit);
  });
}

// A test runner that dies between tests must not leave servers behind: kill what is left by pid.
process.once('exit', () => {
  for (const server of running) {
    if (!server.exited()) {
      try {
        process.kill(server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});
