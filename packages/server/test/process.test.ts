/**
 * The process contract others rely on: `node bin/server.mjs` prints one ready line with the
 * real port, serves the web client with a fallback to index.html, and exits 0 on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { http, startTestServer, type TestServer } from './harness.ts';

const BIN = fileURLToPath(new URL('../bin/server.mjs', import.meta.url));
const READY = /^gangsta server listening on (http:\/\/127\.0\.0\.1:(\d+))$/;

let child: ChildProcess | null = null;
const folders: string[] = [];
let server: TestServer | null = null;

afterEach(async () => {
  if (child?.pid && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
  child = null;
  await server?.cleanup();
  server = null;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'gangsta-process-'));
  folders.push(path);
  return path;
}

describe('the server process', () => {
  it('prints one ready line, serves the client, and stops cleanly on SIGTERM', async () => {
    const web = folder();
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Gangsta test page</title>');
    const spawned = spawn(process.execPath, [BIN], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: join(folder(), 'data'),
        STATIC_DIR: web,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = spawned;
    let stdout = '';
    let stderr = '';
    spawned.stderr!.on('data', (chunk) => {
      stderr += chunk;
    });
    const url = await new Promise<string>((resolve, reject) => {
      spawned.stdout!.on('data', (chunk) => {
        stdout += chunk;
        const [line = ''] = stdout.split('\n');
        const url = READY.exec(line)?.[1];
        if (url !== undefined) resolve(url);
      });
      spawned.once('exit', (code) =>
        reject(new Error(`exited with ${code} before it was ready: ${stderr}`)),
      );
    });
    expect(Number(new URL(url).port)).toBeGreaterThan(0);
    const page = await fetch(`${url}/`);
    expect(await page.text()).toContain('Gangsta test page');
    const deepLink = await fetch(`${url}/online/abc`);
    expect(await deepLink.text()).toContain('Gangsta test page');
    expect((await http(url, 'GET', '/api/v1/nothing')).body.error.code).toBe('NOT_FOUND');
    expect((await http(url, 'GET', '/health')).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => spawned.once('exit', resolve));
    process.kill(spawned.pid!, 'SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
  });
});

describe('HTTP rate limits', () => {
  it('refuses requests beyond the limit per address with RATE_LIMITED', async () => {
    server = await startTestServer({ httpPerMinute: 5, playersPerMinute: 2 });
    const create = () => http(server!.url, 'POST', '/api/v1/players', { body: { name: 'P' } });
    expect((await create()).status).toBe(201);
    expect((await create()).status).toBe(201);
    const third = await create();
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('RATE_LIMITED');
    // Player creations have a limit of their own; the other requests share the global one.
    for (let i = 0; i < 5; i++)
      expect((await http(server.url, 'GET', '/api/v1/tables')).status).toBe(200);
    const limited = await http(server.url, 'GET', '/api/v1/tables');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.body.error.params.retryMs).toBeGreaterThan(0);
  });
});
