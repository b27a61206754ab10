/// <reference types="node" />
/**
 * Measures the bots' playing strength and writes docs/strength.md (a generated file).
 *
 *   nice -n 19 npx tsx packages/bots/scripts/strength.ts [--workers 2] [--minutes M]
 *        [--only easy-random-2p,hard-easy-4p|cheap|hard] [--results FILE] [--out FILE]
 *        [--seed 1] [--report-every 5] [--report-only]
 *
 * The plan (scripts/strength/plan.ts) fixes every game: matches at 2, 3 and 4 players, seats
 * rotated, variants cycled, ISMCTS on iteration budgets. Games are dealt to `--workers` child
 * processes (this script with `--worker`); each finished game is appended to the results file
 * (JSON lines) at once, and a rerun plays only the games the file lacks, so a long
 * measurement can run in parts. The report is rewritten every few minutes and at the end.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type BundleSpec, ensureBundle } from '../../../scripts/bundle.mjs';
import {
  allMatches,
  currentRecords,
  type GameRecord,
  type MatchSpec,
  missingGames,
  parseResults,
  planGame,
  playPlannedGame,
  type WorkItem,
} from './strength/plan.ts';
import { renderReport } from './strength/report.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');

/**
 * The workers run an esbuild bundle of this very script (with `--worker`), not the sources
 * through tsx: tsx's module wrappers (a getter for every imported binding, a `__name` call for
 * every named function) cost the search 7–10% (`scripts/bench.ts` on 2026-11-26: 2,430–2,500
 * iterations per CPU second through tsx, 2,660–2,670 bundled). Same code, same games.
 */
const WORKER_BUNDLE: BundleSpec = {
  name: 'strength',
  dist: resolve(here, '../dist'),
  entries: { 'strength.mjs': fileURLToPath(import.meta.url) },
  buildCommand: 'npm ci (the bundle is built with esbuild, a development dependency)',
};

const DEFAULT_RESULTS = 'docs/strength-data/games.jsonl';
const DEFAULT_OUT = 'docs/strength.md';

const USAGE = `usage: strength.ts [--workers N] [--minutes M] [--only IDS|cheap|hard] [--results FILE]
                   [--out FILE] [--seed N] [--report-every MIN] [--report-only]`;

function fail(message: string): never {
  process.stderr.write(`strength: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parseFlags() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      strict: true,
      allowPositionals: false,
      options: {
        workers: { type: 'string', default: '2' },
        minutes: { type: 'string' },
        only: { type: 'string' },
        results: { type: 'string', default: DEFAULT_RESULTS },
        out: { type: 'string', default: DEFAULT_OUT },
        seed: { type: 'string', default: '1' },
        'report-every': { type: 'string', default: '5' },
        'report-only': { type: 'boolean', default: false },
        worker: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
}

function positiveNumber(flag: string, text: string, integer: boolean): number {
  const value = Number(text);
  if (
    !text.trim() ||
    !Number.isFinite(value) ||
    value <= 0 ||
    (integer && !Number.isInteger(value))
  ) {
    fail(`--${flag} must be a positive ${integer ? 'integer' : 'number'}, got '${text}'`);
  }
  return value;
}

const flags = parseFlags();
if (flags.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const workers = positiveNumber('workers', flags.workers, true);
if (workers > 64) fail(`--workers must be at most 64, got ${workers}`);
const minutes =
  flags.minutes === undefined ? Infinity : positiveNumber('minutes', flags.minutes, false);
const reportEvery = positiveNumber('report-every', flags['report-every'], false);
const seedValue = Number(flags.seed);
if (!Number.isInteger(seedValue) || seedValue < 0 || seedValue > 0xffffffff) {
  fail(`--seed must be an integer from 0 to 4294967295, got '${flags.seed}'`);
}
const matches = allMatches(seedValue);

function selected(): MatchSpec[] {
  if (!flags.only) return matches;
  const wanted = new Set<string>();
  for (const part of flags.only.split(',').map((s) => s.trim())) {
    if (part === 'cheap' || part === 'hard') {
      for (const m of matches) if ((m.tier === 0) === (part === 'cheap')) wanted.add(m.id);
    } else if (matches.some((m) => m.id === part)) wanted.add(part);
    else {
      fail(
        `--only: unknown match '${part}' (known: cheap, hard, ${matches.map((m) => m.id).join(', ')})`,
      );
    }
  }
  return matches.filter((m) => wanted.has(m.id));
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function runWorker(): void {
  const byId = new Map(matches.map((m) => [m.id, m]));
  process.on('message', (item: WorkItem) => {
    const m = byId.get(item.match)!;
    const record = playPlannedGame(m, planGame(m, item.index, seedValue), {
      wall: () => performance.now(),
      cpu: cpuMs,
    });
    const [load] = loadavg();
    if (load !== undefined) record.load = Number(load.toFixed(2));
    process.send?.(record);
  });
  // Exit when the parent closes the channel.
  process.on('disconnect', () => process.exit(0));
}

function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
      .toString()
      .trim();
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'packages/bots/src', 'packages/engine/src'],
      { cwd: root },
    )
      .toString()
      .trim();
    return dirty ? `${head}+changes` : head;
  } catch {
    return 'unknown';
  }
}

/** The command that continues the whole measurement with this run's files and seed. */
function commandLine(): string {
  const extra: string[] = [];
  if (flags.results !== DEFAULT_RESULTS) extra.push('--results', flags.results);
  if (flags.out !== DEFAULT_OUT) extra.push('--out', flags.out);
  if (seedValue !== 1) extra.push('--seed', String(seedValue));
  return ['nice -n 19 npx tsx packages/bots/scripts/strength.ts --workers 2', ...extra].join(' ');
}

async function orchestrate(): Promise<void> {
  const resultsPath = resolve(root, flags.results);
  const outPath = resolve(root, flags.out);
  const read = () =>
    existsSync(resultsPath)
      ? parseResults(readFileSync(resultsPath, 'utf8'))
      : { records: [] as GameRecord[], skipped: 0 };

  const writeReport = () => {
    const { records, skipped } = read();
    const { byMatch, stale } = currentRecords(matches, records);
    const commits = [...new Set(records.map((r) => r.commit))]
      .filter((c): c is string => !!c)
      .sort();
    const text = renderReport(matches, byMatch, {
      command: commandLine(),
      resultsPath: relative(root, resultsPath),
      updated: new Date().toISOString().slice(0, 16).replace('T', ' '),
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
      stale,
      skipped,
      commits,
    });
    mkdirSync(dirname(outPath), { recursive: true });
    writeFileSync(outPath, text);
  };

  if (flags['report-only']) {
    writeReport();
    process.stdout.write(`written to ${relative(root, outPath)}\n`);
    return;
  }

  const chosen = new Set(selected().map((m) => m.id));
  const queue = missingGames(matches, read().records).filter((w) => chosen.has(w.match));
  const planned = queue.length;
  process.stderr.write(
    `${planned} games to play in ${chosen.size} matches, ${workers} workers${Number.isFinite(minutes) ? `, starting games for ${minutes} minutes` : ''}\n`,
  );
  const commit = gitCommit();
  const started = Date.now();
  const deadline = started + minutes * 60_000;
  mkdirSync(dirname(resultsPath), { recursive: true });
  let done = 0;
  let stopping = false;
  const children: ChildProcess[] = [];
  let lastReport = Date.now();

  const next = (child: ChildProcess) => {
    const item = !stopping && Date.now() < deadline ? queue.shift() : undefined;
    if (item) child.send(item);
    else child.disconnect();
  };

  const finish = () => {
    writeReport();
    process.stderr.write(
      `${done} games played in ${((Date.now() - started) / 60000).toFixed(1)} min; ${queue.length} of the selection left; report written to ${relative(root, outPath)}\n`,
    );
  };

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${signal}: stopping; the games in progress are lost\n`);
    for (const child of children) child.kill('SIGTERM');
    finish();
    process.exit(130);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  await ensureBundle(WORKER_BUNDLE);
  const script = resolve(WORKER_BUNDLE.dist, 'strength.mjs');
  const count = Math.min(workers, queue.length);
  await Promise.all(
    Array.from({ length: count }, (_, k) => {
      return new Promise<void>((ok, bad) => {
        const child = fork(script, ['--worker', '--seed', String(seedValue)], {
          execArgv: ['--enable-source-maps'],
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        children.push(child);
        child.on('message', (record: GameRecord) => {
          appendFileSync(resultsPath, `${JSON.stringify({ ...record, commit })}\n`);
          done++;
          const ips = record.ips.find((x) => x !== null);
          process.stderr.write(
            `[${done}/${planned}] ${record.match} #${record.index}: ${(record.ms / 1000).toFixed(1)} s${ips ? `, ${ips} it/s` : ''} (worker ${k})\n`,
          );
          if (Date.now() - lastReport > reportEvery * 60_000) {
            lastReport = Date.now();
            writeReport();
          }
          next(child);
        });
        child.on('exit', (code, signal) =>
          code === 0 || stopping ? ok() : bad(new Error(`worker ${k} exited ${code ?? signal}`)),
        );
        next(child);
      });
    }),
  );
  finish();
}

if (flags.worker) runWorker();
else await orchestrate();
