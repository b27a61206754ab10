/**
 * The settings are read by one zod schema (`src/environment.ts`): the defaults, and for
 * anything that cannot be read one line per bad variable, all of them together, naming the
 * variable and what it must be. A process with bad settings exits 1 with that message and no
 * stack trace; one whose PostgreSQL cannot be reached says so in one line.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS, optionsFromEnv } from '../src/config.ts';
import { ConfigError, readEnvironment } from '../src/environment.ts';

const BIN = fileURLToPath(new URL('../bin/server.mjs', import.meta.url));
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The problems a `ConfigError` lists for this environment. */
function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    readEnvironment(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the environment was read without a problem');
}

/** Runs the server process with this environment until it exits (it must, here). */
function runServer(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'gangsta-config-'));
  folders.push(dir);
  const child = spawn(process.execPath, [BIN], {
    env: { PATH: process.env.PATH, PORT: '0', DATA_DIR: join(dir, 'data'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

describe('the settings schema', () => {
  it('gives the documented defaults with nothing set, and treats an empty value as unset', () => {
    const options = optionsFromEnv({});
    expect(options).toEqual(DEFAULTS);
    expect(options).toMatchObject({
      port: 5173,
      host: '127.0.0.1',
      logLevel: 'info',
      databaseUrl: null,
      redisUrl: null,
      commit: null,
      cookieSecure: 'auto',
    });
    expect(optionsFromEnv({ PORT: '', LOG_LEVEL: '', DATABASE_URL: '' })).toEqual(DEFAULTS);
  });

  it('reads each kind of value', () => {
    const options = optionsFromEnv({
      PORT: '8080',
      HOST: '0.0.0.0',
      LOG_LEVEL: 'debug',
      DATABASE_URL: 'postgresql://gangsta:pw@db:5432/gangsta',
      REDIS_URL: 'rediss://cache:6380',
      GIT_COMMIT: 'abc1234',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example/',
      BOT_THREADS: '3',
    });
    expect(options).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      logLevel: 'debug',
      databaseUrl: 'postgresql://gangsta:pw@db:5432/gangsta',
      redisUrl: 'rediss://cache:6380',
      commit: 'abc1234',
      botThreads: 3,
    });
    expect(options.security.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('names every bad variable at once, one line each, without repeating a password', () => {
    const found = problems({
      PORT: '70000',
      BOT_DELAY_MS: 'soon',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://root:hunter2@db/gangsta',
      MAX_SPECTATORS_PER_TABLE: '0',
    });
    expect(found).toEqual([
      'PORT must be at most 65535, not "70000"',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud"',
      'DATABASE_URL must be a postgres:// or postgresql:// URL (postgres://user:password@host:5432/gangsta), not a mysql:// URL',
      'BOT_DELAY_MS must be a whole number ≥ 0, not "soon"',
      'MAX_SPECTATORS_PER_TABLE must be at least 1, not "0"',
    ]);
    expect(found.join('\n')).not.toContain('hunter2');
  });

  it('refuses REDIS_URL without DATABASE_URL: a cluster shares one PostgreSQL database', () => {
    expect(problems({ REDIS_URL: 'redis://cache:6379' })).toEqual([
      expect.stringMatching(/^REDIS_URL needs DATABASE_URL: the processes of a cluster share/),
    ]);
    expect(
      optionsFromEnv({ REDIS_URL: 'redis://cache:6379', DATABASE_URL: 'postgres://db/g' }).redisUrl,
    ).toBe('redis://cache:6379');
  });

  it('a process with bad settings exits 1 with the message and no stack trace', async () => {
    const { code, stderr } = await runServer({ PORT: 'eighty', REDIS_URL: 'redis://cache:6379' });
    expect(code).toBe(1);
    expect(stderr).toContain("gangsta server: the server's settings are wrong");
    expect(stderr).toContain('  PORT must be a whole number ≥ 0, not "eighty"');
    expect(stderr).toContain('  REDIS_URL needs DATABASE_URL');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('a PostgreSQL that cannot be reached ends the start with one line', async () => {
    // Port 1 on the loopback: nothing listens there, the connection is refused at once.
    const { code, stderr } = await runServer({
      DATABASE_URL: 'postgres://gangsta:secret@127.0.0.1:1/gangsta',
    });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'gangsta server: cannot connect to PostgreSQL at 127.0.0.1:1: connection refused',
    );
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stderr).not.toContain('secret');
  });
});
