/** Regenerates the golden game logs in test/golden/ (then review `git diff`). */
import { writeFileSync } from 'node:fs';
import { GOLDEN_GAMES, goldenLog } from '../test/golden.ts';

for (const game of GOLDEN_GAMES) {
  const log = goldenLog(game.options);
  writeFileSync(new URL(`../test/golden/${game.name}.log`, import.meta.url), log);
  console.log(`${game.name}: ${log.split('\n').length - 1} lines`);
}
