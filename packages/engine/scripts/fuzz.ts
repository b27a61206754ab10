/**
 * Plays any number of random games through the invariant harness.
 * Run: npm run fuzz -w packages/engine -- --games 10000 [--from 0]
 */
import { fuzzGame, optionsFor } from '../test/harness.ts';

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const games = argument('games', 1000);
const from = argument('from', 0);
const start = performance.now();
let moves = 0;
let failures = 0;
const reasons: Record<string, number> = {};
for (let seed = from; seed < from + games; seed++) {
  try {
    const report = fuzzGame(seed);
    moves += report.moves;
    reasons[report.reason] = (reasons[report.reason] ?? 0) + 1;
  } catch (e) {
    failures++;
    console.error(`seed ${seed} ${JSON.stringify(optionsFor(seed))}: ${(e as Error).message}`);
  }
}
const seconds = (performance.now() - start) / 1000;
console.log(
  `${games} games, ${moves} moves in ${seconds.toFixed(1)} s; endings ${JSON.stringify(reasons)}`,
);
console.log(`${games - failures} passed, ${failures} failed`);
process.exit(failures > 0 ? 1 : 0);
