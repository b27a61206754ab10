// `npm run figures`: runs the project's benchmarks and rewrites docs/performance.md from what
// they print, with the machine, the date, the commit and how busy the machine was. The file is
// this script's output and nothing else's: a figure in it is one a command printed.
//
//   npm run figures [-- --only engine,bots,web,server] [--postgres URL --redis URL]
//   npm run figures -- --only compare --base COMMIT [--base-dir DIR] [--rounds 3]
//
// Each section (engine, bots, web, server) is a block of the file between two markers; a run
// of some sections rewrites their blocks and keeps the others' figures as they were, each
// block saying when and where it was measured. The server's cluster figures need PostgreSQL
// and Redis (`--postgres`/`--redis`, or LOAD_POSTGRES_URL/LOAD_REDIS_URL); without them the
// load benchmark measures the single process on SQLite only. The `compare` section runs only
// when named: the server's CPU per move and saturation at COMMIT and at HEAD, in alternating
// runs (scripts/figures/compare-load.mjs).
//
// Not part of `npm test`: the figures depend on the machine, and a run takes 15–25 minutes.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareLoad, parseCompareOptions, renderComparison } from './figures/compare-load.mjs';
import { describeLoad, loadTable, readBlocks, renderDocument } from './figures/document.mjs';
import { readPinnedRuns, renderPinned } from './figures/pinned-load.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = join(ROOT, 'docs', 'performance.md');

// ---------------------------------------------------------------------------------------------
// Running a benchmark and reading how busy the machine was meanwhile

/**
 * Runs a command from the repository's root and returns what it printed on stdout. Its stderr
 * goes to ours (progress lines), its stdout too, so a long run shows what it is doing.
 * @param {string} command @param {string[]} args
 */
function run(command, args, env = {}) {
  process.stderr.write(`\n$ ${[command, ...args].join(' ')}\n`);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stderr.write(result.stdout ?? '');
  if (result.status !== 0)
    throw new Error(
      `${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`,
    );
  return result.stdout;
}

/** `npm run <script> -w <workspace> -- <args>`, without npm's own lines. */
function npmRun(workspace, script, args = [], env = {}) {
  return run('npm', ['run', '--silent', script, '-w', workspace, '--', ...args], env);
}

/** Clock ticks of the whole machine, busy and in all, from /proc/stat (Linux); null elsewhere. */
function machineTicks() {
  if (!existsSync('/proc/stat')) return null;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/** CPU ticks used by this process's finished children (the benchmarks), from /proc/self/stat. */
function childTicks() {
  if (!existsSync('/proc/self/stat')) return null;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // After the command's name in parentheses: fields 3…; cutime and cstime are fields 16 and 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[13]) + Number(fields[14]);
}

/**
 * Measures a section: the load average before and after, and the share of the machine's CPU
 * that other processes than the benchmarks took while it ran (where /proc tells).
 * @template T @param {() => T} measure @returns {{ value: T, busy: string }}
 */
function whileWatchingTheMachine(measure) {
  const cores = cpus().length;
  const loadBefore = loadavg()[0];
  const machineBefore = machineTicks();
  const childrenBefore = childTicks();
  const value = measure();
  const loadAfter = loadavg()[0];
  const machineAfter = machineTicks();
  const childrenAfter = childTicks();
  let others = null;
  if (machineBefore && machineAfter && childrenBefore !== null && childrenAfter !== null) {
    const total = machineAfter.total - machineBefore.total;
    const busyOthers = machineAfter.busy - machineBefore.busy - (childrenAfter - childrenBefore);
    if (total > 0) others = Math.max(0, busyOthers / total);
  }
  const busy = describeLoad({ cores, loadBefore, loadAfter, others });
  return { value, busy };
}

function commit() {
  const sha = spawnSync('git', ['rev-parse', '--short=10', 'HEAD'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  // The measured code is under packages/; other engineers' notes elsewhere change no figure.
  const dirty = spawnSync(
    'git',
    ['status', '--porcelain', '--untracked-files=no', '--', 'packages'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  const id = sha.stdout.trim() || 'unknown';
  return dirty.stdout.trim() ? `${id} (with uncommitted changes under packages/)` : id;
}

function machine() {
  const list = cpus();
  return `${list.length} × ${list[0]?.model.trim() || 'unknown CPU'}, Node ${process.version}`;
}

// ---------------------------------------------------------------------------------------------
// Markdown helpers

const number = (value, digits = 0) =>
  Number(value).toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

/** @param {string[]} header @param {string[][]} rows */
function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The first line of `text` matching `pattern`, or an error naming what was expected. */
function match(text, pattern, what) {
  const found = text.match(pattern);
  if (!found) throw new Error(`could not read ${what} from the benchmark's output`);
  return found;
}

/** The rows of a Markdown table printed by a benchmark, as objects keyed by its header. */
function markdownRows(text, firstHeader) {
  const lines = text.split('\n').filter((line) => line.startsWith('|'));
  const headerAt = lines.findIndex((line) => line.startsWith(`| ${firstHeader} |`));
  if (headerAt < 0) throw new Error(`no table starting "| ${firstHeader} |" in the output`);
  const cells = (line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
  const header = cells(lines[headerAt]);
  const rows = [];
  for (const line of lines.slice(headerAt + 2)) {
    const values = cells(line);
    if (values.length !== header.length) break;
    rows.push(Object.fromEntries(header.map((name, i) => [name, values[i]])));
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The sections: each runs its benchmarks and returns its Markdown (without its heading)

const SECTIONS = {
  engine: {
    title: 'Engine',
    measure() {
      const games = 2000;
      const out = npmRun('packages/engine', 'bench', ['--games', String(games), '--json']);
      const json = JSON.parse(out.trim().split('\n').pop());
      const row = (what, r) => [
        what,
        number(r.gamesPerSecond),
        number(r.movesPerSecond),
        number(r.movesPerGame),
      ];
      const c = json.calls;
      return [
        `Complete random 4-player games on one core through the engine's fast path (${number(games)} classic games, ${number(games / 2)} with both variants), and the median cost of one call sampled along random games. \`npm run bench -w packages/engine\`.`,
        '',
        table(
          ['games', 'games/s', 'moves/s', 'moves per game'],
          [row('classic rules', json.plain), row('Families + Resources', json.variants)],
        ),
        '',
        table(
          ['median µs per call', 'checked API', 'fast path'],
          [
            ['list the legal moves', String(c.legalMovesSafeUs), String(c.legalMovesFastUs)],
            [
              'apply a move (checked: validated, copied, with events)',
              String(c.applyMoveSafeUs),
              String(c.applyFastUs),
            ],
          ],
        ),
      ].join('\n');
    },
  },

  bots: {
    title: 'Bots',
    measure() {
      const iterations = 2000;
      const out = npmRun('packages/bots', 'bench', [String(iterations)]);
      const positions = [...out.matchAll(/^(\S+)\s+(\d+) it\s+(\d+) ms CPU\s+(\d+) it\/s$/gm)].map(
        (m) => [m[1], number(m[4])],
      );
      const total = match(out, /(\d+) positions: (\d+) iterations per CPU second/, 'the total');
      // The heuristic bot's speed, what `gangsta simulate`, tournaments and balance runs pay.
      const cli = run('npm', ['run', '--silent', 'bench', '--', '--json', '--seconds', '5']);
      const heuristic = JSON.parse(cli.slice(cli.indexOf('{'))).heuristic;
      return [
        `ISMCTS iterations per CPU second (${number(iterations)} iterations at each of ${total[1]} fixed positions; CPU time, so a busy machine still gives about one core's speed). The medium bot searches 840 iterations per decision, the hard one 2,800. \`npm run bench -w packages/bots\`.`,
        '',
        table(
          ['position', 'iterations per CPU second'],
          [...positions, ['**all positions**', `**${number(total[2])}**`]],
        ),
        '',
        `Four heuristic (easy) bots play ${number(heuristic.gamesPerSecond, 1)} complete 4-player games per second on one core through the checked API (what \`gangsta simulate\`, tournaments and balance runs do; wall time). \`npm run bench -- --seconds 5\`.`,
        '',
        "The bots' strength against each other is measured over hundreds of games, which takes hours: `docs/strength.md` (`npm run strength -w packages/bots`); the card set's balance: `docs/balance.md` (`npm run gangsta -- balance`).",
      ].join('\n');
    },
  },

  web: {
    title: 'Web client',
    measure() {
      // One production build for the three measurements.
      npmRun('packages/web', 'build');
      const size = npmRun('packages/web', 'size');
      const initial = match(
        size,
        /initial JS: ([\d.]+) KB gzipped \(budget (\d+) KB\)/,
        'the initial JavaScript',
      );
      const dist = join(ROOT, 'packages', 'web', 'dist');
      const runs = 3;
      const first = npmRun('packages/web', 'bench:first-screen', [
        '--dist',
        dist,
        '--runs',
        String(runs),
        '--network',
        'local,4G,3G',
      ]);
      const screens = [
        ...first.matchAll(
          /^(.+?)\s+(br\/gzip|identity)\s+welcome painted: median\s+(\d+) ms \(max (\d+)\)\s+over the wire\s+([\d.]+) KiB for ([\d.]+) KiB of files \((\d+) requests\)$/gm,
        ),
      ].map((m) => [
        m[1].trim(),
        m[2] === 'identity' ? 'none' : 'br/gzip',
        m[3],
        m[4],
        m[5],
        m[6],
        m[7],
      ]);
      if (screens.length === 0) throw new Error('could not read the first screen figures');
      const clicks = 60;
      const clickOut = npmRun('packages/web', 'bench:clicks', [
        '--dist',
        dist,
        '--clicks',
        String(clicks),
        '--throttle',
        '1,4',
      ]);
      const clickRows = [];
      let setting = '';
      for (const line of clickOut.split('\n')) {
        if (line.startsWith('desktop')) setting = line.trim();
        const m = line.match(
          /^\s+(DOM|painted|cards)\s+median\s+([\d.]+) ms\s+p90\s+([\d.]+) ms\s+max\s+([\d.]+) ms\s+\(n=(\d+)\)/,
        );
        if (m && setting) clickRows.push([setting, m[1], m[2], m[3], m[4], m[5]]);
      }
      if (clickRows.length === 0) throw new Error('could not read the click figures');
      return [
        `Initial JavaScript of a first visit, gzipped: **${initial[1]} KB** (budget ${initial[2]} KB; the chart, tutorial and online screens load when used). \`npm run check:size -w packages/web\`.`,
        '',
        `The first screen: a first visit (empty cache) until the welcome screen is painted, the production build served by the game server on this machine, in Debian's Chromium, ${runs} runs each; "4G" and "3G" are emulated networks (9 Mbit/s, 60 ms round trip; 1.6 Mbit/s, 300 ms). \`npm run bench:first-screen -w packages/web\`.`,
        '',
        table(
          [
            'network',
            'compression',
            'median ms',
            'max ms',
            'KiB over the wire',
            'KiB of files',
            'requests',
          ],
          screens,
        ),
        '',
        `Click → update: ${clicks} clicks on legal cards and move buttons in a game against three easy bots, timed by the page from the click to the first DOM change and to the end of the frame that shows it; "cards" are the clicks on cards. Goal on a desktop: painted median ≤ 50 ms, p90 ≤ 100 ms. \`npm run bench:clicks -w packages/web\`.`,
        '',
        table(['setting', 'until', 'median ms', 'p90 ms', 'max ms', 'clicks'], clickRows),
      ].join('\n');
    },
  },

  server: {
    title: 'Server',
    measure(options) {
      const cluster = options.postgres !== null;
      const setups = cluster ? 'sqlite,cluster' : 'sqlite';
      const loadArgs = [
        '--setups',
        setups,
        '--games',
        '200,500',
        '--seconds',
        '20',
        '--warmup',
        '5',
        '--saturation-games',
        '100',
        '--saturation-seconds',
        '15',
      ];
      if (cluster) loadArgs.push('--postgres', options.postgres, '--redis', options.redis);
      const load = npmRun('packages/server', 'load', loadArgs);
      // Setups as the load script names them: "1 process, SQLite", "2 processes, PostgreSQL + Redis".
      const loadRows = markdownRows(load, 'setup');
      const tableMemory = npmRun('packages/server', 'bench:table-memory');
      const tableRows = [
        ...tableMemory.matchAll(
          /^(\d+) tables of (\d+) players, (\d+) moves each: .*; in all ([\d.]+)/gm,
        ),
      ].map((m) => [`${m[2]} players, ${m[3]} moves played`, m[4]]);
      const sockets = 2000;
      const socketMemory = npmRun('packages/server', 'bench:socket-memory', [
        '--sockets',
        String(sockets),
      ]);
      const heapPerSocket = match(socketMemory, /([\d.]+) KB per socket\n/, 'the heap per socket');
      const rssPerSocket = match(
        socketMemory,
        /([\d.]+) KB per socket \(the heap's/,
        'the RSS per socket',
      );
      const stored = 5000;
      const cold = npmRun('packages/server', 'bench:cold', ['--games', String(stored)]);
      const coldRows = markdownRows(cold, 'setup').map((r) => [
        r.setup,
        r['games stored'],
        r['start s'],
        r['server RSS MB'],
        r['tables in memory'],
        r['open median ms'],
        r['open max ms'],
      ]);
      return [
        `Load: N games in progress at once, 2–4 players, every seat a bot client over a WebSocket on loopback answering about 1 s after its turn (a finished game is replaced at once); latency from a move sent to its acknowledgement, which the server sends only once the move is stored. Event-loop delay: how late the server's event loop ran what was due (its \`/metrics\` gauges at the end of the step, over the step's last 10–20 s; the worse process of a cluster), a stall every game on that process felt. "saturation" drops the pacing: as many moves as the server takes, ${options.postgres ? 'each setup' : 'one process'} with 100 games. The load's client processes run on the same machine as the servers. ${cluster ? '' : 'The two-process cluster on PostgreSQL + Redis was not measured in this run (it needs `--postgres` and `--redis`). '}\`npm run load -w packages/server -- ${loadArgs.filter((a) => !a.includes('://')).join(' ')}\`.`,
        '',
        loadTable(loadRows),
        '',
        'Memory: the heap one table holds between two moves (position, legal moves, the frames kept for the next patch, answered move ids; no sockets), `npm run bench:table-memory -w packages/server`; one open WebSocket after hello, with the clients in another process, `npm run bench:socket-memory -w packages/server`.',
        '',
        table(
          ['what', 'KB'],
          [
            ...tableRows.map(([what, kb]) => [`a table in memory, ${what}`, kb]),
            [`an open WebSocket: heap (${number(sockets)} sockets)`, heapPerSocket[1]],
            [`an open WebSocket: resident memory (${number(sockets)} sockets)`, rssPerSocket[1]],
          ],
        ),
        '',
        `Tables asleep: ${number(stored)} turn-based games stored (40 moves each, idle an hour) on SQLite; the server's start, its memory, and opening one cold table (hello, watch → sync: read and replayed from the store), against the same store with every table kept awake. \`npm run bench:cold -w packages/server -- --games ${stored}\`.`,
        '',
        table(
          [
            'setup',
            'games stored',
            'start s',
            'server RSS MB',
            'tables in memory',
            'open median ms',
            'open max ms',
          ],
          coldRows,
        ),
      ].join('\n');
    },
  },
};

// The server on 2 CPUs of its own, from runs on a machine with cores to spare (needs --from).
SECTIONS.pinned = {
  title: 'Server on CPUs of its own: before and after',
  measure(options) {
    if (!options.pinnedFrom) throw new Error('the pinned section needs --from <folder of runs>');
    return renderPinned(readPinnedRuns(options.pinnedFrom));
  },
};

// Before and after a change of the server, alternating runs of the load script (needs --base).
SECTIONS.compare = {
  title: 'Server: before and after',
  measure(options) {
    if (!options.compare.base) throw new Error('the compare section needs --base <commit>');
    return renderComparison(compareLoad(options.compare), options.compare);
  },
};

function previousBlocks() {
  return existsSync(OUTPUT) ? readBlocks(readFileSync(OUTPUT, 'utf8'), Object.keys(SECTIONS)) : {};
}

function write(blocks) {
  const titles = Object.entries(SECTIONS).map(([name, section]) => ({
    name,
    title: section.title,
  }));
  writeFileSync(OUTPUT, renderDocument(titles, blocks));
}

// ---------------------------------------------------------------------------------------------

function parseOptions(argv) {
  const options = {
    // The comparisons run only when asked for: they need a base commit, or runs made elsewhere.
    only: Object.keys(SECTIONS).filter((name) => name !== 'compare' && name !== 'pinned'),
    pinnedFrom: null,
    compare: parseCompareOptions([]),
    postgres: process.env.LOAD_POSTGRES_URL || null,
    redis: process.env.LOAD_REDIS_URL || 'redis://127.0.0.1:6379',
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    if (flag === '--only') {
      options.only = value().split(',');
      const unknown = options.only.filter((name) => !(name in SECTIONS));
      if (unknown.length > 0)
        throw new Error(
          `--only: no section ${unknown.join(', ')} (sections: ${Object.keys(SECTIONS).join(', ')})`,
        );
    } else if (flag === '--base') options.compare.base = value();
    else if (flag === '--base-dir')
      options.compare.baseDir = parseCompareOptions([flag, value()]).baseDir;
    else if (flag === '--rounds')
      options.compare.rounds = parseCompareOptions([flag, value()]).rounds;
    else if (flag === '--from') options.pinnedFrom = value();
    else if (flag === '--postgres') options.postgres = value();
    else if (flag === '--redis') options.redis = value();
    else if (flag === '--help') {
      console.log(
        `npm run figures [-- --only ${Object.keys(SECTIONS).join(',')}] [--postgres URL --redis URL] [--base COMMIT --base-dir DIR --rounds N (for compare)] [--from DIR (for pinned)]`,
      );
      process.exit(0);
    } else throw new Error(`unknown option ${flag} (try --help)`);
  }
  return options;
}

let options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
const blocks = previousBlocks();
const failed = [];
for (const name of options.only) {
  const section = SECTIONS[name];
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const at = `Measured ${date} UTC at commit ${commit()} on ${machine()}`;
  try {
    const { value, busy } = whileWatchingTheMachine(() => section.measure(options));
    // A section read from runs made on another machine carries that machine's stamp.
    blocks[name] =
      typeof value === 'string' ? `${at}; ${busy}\n\n${value}` : `${value.stamp}\n\n${value.text}`;
    // Written after each section, so that a later section's failure keeps this one's figures.
    write(blocks);
    process.stderr.write(`\n${name}: written to docs/performance.md\n`);
  } catch (error) {
    failed.push(name);
    console.error(
      `\n${name}: ${error instanceof Error ? error.message : error}; its previous figures stay`,
    );
  }
}
write(blocks);
if (failed.length > 0) process.exit(1);
