/**
 * The load benchmark (a script, not a test), for each setup in turn: one server process with
 * its SQLite store, and a cluster of two server processes sharing PostgreSQL and Redis (each
 * game's seats spread over both, so its moves cross Redis). N
 * concurrent games of bot clients over WebSockets on loopback, each seat answering about 1 s
 * (0.7–1.3 s) after its decision arrives with a random legal move. The paced steps grow one
 * population of games (a finished game is replaced at once), so N is always the number of
 * games in progress; games are 2–4 players over the variants. While a step sets up its new
 * tables the games in progress pause (nothing is measured then), so a saturated server does
 * not make the set-up crawl. Prints moves per second and
 * acknowledgement latency (send → ack, every ack durable) p50/p99/max for each N, then the
 * saturation throughput (no pacing, a fixed number of games). Beside the clients' p99, the
 * servers' own (a move read → its ack written, from their `/metrics` histogram, to its bucket):
 * the difference is time spent outside the server's handling of the move. And the servers'
 * event-loop delay p99 and max (their `/metrics` gauges, read at the end of each step: the
 * worse of their last complete 10 s window and the current one, so a step of 20 s or more is
 * read on its own; the worse process of a cluster): a stall any game on the process felt.
 *
 *   npm run load -w packages/server -- [--setups sqlite,cluster] [--games 500,2000]
 *       [--seconds 30] [--warmup 5] [--saturation-games 200] [--saturation-seconds 20]
 *       [--workers 2] [--cpu-prof] [--heap-snapshot] [--data-dir DIR]
 *       [--server-node-args "--heap-growing-percent=50 …" (extra flags for the servers' Node)]
 *       [--server-cpus 0,1 --client-cpus 2-15 (keep the servers and the clients on CPUs of
 *        their own, with util-linux's taskset, on a machine with cores to spare)]
 *       [--postgres URL (a role that may create databases; default $LOAD_POSTGRES_URL)]
 *       [--redis URL (default $LOAD_REDIS_URL or redis://127.0.0.1:6379)]
 *
 * The clients run in `--workers` child processes; each reports its CPU time and event-loop
 * delay, printed beside the server's CPU, so one can tell which side limits. `--cpu-prof`
 * writes the server's V8 CPU profile into ./load-profile/ when it stops; `--heap-snapshot` writes
 * a heap snapshot of each server there at the end of each paced step (compare two steps to see
 * what a live game holds: `scripts/heap-diff.py`).
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type SpawnedServer, spawnServer } from '../test/support/spawnServer.ts';
import type { FromWorker, ToWorker, WorkerResult } from './load/messages.ts';
import { percentile, processCpuMs, processRssMb } from './load/stats.ts';

type Setup = 'sqlite' | 'cluster';

interface Settings {
  setups: Setup[];
  postgresUrl: string | null;
  redisUrl: string;
  games: number[];
  seconds: number;
  warmup: number;
  saturationGames: number;
  saturationSeconds: number;
  workers: number;
  cpuProf: boolean;
  heapSnapshot: boolean;
  /** A data folder to use instead of a fresh temporary one (e.g. on tmpfs, to take the disk out). */
  dataDir: string | undefined;
  /** Extra flags for the servers' Node (V8's garbage-collector settings, say), split on spaces. */
  serverNodeArgs: string[];
  /**
   * CPUs (a `taskset` list, e.g. `0,1`) the server processes are kept on, every thread of them,
   * and CPUs this script and its clients are kept on: on a machine with cores to spare, so
   * that the server's latency and CPU per move are its own and not shared with its load.
   */
  serverCpus: string | undefined;
  clientCpus: string | undefined;
}

interface StepFigures {
  setup: string;
  label: string;
  games: number;
  movesPerSecond: number;
  p50: number;
  p99: number;
  /**
   * The servers' own p99 from their `gangsta_ack_latency_seconds` histogram over the window
   * (a move read → its ack written): the bucket bound that 99% of acks fall under, in ms.
   * The gap to `p99` is time outside the server's handling of the move: a frame waiting to be
   * read, the clients' own event loops, the cores they share.
   */
  serverP99: number;
  max: number;
  acks: number;
  serverCpu: number;
  clientCpu: number;
  clientLoopP99: number;
  /**
   * The servers' event-loop delay p99 and max in ms (`gangsta_event_loop_delay_*_seconds`,
   * over the last 10–20 s of the step; the worse of the processes).
   */
  serverLoopP99: number;
  serverLoopMax: number;
  /** Server CPU time per acknowledged move, in µs. */
  cpuPerMoveUs: number;
  /** Median bytes of an update per move it tells of (what one watcher receives per move). */
  updateBytesMedian: number;
  /** Everything the clients received (updates, acks, table news) ÷ moves heard by watchers. */
  bytesPerWatcherMove: number;
  setupSeconds: number;
  serverRssMb: number;
  /** The servers' live JS heap at the end of the window (prom-client's gangsta_nodejs_heap_size_used_bytes). */
  heapMb: number;
  /** Tables each server process holds in memory at the end of the window. */
  tablesHeld: number[];
  /** The machine's 1-minute load average at the end of the window (other work on the machine shows here). */
  loadAverage: number;
  notes: string;
}

/** The servers' `/metrics` answer only this token (read for their heap, tables held and acks). */
const METRICS_TOKEN = 'load-benchmark';

/** The lines of one server's `/metrics`. */
async function metricsLines(server: SpawnedServer): Promise<string[]> {
  const response = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return (await response.text()).split('\n');
}

/** Gauges of one server's `/metrics`, by name (NaN for one missing). */
async function gauges(server: SpawnedServer, names: string[]): Promise<number[]> {
  const lines = await metricsLines(server);
  return names.map((name) => {
    const line = lines.find((l) => l.startsWith(`${name} `));
    return line ? Number(line.split(' ')[1]) : Number.NaN;
  });
}

/** Cumulative counts of every server's ack-latency histogram, summed, by bucket bound (s). */
async function ackBuckets(servers: SpawnedServer[]): Promise<Map<number, number>> {
  const sums = new Map<number, number>();
  for (const server of servers) {
    for (const line of await metricsLines(server)) {
      const bucket = /^gangsta_ack_latency_seconds_bucket\{.*le="([^"]+)".*\} (\S+)$/.exec(line);
      if (!bucket) continue;
      const bound = bucket[1] === '+Inf' ? Number.POSITIVE_INFINITY : Number(bucket[1]);
      sums.set(bound, (sums.get(bound) ?? 0) + Number(bucket[2]));
    }
  }
  return sums;
}

/** The smallest bucket bound (ms) under which 99% of the acks between two readings fall. */
function bucketP99(before: Map<number, number>, after: Map<number, number>): number {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const count = (bound: number) => (after.get(bound) ?? 0) - (before.get(bound) ?? 0);
  const total = count(Number.POSITIVE_INFINITY);
  if (total <= 0) return Number.NaN;
  const bound = bounds.find((b) => count(b) >= 0.99 * total) ?? Number.POSITIVE_INFINITY;
  return bound * 1000;
}

/** The servers' event-loop delay p99 and max (ms), the worse process's of each. */
async function loopDelays(servers: SpawnedServer[]) {
  const read = await Promise.all(
    servers.map((s) =>
      gauges(s, ['gangsta_event_loop_delay_p99_seconds', 'gangsta_event_loop_delay_max_seconds']),
    ),
  );
  return {
    // A gauge a server does not report reads as NaN, as gauges() gives it.
    p99: Math.max(...read.map(([p99 = Number.NaN]) => p99 * 1000)),
    max: Math.max(...read.map(([, max = Number.NaN]) => max * 1000)),
  };
}

/** Each server's live JS heap (MB, after a look at what V8 holds) and the tables it holds. */
async function heldByServers(servers: SpawnedServer[]) {
  const held = await Promise.all(
    servers.map((s) => gauges(s, ['gangsta_nodejs_heap_size_used_bytes', 'gangsta_tables_loaded'])),
  );
  return {
    heapMb: held.reduce((sum, [heap = Number.NaN]) => sum + heap / 1e6, 0),
    tables: held.map(([, tables = Number.NaN]) => tables),
  };
}

/** A CPU list as `taskset` takes it: numbers and ranges, comma-separated (`0,1`, `2-15`). */
function cpuList(flag: string, text: string): string {
  if (!/^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(text))
    throw new Error(`${flag}: a CPU list such as 0,1 or 2-15, not ${text}`);
  return text;
}

/**
 * Keeps a process, every thread it has (`-a`), on these CPUs; threads it starts later inherit
 * that. Needs util-linux's `taskset`.
 */
function pinProcess(pid: number, cpus: string): void {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'pipe' });
  } catch (error) {
    const why =
      (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    throw new Error(`could not keep process ${pid} on CPUs ${cpus} with taskset: ${why}`);
  }
}

const WORKER = fileURLToPath(new URL('./load/worker.ts', import.meta.url));

function parseArgs(argv: string[]): Settings {
  const settings: Settings = {
    setups: ['sqlite', 'cluster'],
    postgresUrl: process.env.LOAD_POSTGRES_URL || null,
    redisUrl: process.env.LOAD_REDIS_URL || 'redis://127.0.0.1:6379',
    games: [500, 2000],
    seconds: 30,
    warmup: 5,
    saturationGames: 200,
    saturationSeconds: 20,
    workers: 2,
    cpuProf: false,
    heapSnapshot: false,
    dataDir: undefined,
    serverNodeArgs: [],
    serverCpus: undefined,
    clientCpus: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    const count = (text: string) => {
      const n = Number(text);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${flag}: not a whole number: ${text}`);
      return n;
    };
    switch (flag) {
      case '--setups':
        settings.setups = value()
          .split(',')
          .map((name) => {
            if (name !== 'sqlite' && name !== 'cluster')
              throw new Error(`--setups: sqlite or cluster, not ${name}`);
            return name;
          });
        break;
      case '--postgres':
        settings.postgresUrl = value();
        break;
      case '--redis':
        settings.redisUrl = value();
        break;
      case '--games':
        settings.games = value().split(',').map(count);
        break;
      case '--seconds':
        settings.seconds = count(value());
        break;
      case '--warmup':
        settings.warmup = count(value());
        break;
      case '--saturation-games':
        settings.saturationGames = count(value());
        break;
      case '--saturation-seconds':
        settings.saturationSeconds = count(value());
        break;
      case '--workers':
        settings.workers = Math.max(1, count(value()));
        break;
      case '--cpu-prof':
        settings.cpuProf = true;
        break;
      case '--heap-snapshot':
        settings.heapSnapshot = true;
        break;
      case '--data-dir':
        settings.dataDir = resolve(value());
        break;
      case '--server-node-args':
        settings.serverNodeArgs = value().split(' ').filter(Boolean);
        break;
      case '--server-cpus':
        settings.serverCpus = cpuList(flag, value());
        break;
      case '--client-cpus':
        settings.clientCpus = cpuList(flag, value());
        break;
      default:
        throw new Error(`unknown flag ${flag}`);
    }
  }
  return settings;
}

/** A client process and a way to wait for its next message of a type. */
class WorkerHandle {
  private readonly inbox: FromWorker[] = [];
  private readonly waiting: { type: FromWorker['type']; resolve: (m: FromWorker) => void }[] = [];

  constructor(readonly child: ChildProcess) {
    child.on('message', (message: FromWorker) => {
      const index = this.waiting.findIndex((w) => w.type === message.type);
      const [waiter] = index >= 0 ? this.waiting.splice(index, 1) : [];
      if (waiter) waiter.resolve(message);
      else this.inbox.push(message);
    });
  }

  send(message: ToWorker): void {
    this.child.send(message);
  }

  next<T extends FromWorker['type']>(type: T): Promise<Extract<FromWorker, { type: T }>> {
    const index = this.inbox.findIndex((m) => m.type === type);
    if (index >= 0)
      return Promise.resolve(this.inbox.splice(index, 1)[0] as Extract<FromWorker, { type: T }>);
    return new Promise((resolve) =>
      this.waiting.push({ type, resolve: (m) => resolve(m as Extract<FromWorker, { type: T }>) }),
    );
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runStep(
  setup: string,
  servers: SpawnedServer[],
  workers: WorkerHandle[],
  step: {
    label: string;
    games: number;
    paced: boolean;
    seconds: number;
    warmup: number;
    seed: number;
  },
): Promise<StepFigures> {
  const began = Date.now();
  workers.forEach((worker, index) => {
    const share =
      Math.floor(step.games / workers.length) + (index < step.games % workers.length ? 1 : 0);
    worker.send({
      type: 'grow',
      servers: servers.map((server) => ({ url: server.url, wsUrl: server.wsUrl })),
      games: share,
      paced: step.paced,
      worker: index,
      workers: workers.length,
      seed: step.seed,
    });
  });
  const ready = await Promise.all(workers.map((w) => w.next('ready')));
  const setupSeconds = (Date.now() - began) / 1000;
  console.log(`  ${step.games} games playing (set-up ${setupSeconds.toFixed(1)} s); measuring…`);
  const failures = ready.flatMap((r) => r.failures);
  if (failures.length)
    console.error(`  ${step.label}: some tables failed to set up: ${failures.join(' | ')}`);
  await sleep(step.warmup * 1000);
  const serversCpu = () => servers.reduce((sum, server) => sum + processCpuMs(server.pid), 0);
  // The histograms are read outside the CPU window: a scrape costs the servers CPU too.
  const acksBefore = await ackBuckets(servers);
  const serverCpuBefore = serversCpu();
  for (const worker of workers) worker.send({ type: 'measure' });
  const windowBegan = Date.now();
  await sleep(step.seconds * 1000);
  for (const worker of workers) worker.send({ type: 'report' });
  const windowMs = Date.now() - windowBegan;
  const serverCpu = (serversCpu() - serverCpuBefore) / windowMs;
  const serverP99 = bucketP99(acksBefore, await ackBuckets(servers));
  const loop = await loopDelays(servers);
  const serverRssMb = servers.reduce((sum, server) => sum + processRssMb(server.pid), 0);
  const { heapMb, tables } = await heldByServers(servers);
  const [loadAverage = Number.NaN] = loadavg();
  const results = (await Promise.all(workers.map((w) => w.next('result')))).map((m) => m.result);
  return figures(setup, step.label, step.games, results, {
    serverCpu,
    serverP99,
    serverLoopP99: loop.p99,
    serverLoopMax: loop.max,
    setupSeconds,
    serverRssMb,
    heapMb,
    tablesHeld: tables,
    loadAverage,
  });
}

function figures(
  setup: string,
  label: string,
  games: number,
  results: WorkerResult[],
  server: {
    serverCpu: number;
    serverP99: number;
    serverLoopP99: number;
    serverLoopMax: number;
    setupSeconds: number;
    serverRssMb: number;
    heapMb: number;
    tablesHeld: number[];
    loadAverage: number;
  },
): StepFigures {
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const windowMs = Math.max(...results.map((r) => r.windowMs));
  const acks = latencies.length;
  const refusals: Record<string, number> = {};
  for (const r of results)
    for (const [code, n] of Object.entries(r.refusals)) refusals[code] = (refusals[code] ?? 0) + n;
  const stale = results.reduce((s, r) => s + r.stale, 0);
  const patchFailures = results.reduce((s, r) => s + r.patchFailures, 0);
  const unanswered = results.reduce((s, r) => s + r.unanswered, 0);
  const finished = results.reduce((s, r) => s + r.gamesFinished, 0);
  const megabytes = results.reduce((s, r) => s + r.bytesReceived, 0) / 1e6;
  const notes = [
    `stale ${stale}`,
    `patches failed ${patchFailures}`,
    `unanswered ${unanswered}`,
    `games ended ${finished}`,
    `${(megabytes / (windowMs / 1000)).toFixed(1)} MB/s to clients`,
    ...Object.entries(refusals).map(([code, n]) => `${code} ${n}`),
  ].join(', ');
  return {
    setup,
    label,
    games,
    movesPerSecond: acks / (windowMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    serverP99: server.serverP99,
    max: latencies.at(-1) ?? Number.NaN,
    acks,
    serverCpu: server.serverCpu,
    clientCpu: results.reduce((s, r) => s + r.cpuMs, 0) / windowMs,
    clientLoopP99: Math.max(...results.map((r) => r.loopDelayP99)),
    serverLoopP99: server.serverLoopP99,
    serverLoopMax: server.serverLoopMax,
    cpuPerMoveUs: acks > 0 ? (server.serverCpu * windowMs * 1000) / acks : Number.NaN,
    updateBytesMedian: percentile(
      results.flatMap((r) => r.updateBytesPerMove).sort((a, b) => a - b),
      50,
    ),
    bytesPerWatcherMove:
      (megabytes * 1e6) /
      Math.max(
        1,
        results.reduce((s, r) => s + r.movesHeard, 0),
      ),
    setupSeconds: server.setupSeconds,
    serverRssMb: server.serverRssMb,
    heapMb: server.heapMb,
    tablesHeld: server.tablesHeld,
    loadAverage: server.loadAverage,
    notes,
  };
}

function printTable(rows: StepFigures[], settings: Settings): void {
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  console.log('');
  console.log(
    `Load benchmark: ${settings.workers} client processes, ${settings.seconds} s per step after ${settings.warmup} s warm-up; latency = move sent → ack (durable)${settings.serverNodeArgs.length > 0 ? `; servers' Node flags: ${settings.serverNodeArgs.join(' ')}` : ''}`,
  );
  console.log('');
  console.log(
    '| setup | step | games | moves/s | p50 ms | p99 ms | server-side p99 ms (≤ bucket) | max ms | server CPU | CPU µs/move | server event-loop delay p99 ms | server event-loop delay max ms | B/watcher/move (median update) | B/watcher/move (all frames) | clients CPU | client loop p99 ms | server RSS MB | heap MB | tables held per process | set-up s | load avg |',
  );
  console.log(
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const r of rows) {
    console.log(
      `| ${r.setup} | ${r.label} | ${r.games} | ${r.movesPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ≤ ${ms(r.serverP99)} | ${ms(r.max)} | ${(r.serverCpu * 100).toFixed(0)}% | ${r.cpuPerMoveUs.toFixed(0)} | ${ms(r.serverLoopP99)} | ${ms(r.serverLoopMax)} | ${r.updateBytesMedian.toFixed(0)} | ${r.bytesPerWatcherMove.toFixed(0)} | ${(r.clientCpu * 100).toFixed(0)}% | ${ms(r.clientLoopP99)} | ${r.serverRssMb.toFixed(0)} | ${r.heapMb.toFixed(0)} | ${r.tablesHeld.join(' + ')} | ${r.setupSeconds.toFixed(1)} | ${r.loadAverage.toFixed(1)} |`,
    );
  }
  console.log('');
  for (const r of rows)
    console.log(`${r.setup}, ${r.label} (${r.games} games): ${r.acks} acks; ${r.notes}`);
}

/** The server processes of a setup, and how to stop them (and drop the cluster's database). */
interface RunningSetup {
  servers: SpawnedServer[];
  stop(): Promise<void>;
}

async function startSetup(
  setup: Setup,
  settings: Settings,
  profileDir: string,
): Promise<RunningSetup> {
  const nodeArgs = [
    ...(settings.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...(settings.heapSnapshot
      ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${profileDir}`]
      : []),
    ...settings.serverNodeArgs,
  ];
  const stopAll = async (servers: SpawnedServer[]) => {
    for (const server of servers) {
      const code = await server.stop(30_000);
      if (code !== 0)
        console.error(`a server exited with code ${code}:\n${server.output().slice(-2000)}`);
    }
  };
  if (setup === 'sqlite') {
    const server = await spawnServer({
      dataDir: settings.dataDir,
      env: { LOG_LEVEL: 'warn', METRICS_TOKEN },
      nodeArgs,
    });
    try {
      if (settings.serverCpus) pinProcess(server.pid, settings.serverCpus);
    } catch (error) {
      await stopAll([server]);
      throw error;
    }
    return { servers: [server], stop: () => stopAll([server]) };
  }
  if (!settings.postgresUrl)
    throw new Error('the cluster setup needs PostgreSQL: --postgres URL or LOAD_POSTGRES_URL');
  const database = await createLoadDatabase(settings.postgresUrl);
  const env = {
    LOG_LEVEL: 'warn',
    METRICS_TOKEN,
    DATABASE_URL: database.url,
    REDIS_URL: settings.redisUrl,
  };
  const servers: SpawnedServer[] = [];
  try {
    for (let i = 0; i < 2; i++) servers.push(await spawnServer({ env, nodeArgs }));
    if (settings.serverCpus)
      for (const server of servers) pinProcess(server.pid, settings.serverCpus);
  } catch (error) {
    await stopAll(servers);
    await database.drop();
    throw error;
  }
  return {
    servers,
    stop: async () => {
      await stopAll(servers);
      await database.drop();
    },
  };
}

/**
 * Asks each server for a heap snapshot (SIGUSR2, see --heapsnapshot-signal) and waits until its
 * file stops growing. The games pause meanwhile: writing one takes seconds.
 */
async function takeHeapSnapshots(servers: SpawnedServer[], dir: string): Promise<void> {
  const before = new Set(readdirSync(dir));
  for (const server of servers) process.kill(server.pid, 'SIGUSR2');
  const fresh = () => readdirSync(dir).filter((f) => f.endsWith('.heapsnapshot') && !before.has(f));
  // A file appears empty and grows while the server writes it: done once every file has some
  // bytes and none grew over two seconds.
  let sizes = '';
  let still = 0;
  for (;;) {
    await sleep(1000);
    const files = fresh();
    const bytes = files.map((f) => statSync(join(dir, f)).size);
    const now = bytes.join();
    still = now === sizes ? still + 1 : 0;
    sizes = now;
    if (files.length === servers.length && bytes.every((b) => b > 0) && still >= 2) break;
  }
  console.log(`  heap snapshots: ${fresh().join(', ')}`);
}

/** A fresh database for one run of the cluster setup, dropped afterwards. */
async function createLoadDatabase(adminUrl: string) {
  const name = `gangsta_load_${process.pid}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function runSetup(
  setup: Setup,
  settings: Settings,
  profileDir: string,
  rows: StepFigures[],
): Promise<void> {
  const running = await startSetup(setup, settings, profileDir);
  const workers = Array.from(
    { length: settings.workers },
    () => new WorkerHandle(fork(WORKER, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' })),
  );
  // Interrupted (Ctrl-C, timeout): stop the clients and the servers by pid before leaving.
  const interrupt = (signal: NodeJS.Signals) => {
    for (const worker of workers) worker.child.kill('SIGTERM');
    void running.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const name = setup === 'sqlite' ? '1 process, SQLite' : '2 processes, PostgreSQL + Redis';
  try {
    console.log(`${name}: server pids ${running.servers.map((s) => s.pid).join(', ')}`);
    // Steps grow the same games (new ones join, the others play on), so they run in rising order.
    const steps = [...settings.games].sort((a, b) => a - b);
    for (const [i, games] of steps.entries()) {
      const step = {
        label: 'paced ~1 s',
        games,
        paced: true,
        seconds: settings.seconds,
        warmup: settings.warmup,
        seed: i + 1,
      };
      const r = await runStep(name, running.servers, workers, step);
      rows.push(r);
      if (settings.heapSnapshot) await takeHeapSnapshots(running.servers, profileDir);
      console.log(
        `  ${games} games: ${r.movesPerSecond.toFixed(0)} moves/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; server event-loop delay p99 ${r.serverLoopP99.toFixed(1)} ms, max ${r.serverLoopMax.toFixed(1)} ms`,
      );
    }
    if (settings.saturationGames > 0) {
      for (const worker of workers) worker.send({ type: 'close' });
      await Promise.all(workers.map((w) => w.next('closed')));
      // Let the server take in the closed sockets before the next step.
      await sleep(2000);
      const step = {
        label: 'saturation (no pacing)',
        games: settings.saturationGames,
        paced: false,
        seconds: settings.saturationSeconds,
        warmup: 3,
        seed: 99,
      };
      const r = await runStep(name, running.servers, workers, step);
      rows.push(r);
      if (settings.heapSnapshot) await takeHeapSnapshots(running.servers, profileDir);
      console.log(
        `  saturation, ${step.games} games: ${r.movesPerSecond.toFixed(0)} moves/s; server event-loop delay p99 ${r.serverLoopP99.toFixed(1)} ms, max ${r.serverLoopMax.toFixed(1)} ms`,
      );
    }
  } finally {
    process.removeListener('SIGINT', interrupt);
    process.removeListener('SIGTERM', interrupt);
    for (const worker of workers) worker.send({ type: 'exit' });
    await running.stop();
  }
}

async function main(): Promise<void> {
  const settings = parseArgs(process.argv.slice(2));
  // The clients are forked after this: they inherit it.
  if (settings.clientCpus) pinProcess(process.pid, settings.clientCpus);
  const profileDir = resolve('load-profile');
  if (settings.cpuProf || settings.heapSnapshot) mkdirSync(profileDir, { recursive: true });
  const rows: StepFigures[] = [];
  for (const setup of settings.setups) await runSetup(setup, settings, profileDir, rows);
  printTable(rows, settings);
  if (settings.cpuProf) console.log(`\nserver CPU profiles written to ${profileDir}`);
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
