/// <reference types="node" />
/**
 * ISMCTS iterations per CPU second on the fixed positions of src/bench.ts:
 *
 *   nice -n 19 npx tsx packages/bots/scripts/bench.ts [ITERATIONS] ['TUNING_JSON']
 *
 * CPU time (process.cpuUsage) rather than wall time, so a busy machine still gives roughly the
 * speed of one core (still slower than an idle one: the cores' caches are shared). Prints one
 * line per position and the total. Chromium's worker: `npm run bench:worker -w packages/web`.
 */
import { benchSearch, iterationsPerSecond } from '../src/bench.ts';
import { type SearchTuning, searchSignature } from '../src/index.ts';

const iterations = Number(process.argv[2] ?? 2000);
const tuning = process.argv[3] ? (JSON.parse(process.argv[3]) as SearchTuning) : {};
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const lines = benchSearch(cpu, iterations, tuning);
for (const l of lines) {
  process.stdout.write(
    `${l.name.padEnd(16)} ${String(l.iterations).padStart(6)} it ${l.ms.toFixed(0).padStart(6)} ms CPU ${Math.round(l.iterations / (l.ms / 1000))} it/s\n`,
  );
}
process.stdout.write(
  `search ${searchSignature(tuning as never)}, ${lines.length} positions: ${iterationsPerSecond(lines)} iterations per CPU second\n`,
);
