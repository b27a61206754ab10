/**
 * What an operator reads: the real server process (SQLite, a random port) logs at `info` by
 * default one line when it starts (version, store), one per migration it runs, one when it is
 * ready (address, store, redis, tables rebuilt), one when SIGTERM makes it drain and one when
 * it has stopped; `GET /version` says which server answers; `--migrate-only` runs the
 * migrations, prints them and exits 0 without serving.
 */
import { spawn } from 'node:child_process';
import { PROTOCOL_MINOR, PROTOCOL_VERSION } from '@gangsta/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { ORDERED } from '../src/store/migrations/index.ts';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from './support/database.ts';
import { tablesRun, twoProcesses } from './support/faults.ts';
import { setUpTable } from './support/index.ts';
import { makeDataDir, SERVER_BIN, spawnServer, stopAllServers } from './support/spawnServer.ts';

afterAll(stopAllServers);

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The JSON log lines of a process's output (stdout's ready line and others left out). */
function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** `node bin/server.mjs --migrate-only` on a data folder: its exit code and output. */
function migrateOnly(
  dataDir: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [SERVER_BIN, '--migrate-only'], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

const INFO = 30;
const MIGRATIONS = ORDERED.map((m) => m.name);

describe('the log of a server process', () => {
  it('says start, each migration, ready, draining on SIGTERM and stopped, at info by default', async () => {
    const server = await spawnServer({
      // Unset: the default level, whatever the tests' own default is. On SQLite even when the
      // suite runs on PostgreSQL: the cluster's lines have their own test below.
      env: { LOG_LEVEL: '', GIT_COMMIT: 'abc1234', DATABASE_URL: '' },
    });
    const started = logLines(server.output());
    expect(started[0]).toMatchObject({
      level: INFO,
      msg: `gangsta server ${packageJson.version} starting`,
      version: packageJson.version,
      commit: 'abc1234',
      store: 'sqlite',
      at: server.databaseFile,
      redis: false,
    });
    const migrations = started.filter((line) => typeof line.migration === 'string');
    expect(migrations.map((line) => line.migration)).toEqual(MIGRATIONS);
    expect(migrations.map((line) => line.msg)).toEqual(
      MIGRATIONS.map((name) => `migration ${name} applied`),
    );
    const ready = started.find((line) => line.msg.startsWith('ready:'));
    expect(ready).toMatchObject({
      level: INFO,
      msg: `ready: gangsta server ${packageJson.version} on ${server.url}, sqlite store, 0 tables rebuilt`,
      address: server.url,
      store: 'sqlite',
      redis: false,
      rebuilt: 0,
    });
    // Nothing per request at info.
    const version = await fetch(`${server.url}/version`);
    expect(await version.json()).toEqual({
      version: packageJson.version,
      protocol: `${PROTOCOL_VERSION}.${PROTOCOL_MINOR}`,
      commit: 'abc1234',
      node: process.versions.node,
    });
    expect(logLines(server.output())).toHaveLength(started.length);

    expect(await server.stop()).toBe(0);
    const after = logLines(server.output()).slice(started.length);
    expect(after.map((line) => line.msg)).toEqual([
      'draining (SIGTERM received): 0 sockets told to reconnect',
      'stopped',
    ]);
    expect(after[0]).toMatchObject({ reason: 'SIGTERM', sockets: 0 });
  });
});

describe.skipIf(TEST_POSTGRES_URL === null || TEST_REDIS_URL === null)(
  'the log of a cluster process (PostgreSQL and Redis)',
  () => {
    it('names the process in its ready line and counts the tables it hands over at SIGTERM', async () => {
      const [runner, other] = await twoProcesses([{ LOG_LEVEL: 'info' }, {}]);
      const ready = logLines(runner.output()).find((line) => line.msg.startsWith('ready:'));
      expect(ready).toMatchObject({ store: 'postgres', redis: true });
      expect(ready?.processId).toEqual(expect.any(String));
      expect(ready?.msg).toContain(`, cluster process ${ready?.processId},`);
      // Tables created on the runner: it takes their leases at once.
      for (let i = 0; i < 2; i++) {
        const table = await setUpTable(runner, {
          label: `log${i}`,
          seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }],
          timeoutMs: 30_000,
        });
        await table.players[0].client.reconnect(other);
      }
      const held = await tablesRun(runner);
      expect(held).toBe(2);
      expect(await runner.stop()).toBe(0);
      const messages = logLines(runner.output()).map((line) => line.msg);
      const drain = messages.findIndex((msg) =>
        /^draining \(SIGTERM received\): \d+ sockets told to reconnect$/.test(msg),
      );
      expect(drain).toBeGreaterThan(-1);
      expect(messages.slice(drain + 1)).toEqual([
        `hand-over: ${held} tables given up to the other processes`,
        'stopped',
      ]);
    });
  },
);

describe('--migrate-only', () => {
  it('runs the migrations, prints each, exits 0 without serving; a second run has none to run', async () => {
    const dataDir = makeDataDir();
    const first = await migrateOnly(dataDir);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      MIGRATIONS.map((name) => `gangsta server: migration ${name} applied\n`).join(''),
    );
    expect(first.stdout).not.toContain('listening');
    const second = await migrateOnly(dataDir);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('gangsta server: the database is up to date; no migration to run\n');
    // A server started on it now has nothing to migrate.
    // The same SQLite file `--migrate-only` brought up to date (the suite may run on PostgreSQL).
    const server = await spawnServer({ dataDir, env: { LOG_LEVEL: 'info', DATABASE_URL: '' } });
    expect(logLines(server.output()).filter((line) => line.migration)).toEqual([]);
    expect(await server.stop()).toBe(0);
  });
});
