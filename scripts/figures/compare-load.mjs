// The server's cost per move before and after a change, measured in alternating runs of the
// same load benchmark on the same machine: base, head, base, head… A figure of one run alone
// says little on a shared machine; the median of alternating runs compares like with like.
//
//   node scripts/figures/compare-load.mjs --base <commit> [--base-dir DIR] [--rounds 3]
//       [--games 500] [--seconds 20] [--warmup 5] [--saturation-games 100]
//       [--saturation-seconds 15]
//
// The base commit is checked out into a temporary git worktree whose node_modules links to this
// checkout's packages from npm but to the worktree's own workspace packages, so that the base
// runs its own engine, protocol and server. That works while both commits have the same
// package-lock.json; where they differ, install the base in a checkout of its own and name it
// with --base-dir. `npm run figures -- --only compare --base <commit>`
// writes the result into docs/performance.md; run alone, this prints it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The issue's goals, for the device machine's server on 2 CPUs of its own (see docs/performance.md). */
export const DEVICE_GOALS = {
  cpuPerMoveUs: 250,
  saturationMovesPerSecond: 6000,
  p99At2000Ms: 50,
  p99At4000Ms: 150,
};

export const DEFAULTS = {
  rounds: 3,
  games: 500,
  seconds: 20,
  warmup: 5,
  saturationGames: 100,
  saturationSeconds: 15,
};

/** @param {string[]} argv */
export function parseCompareOptions(argv) {
  const options = { base: null, baseDir: null, ...DEFAULTS };
  const counts = {
    '--rounds': 'rounds',
    '--games': 'games',
    '--seconds': 'seconds',
    '--warmup': 'warmup',
    '--saturation-games': 'saturationGames',
    '--saturation-seconds': 'saturationSeconds',
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const next = argv[i + 1];
    if (flag === '--base') {
      if (!next) throw new Error('--base needs a commit');
      options.base = next;
      i++;
    } else if (flag === '--base-dir') {
      if (!next) throw new Error('--base-dir needs a folder');
      options.baseDir = resolve(next);
      i++;
    } else if (flag in counts) {
      const value = Number(next);
      if (!Number.isInteger(value) || value < 1)
        throw new Error(`${flag} needs a whole number of at least 1, not ${next ?? 'nothing'}`);
      options[counts[flag]] = value;
      i++;
    } else throw new Error(`unknown option ${flag}`);
  }
  return options;
}

function git(args, cwd = ROOT) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`git ${args.join(' ')} failed: ${result.stderr.trim() || result.status}`);
  return result.stdout.trim();
}

/**
 * A worktree of `commit` that runs with this checkout's installed packages: each entry of
 * node_modules is linked, except the workspace packages (@gangsta/*), which point into the
 * worktree itself.
 */
function worktreeOf(commit) {
  const lockOf = (ref) => git(['show', `${ref}:package-lock.json`]);
  if (lockOf(commit) !== lockOf('HEAD'))
    throw new Error(
      `${commit} installs other packages than HEAD (package-lock.json differs): install it in a checkout of its own (git worktree add DIR ${commit}; npm ci there) and pass --base-dir DIR`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'gangsta-base-'));
  git(['worktree', 'add', '--detach', dir, commit]);
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '@gangsta' || entry === '.cache') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  mkdirSync(join(modules, '@gangsta'));
  for (const name of readdirSync(join(dir, 'packages'))) {
    if (existsSync(join(dir, 'packages', name, 'package.json')))
      symlinkSync(join('..', '..', 'packages', name), join(modules, '@gangsta', name));
  }
  return dir;
}

/** The rows of the load script's Markdown table, keyed by its header. */
export function loadRows(text) {
  const lines = text.split('\n').filter((line) => line.startsWith('|'));
  const headerAt = lines.findIndex((line) => line.startsWith('| setup |'));
  if (headerAt < 0) throw new Error('the load script printed no table starting "| setup |"');
  const cells = (line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
  const names = cells(lines[headerAt]);
  const rows = [];
  // The line after the header is its separator.
  for (const line of lines.slice(headerAt + 2)) {
    const values = cells(line);
    if (values.length !== names.length) break;
    rows.push(Object.fromEntries(names.map((name, i) => [name, values[i]])));
  }
  return rows;
}

/** The paced step's CPU per move and the saturation step's moves per second of one run. */
export function figuresOfRun(text) {
  const rows = loadRows(text);
  const paced = rows.find((row) => row.step?.startsWith('paced'));
  const saturation = rows.find((row) => row.step?.startsWith('saturation'));
  if (!paced || !saturation) throw new Error('the load table lacks the paced or saturation row');
  const cpu = Number.parseFloat(paced['CPU µs/move']);
  const movesPerSecond = Number.parseFloat(saturation['moves/s']);
  const saturationCpu = Number.parseFloat(saturation['CPU µs/move']);
  const p99 = Number.parseFloat(paced['p99 ms']);
  if (![cpu, movesPerSecond, saturationCpu, p99].every(Number.isFinite))
    throw new Error('the load table has a figure that is not a number');
  return { cpu, p99, movesPerSecond, saturationCpu };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function runLoad(cwd, options) {
  const args = [
    'run',
    '--silent',
    'load',
    '-w',
    'packages/server',
    '--',
    '--setups',
    'sqlite',
    '--games',
    String(options.games),
    '--seconds',
    String(options.seconds),
    '--warmup',
    String(options.warmup),
    '--saturation-games',
    String(options.saturationGames),
    '--saturation-seconds',
    String(options.saturationSeconds),
  ];
  process.stderr.write(`\n$ (in ${cwd}) npm ${args.join(' ')}\n`);
  const result = spawnSync('npm', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stderr.write(result.stdout ?? '');
  if (result.status !== 0) throw new Error(`the load benchmark failed in ${cwd}`);
  return figuresOfRun(result.stdout);
}

/**
 * Runs base and head alternately and returns each side's runs and medians.
 * @returns {{ base: string, head: string, runs: { base: object[], head: object[] } }}
 */
export function compareLoad(options) {
  if (!options.base) throw new Error('--base <commit> is required');
  const base = git(['rev-parse', '--short=10', options.base]);
  const head = git(['rev-parse', '--short=10', 'HEAD']);
  if (options.baseDir) {
    const checkedOut = git(['rev-parse', '--short=10', 'HEAD'], options.baseDir);
    if (checkedOut !== base)
      throw new Error(`--base-dir ${options.baseDir} has ${checkedOut} checked out, not ${base}`);
  }
  const dir = options.baseDir ?? worktreeOf(base);
  const runs = { base: [], head: [] };
  try {
    for (let round = 0; round < options.rounds; round++) {
      // Alternate which side goes first, so neither always runs on a warmer (or busier) machine.
      const order = round % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
      for (const side of order) runs[side].push(runLoad(side === 'base' ? dir : ROOT, options));
    }
  } finally {
    if (!options.baseDir) {
      git(['worktree', 'remove', '--force', dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { base, head, runs };
}

const fmt = (value, digits = 0) =>
  Number(value).toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

/** The Markdown of a comparison: the runs, the medians, and each goal plainly met or not. */
export function renderComparison({ base, head, runs }, options) {
  const med = (side, key) => median(runs[side].map((run) => run[key]));
  const cpuBase = med('base', 'cpu');
  const cpuHead = med('head', 'cpu');
  const satBase = med('base', 'movesPerSecond');
  const satHead = med('head', 'movesPerSecond');
  const cpuRatio = cpuHead / cpuBase;
  const satRatio = satHead / satBase;
  const row = (side, run, i) => [
    `${side === 'base' ? `before (${base})` : `after (${head})`}, run ${i + 1}`,
    fmt(run.cpu),
    fmt(run.p99, 1),
    fmt(run.movesPerSecond),
    fmt(run.saturationCpu),
  ];
  const lines = [
    `Before and after, alternating: the same load script on this machine, ${options.rounds} runs of each commit in turn (base first in odd rounds, head first in even ones); each run a paced step of ${fmt(options.games)} games (${options.seconds} s after ${options.warmup} s of warm-up) and a saturation step of ${fmt(options.saturationGames)} games (${options.saturationSeconds} s). The load's clients share the machine's 2 cores with the server, so saturation here is bounded by both. \`node scripts/figures/compare-load.mjs --base ${base}\`.`,
    '',
    '| run | server CPU µs/move (paced) | p99 ms (paced) | moves/s (saturation) | server CPU µs/move (saturation) |',
    '| --- | --- | --- | --- | --- |',
    ...runs.base
      .flatMap((run, i) => [
        row('base', run, i),
        runs.head[i] ? row('head', runs.head[i], i) : null,
      ])
      .filter(Boolean)
      .map((cells) => `| ${cells.join(' | ')} |`),
    `| **median before** | **${fmt(cpuBase)}** | | **${fmt(satBase)}** | |`,
    `| **median after** | **${fmt(cpuHead)}** | | **${fmt(satHead)}** | |`,
    '',
    `Server CPU per move: **${fmt(cpuRatio * 100)}%** of before; saturation: **${fmt(satRatio * 100)}%** of before.`,
    '',
    // A ratio measured here is not carried over to the device machine's figures: its cores,
    // and the share the load's clients take of them, differ.
    `The goals (for the server on 2 CPUs of its own, at 2,000 and 4,000 paced games) cannot be judged on this machine, whose 2 cores the load's clients share with the server: they are judged in the section "Server on CPUs of its own: before and after", measured there.`,
  ];
  return lines.join('\n');
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  let options;
  try {
    options = parseCompareOptions(process.argv.slice(2));
    if (!options.base) throw new Error('--base <commit> is required');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  console.log(renderComparison(compareLoad(options), options));
}
