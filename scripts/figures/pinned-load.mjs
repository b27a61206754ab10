// The server on CPUs of its own: the load script with `--server-cpus` and `--client-cpus`, run
// on a machine with cores to spare (16), alternating the base commit's server and the head's.
// On this project's 2-core machine the load clients share the cores with the server, so the
// server's tail latency and its CPU per move at thousands of games can only be judged there.
//
// Such a machine runs the load script itself and leaves its printed output in a folder:
//   machine.txt        `date -u`, `nproc`, `node --version`, `lscpu`'s model name, one per line
//   run-<n>-<side>.txt  a first line `commit <hash>`, then all that one run of the load script
//                       printed; <n> orders the runs, <side> is `base` or `head`
// (the load command of each run is on the line after the commit: `command <the command>`).
// `npm run figures -- --only pinned --from <that folder>` turns the folder into the section of
// docs/performance.md, stamped with that machine, its date and the commits measured.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEVICE_GOALS, loadRows, median } from './compare-load.mjs';

const fmt = (value, digits = 0) =>
  Number.isFinite(value)
    ? Number(value).toLocaleString('en-US', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      })
    : '–';

const RUN_FILE = /^run-(\d+)-(base|head)\.txt$/;

/** One run's file: its side, commit, command and the figures of each of its steps. */
export function parseRun(name, text) {
  const match = RUN_FILE.exec(name);
  if (!match) throw new Error(`${name}: not a run file (run-<n>-base.txt or run-<n>-head.txt)`);
  const [first = '', second = ''] = text.split('\n');
  const commit = /^commit ([0-9a-f]{7,40})$/.exec(first.trim())?.[1];
  if (!commit) throw new Error(`${name}: the first line must be "commit <hash>", not "${first}"`);
  const command = second.startsWith('command ') ? second.slice('command '.length).trim() : '';
  const rows = loadRows(text);
  const step = (row) => ({
    games: Number.parseInt(row.games, 10),
    movesPerSecond: Number.parseFloat(row['moves/s']),
    p99: Number.parseFloat(row['p99 ms']),
    cpu: Number.parseFloat(row['CPU µs/move']),
    loopP99: Number.parseFloat(row['server event-loop delay p99 ms']),
  });
  const paced = rows.filter((row) => row.step?.startsWith('paced')).map(step);
  const saturation = rows.filter((row) => row.step?.startsWith('saturation')).map(step)[0];
  if (paced.length === 0 || !saturation)
    throw new Error(`${name}: the load table lacks a paced or the saturation row`);
  return { order: Number(match[1]), side: match[2], commit, command, paced, saturation };
}

/** The runs and the machine of a folder written as the head of this file says. */
export function readPinnedRuns(dir) {
  const names = readdirSync(dir).filter((name) => RUN_FILE.test(name));
  if (names.length === 0) throw new Error(`${dir}: no run-<n>-<base|head>.txt files`);
  const runs = names
    .map((name) => parseRun(name, readFileSync(join(dir, name), 'utf8')))
    .sort((a, b) => a.order - b.order);
  for (const side of ['base', 'head']) {
    const commits = new Set(runs.filter((run) => run.side === side).map((run) => run.commit));
    if (commits.size > 1) throw new Error(`${dir}: the ${side} runs name several commits`);
    if (commits.size === 0) throw new Error(`${dir}: no ${side} run`);
  }
  const [date = '', cpus = '', node = '', model = ''] = readFileSync(
    join(dir, 'machine.txt'),
    'utf8',
  )
    .split('\n')
    .map((line) => line.trim());
  if (!date || !/^\d+$/.test(cpus) || !node.startsWith('v'))
    throw new Error(
      `${dir}/machine.txt: expected the date, the CPU count, Node's version, the model`,
    );
  return { runs, machine: { date, cpus: Number(cpus), node, model: model || 'unknown CPU' } };
}

/** The figure of a side's runs at `games` paced games (or of the saturation step), medians. */
function medianOf(runs, side, pick) {
  const values = runs
    .filter((run) => run.side === side)
    .map(pick)
    .filter(Number.isFinite);
  return values.length > 0 ? median(values) : Number.NaN;
}

const pacedAt = (games, key) => (run) => run.paced.find((step) => step.games === games)?.[key];

/** The section's stamp and Markdown. */
export function renderPinned({ runs, machine }) {
  const base = runs.find((run) => run.side === 'base').commit;
  const head = runs.find((run) => run.side === 'head').commit;
  const games = [...new Set(runs.flatMap((run) => run.paced.map((step) => step.games)))].sort(
    (a, b) => a - b,
  );
  const header = [
    'run',
    ...games.flatMap((n) => [`${fmt(n)} games: moves/s`, 'p99 ms', 'CPU µs/move', 'loop p99 ms']),
    'saturation moves/s',
    'saturation CPU µs/move',
  ];
  const cells = (run) => [
    ...games.flatMap((n) => {
      const step = run.paced.find((s) => s.games === n);
      return [fmt(step?.movesPerSecond), fmt(step?.p99, 1), fmt(step?.cpu), fmt(step?.loopP99, 1)];
    }),
    fmt(run.saturation.movesPerSecond),
    fmt(run.saturation.cpu),
  ];
  const medianRow = (side) => [
    `**median ${side === 'base' ? `before (${base})` : `after (${head})`}**`,
    ...games.flatMap((n) => [
      fmt(medianOf(runs, side, pacedAt(n, 'movesPerSecond'))),
      fmt(medianOf(runs, side, pacedAt(n, 'p99')), 1),
      fmt(medianOf(runs, side, pacedAt(n, 'cpu'))),
      fmt(medianOf(runs, side, pacedAt(n, 'loopP99')), 1),
    ]),
    fmt(medianOf(runs, side, (run) => run.saturation.movesPerSecond)),
    fmt(medianOf(runs, side, (run) => run.saturation.cpu)),
  ];
  const line = (row) => `| ${row.join(' | ')} |`;
  const head2000 = {
    cpu: medianOf(runs, 'head', pacedAt(2000, 'cpu')),
    p99: medianOf(runs, 'head', pacedAt(2000, 'p99')),
  };
  const p99At4000 = medianOf(runs, 'head', pacedAt(4000, 'p99'));
  const saturation = medianOf(runs, 'head', (run) => run.saturation.movesPerSecond);
  /** `meets(value)` says whether the value meets the goal. */
  const verdict = (value, meets, unit, digits = 0) =>
    Number.isFinite(value)
      ? `${fmt(value, digits)} ${unit}: **${meets(value) ? 'met' : 'not met'}**`
      : '**not measured**';
  const command = runs.find((run) => run.command)?.command;
  const stamp = `Measured ${machine.date} at commits ${base} (before) and ${head} (after) on ${machine.cpus} × ${machine.model}, Node ${machine.node}: the server kept on 2 CPUs of its own, the load's clients on the others.`;
  const text = [
    `Before and after, alternating runs (${runs.map((run) => run.side).join(', ')}) of the same load script on a ${machine.cpus}-core machine with the server's process (every thread of it) on CPUs 0 and 1 and the load clients on the rest, so that the server's latency and CPU per move are its own. N paced games in progress (2–4 seats each, every seat a client answering about 1 s after its turn), then a saturation step without pacing.${command ? ` Each run: \`${command}\`.` : ''} \`npm run figures -- --only pinned --from DIR\` reads the runs' printed output (see scripts/figures/pinned-load.mjs).`,
    '',
    line(header),
    line(header.map(() => '---')),
    ...runs.map((run, i) =>
      line([`${run.side === 'base' ? 'before' : 'after'}, run ${i + 1}`, ...cells(run)]),
    ),
    line(medianRow('base')),
    line(medianRow('head')),
    '',
    'The goals for the server on 2 CPUs of its own (medians of the after runs):',
    '',
    `- p99 < ${DEVICE_GOALS.p99At2000Ms} ms at 2,000 paced games: ${verdict(head2000.p99, (v) => v < DEVICE_GOALS.p99At2000Ms, 'ms', 1)}.`,
    `- p99 < ${DEVICE_GOALS.p99At4000Ms} ms at 4,000 paced games: ${verdict(p99At4000, (v) => v < DEVICE_GOALS.p99At4000Ms, 'ms', 1)}.`,
    `- ≤ ${DEVICE_GOALS.cpuPerMoveUs} µs of server CPU per move at 2,000 paced games: ${verdict(head2000.cpu, (v) => v <= DEVICE_GOALS.cpuPerMoveUs, 'µs')}.`,
    `- saturation ≥ ${fmt(DEVICE_GOALS.saturationMovesPerSecond)} moves/s: ${verdict(saturation, (v) => v >= DEVICE_GOALS.saturationMovesPerSecond, 'moves/s')}.`,
  ];
  return { stamp, text: text.join('\n') };
}
