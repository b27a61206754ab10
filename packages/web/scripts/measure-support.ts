/// <reference types="node" />
/**
 * What the measuring scripts (measure-clicks.ts, measure-first-screen.ts) share: a production
 * build of the client, the real game server serving it (as `npm start` does: precompressed
 * files, its cache headers, its Content-Security-Policy), Debian's Chromium through
 * playwright-core, and the figures' arithmetic. Everything started here is stopped by its own
 * pid or handle.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const ROOT = join(WEB, '..', '..');
const SERVER_BIN = join(ROOT, 'packages', 'server', 'bin', 'server.mjs');
const VITE = join(ROOT, 'node_modules', '.bin', 'vite');

/** `--name value` from the command line, or the fallback. */
export function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? process.argv[at + 1] : undefined;
  return value ?? fallback;
}

/** A folder of this run's own, removed by `cleanUp()`. */
const scratch = mkdtempSync(join(tmpdir(), 'gangsta-measure-'));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(scratch, { recursive: true })];

export async function cleanUp(): Promise<void> {
  for (const step of cleanups.splice(0).reverse()) await step();
}

// Stopped from the keyboard or by a signal: the server and the browser are stopped too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

/**
 * The production build: `--dist DIR` reuses one (built with this repository's vite.config.ts,
 * so with its brotli and gzip copies); otherwise a fresh build in this run's scratch folder.
 */
export function productionBuild(): string {
  const given = option('dist', '');
  if (given) {
    if (!existsSync(join(given, 'index.html'))) throw new Error(`${given}/index.html not found`);
    return given;
  }
  const dist = join(scratch, 'dist');
  process.stderr.write('building the client (vite build)…\n');
  const build = spawnSync(
    VITE,
    ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: WEB,
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  return dist;
}

/** The game server on `--port` (default: any free one) serving `dist`; its URL. */
export async function startServer(dist: string): Promise<string> {
  const child: ChildProcess = spawn(process.execPath, [SERVER_BIN], {
    env: {
      ...process.env,
      PORT: option('port', '0'),
      HOST: '127.0.0.1',
      STATIC_DIR: dist,
      DATA_DIR: join(scratch, 'data'),
      LOG_LEVEL: 'warn',
      BOT_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    await exited;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no server after 90 s:\n${output}`)), 90_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const address = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (address !== undefined) {
        clearTimeout(timer);
        resolve(address.replace(/\/$/, ''));
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
}

/** Debian's Chromium, headless, as the end-to-end tests start it. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  cleanups.push(() => browser.close());
  return browser;
}

/** The value below which `fraction` of the sorted sample lies (nearest rank). */
export function percentile(sorted: number[], fraction: number): number {
  const rank = Math.ceil(fraction * sorted.length);
  // An empty sample has no rank 1: the read below finds nothing, and the answer is NaN.
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export interface Summary {
  n: number;
  median: number;
  p90: number;
  max: number;
}

export function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** The machine and how busy it is, for the figures' record. */
export function machine(): string {
  const cores = cpus();
  const load = loadavg().map((value) => value.toFixed(1));
  return `${cores.length} × ${cores[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load average ${load.join(' ')}`;
}
