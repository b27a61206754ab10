/// <reference types="node" />
/**
 * ISMCTS iterations per second in Chromium's Web Worker, where the web client runs its bots:
 *
 *   nice -n 19 npm run bench:worker -w packages/web [-- ITERATIONS ['TUNING_JSON']]
 *
 * Bundles the bots' benchmark (packages/bots/src/bench.ts: fixed positions, fixed iteration
 * budgets) with esbuild, starts Debian's Chromium headless through Playwright (never a
 * downloaded browser; CHROMIUM_PATH overrides /usr/bin/chromium), runs the benchmark in a
 * dedicated worker made from the bundle, then runs the same benchmark in Node. Both are timed by
 * the wall clock (a browser has no CPU clock), so on a busy machine compare the two figures of
 * one run rather than runs made at different times. Chromium raises its own processes' priority
 * (some to nice -8), so every thread of the browser is put back to this script's niceness while
 * it runs: under `nice -n 19` both sides then compete for the cores alike.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchSearch, iterationsPerSecond } from '@gangsta/bots/bench';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { first } from '../test/helpers.ts';

const iterations = Number(process.argv[2] ?? 1500);
const tuning = process.argv[3] ? JSON.parse(process.argv[3]) : {};
const here = fileURLToPath(new URL('.', import.meta.url));

const bundled = await build({
  stdin: {
    contents: `
      import { benchAnswer, benchSearch, iterationsPerSecond } from '@gangsta/bots/bench';
      self.onmessage = (e) => {
        const clock = () => performance.now();
        if (e.data.answer) {
          self.postMessage({ hard: benchAnswer(clock, 'hard') });
          return;
        }
        const lines = benchSearch(clock, e.data.iterations, e.data.tuning);
        self.postMessage({ lines, ips: iterationsPerSecond(lines) });
      };`,
    resolveDir: here,
    loader: 'ts',
  },
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  logLevel: 'warning',
});
const code = first(bundled.outputFiles).text;

/** The processes below this one (Linux /proc), to give Chromium's threads our niceness. */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, p] of parent) {
      if (p === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

/** CPU milliseconds used so far by the processes below this one (all their threads). */
function childrenCpuMs(): number {
  let ticks = 0;
  for (const pid of descendants(process.pid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, fields 14 and 15 of stat (11 and 12 after the command).
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux.
}

const niceness = getPriority();
function renice(): void {
  if (process.platform !== 'linux' || niceness <= 0) return;
  for (const pid of descendants(process.pid)) {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        if (getPriority(Number(tid)) < niceness) setPriority(Number(tid), niceness);
      } catch {
        // A thread that ended, or one we may not change.
      }
    }
  }
}

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
type Line = { name: string; iterations: number; ms: number };
let worker: { lines: Line[]; ips: number; cpuMs: number; hard: Line[]; userAgent: string };
try {
  const page = await browser.newPage();
  renice();
  const keepNice = setInterval(renice, 100);
  const run = (message: object) =>
    page.evaluate(
      ({ code, message }) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
          const w = new Worker(url);
          w.onmessage = (e) => {
            w.terminate();
            resolve({ ...e.data, userAgent: navigator.userAgent });
          };
          w.onerror = (e) => reject(new Error(e.message));
          w.postMessage(message);
        }),
      { code, message },
    );
  const cpu0 = childrenCpuMs();
  const bench = await run({ iterations, tuning });
  const cpuMs = childrenCpuMs() - cpu0;
  const answers = await run({ answer: true });
  worker = { ...(bench as object), cpuMs, hard: answers.hard } as typeof worker;
  clearInterval(keepNice);
} finally {
  await browser.close();
}
const nodeCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const c0 = nodeCpu();
const node = benchSearch(() => performance.now(), iterations, tuning);
const nodeCpuMs = nodeCpu() - c0;
const show = (where: string, lines: Line[]) => {
  for (const l of lines) {
    process.stdout.write(
      `${where.padEnd(8)} ${l.name.padEnd(16)} ${String(l.iterations).padStart(6)} it ${l.ms.toFixed(0).padStart(6)} ms ${Math.round(l.iterations / (l.ms / 1000))} it/s\n`,
    );
  }
};
show('chromium', worker.lines);
show('node', node);
const nodeIps = iterationsPerSecond(node);
const total = worker.lines.reduce((s, l) => s + l.iterations, 0);
const workerCpuIps = Math.round(total / (worker.cpuMs / 1000));
const nodeCpuIps = Math.round(node.reduce((s, l) => s + l.iterations, 0) / (nodeCpuMs / 1000));
const browserName = worker.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium';
process.stdout.write(
  `${browserName} worker: ${worker.ips} iterations per wall second, ${workerCpuIps} per CPU second of the browser's processes (warm-up included); ` +
    `Node ${process.version} (same positions): ${nodeIps} per wall second, ${nodeCpuIps} per CPU second (warm-up included); ` +
    `CPU ratio ${(workerCpuIps / nodeCpuIps).toFixed(2)}\n`,
);
const slowest = Math.max(...worker.hard.map((l) => l.ms));
process.stdout.write(
  `'hard' in the worker answered in ${worker.hard.map((l) => `${Math.round(l.ms)} ms (${l.iterations} it)`).join(', ')}: slowest ${Math.round(slowest)} ms\n`,
);
