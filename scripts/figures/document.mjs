// The shape of docs/performance.md, apart from the benchmarks that fill it (scripts/figures.mjs):
// a fixed head, then one block per section between two markers, so that a run of some
// sections replaces their blocks and keeps the others word for word.

export const HEAD = `# Performance

<!-- Written by scripts/figures.mjs (npm run figures). Do not edit by hand: rerun it. -->

**This file is written by \`npm run figures\` (scripts/figures.mjs) and never edited by hand.**
Every figure below is one a benchmark printed on the machine, date and commit its section
names. \`npm run figures -- --only engine,web\` measures some sections again and keeps the
others' figures as they were. Figures are comparable only within one section's run; on a
shared or busier machine they are lower. Nothing in the tests depends on speed.

What the server's figures mean against its goals, and where its time goes:
\`docs/scaling.md\`. The bots' strength and the card set's balance, each measured over many
games: \`docs/strength.md\` and \`docs/balance.md\`.
`;

/** How the block of a section never measured begins. */
const NOT_MEASURED = '_Not measured yet';

const startMarker = (name) => `<!-- figures:${name}:start -->`;
const endMarker = (name) => `<!-- figures:${name}:end -->`;

/**
 * The blocks of a document written by renderDocument, by section name; a section without
 * both markers in order, or never measured, is left out.
 * @param {string} text @param {string[]} names @returns {Record<string, string>}
 */
export function readBlocks(text, names) {
  /** @type {Record<string, string>} */
  const blocks = {};
  for (const name of names) {
    const start = text.indexOf(startMarker(name));
    const end = text.indexOf(endMarker(name));
    if (start < 0 || end < start) continue;
    const block = text.slice(start + startMarker(name).length, end).trim();
    if (!block.startsWith(NOT_MEASURED)) blocks[name] = block;
  }
  return blocks;
}

/**
 * The whole document: the head, then each section's heading and block (or a line saying how
 * to measure it).
 * @param {{ name: string, title: string }[]} sections @param {Record<string, string>} blocks
 */
export function renderDocument(sections, blocks) {
  const parts = [HEAD];
  for (const { name, title } of sections) {
    parts.push(`## ${title}\n`);
    parts.push(startMarker(name));
    parts.push(blocks[name] ?? `${NOT_MEASURED}: \`npm run figures -- --only ${name}\`._`);
    parts.push(`${endMarker(name)}\n`);
  }
  return `${parts.join('\n').trimEnd()}\n`;
}

/**
 * How busy the machine was while a section ran, in words, saying so plainly when it was
 * shared: other processes took a quarter of its CPU or more (`others`, 0–1, null where
 * unknown), or the load average before the section (nothing of ours running yet) was at half
 * the cores or more.
 * @param {{ cores: number, loadBefore: number, loadAfter: number, others: number | null }} load
 */
export function describeLoad({ cores, loadBefore, loadAfter, others }) {
  const shared = (others !== null && others >= 0.25) || loadBefore >= cores / 2;
  const parts = [`load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`];
  if (others !== null)
    parts.push(`other processes took ${(others * 100).toFixed(0)}% of the machine's CPU meanwhile`);
  const warning = shared
    ? ' **The machine was shared while this ran: these figures are lower than a quiet machine gives.**'
    : '';
  return `${parts.join('; ')}.${warning}`;
}

/**
 * The load table of the server's section: each column's heading in docs/performance.md and
 * the column of the load script's table (`npm run load -w packages/server`) it is read from.
 */
export const LOAD_COLUMNS = [
  ['setup', 'setup'],
  ['step', 'step'],
  ['games', 'games'],
  ['moves/s', 'moves/s'],
  ['p50 ms', 'p50 ms'],
  ['p99 ms', 'p99 ms'],
  ['server-side p99 ms', 'server-side p99 ms (≤ bucket)'],
  ['server CPU µs/move', 'CPU µs/move'],
  ['event-loop delay p99 ms', 'server event-loop delay p99 ms'],
  ['event-loop delay max ms', 'server event-loop delay max ms'],
  ['B per watcher per move (median)', 'B/watcher/move (median update)'],
  ['server RSS MB', 'server RSS MB'],
  ['load avg', 'load avg'],
];

/**
 * The load table in Markdown from the rows of the load script's table (objects keyed by its
 * headings); a column the script did not print shows as "–".
 * @param {Record<string, string>[]} rows
 */
export function loadTable(rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    line(LOAD_COLUMNS.map(([heading]) => heading)),
    line(LOAD_COLUMNS.map(() => '---')),
    ...rows.map((row) => line(LOAD_COLUMNS.map(([, column]) => row[column] ?? '–'))),
  ].join('\n');
}
