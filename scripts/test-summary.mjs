// Prints one plain closing line, "N passed, N failed", summed over the test runners' own
// summaries in a log (Vitest's "Tests" line and Playwright's "N passed"/"N failed" lines).
import { readFileSync } from 'node:fs';

const ansiColour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const text = readFileSync(process.argv[2], 'utf8').replace(ansiColour, '');
let passed = 0;
let failed = 0;
for (const line of text.split('\n')) {
  const vitest = line.match(/^\s*Tests\s+(.*)$/);
  const playwright = line.match(/^\s*(\d+) (passed|failed|flaky)\b/);
  if (vitest) {
    passed += Number(vitest[1].match(/(\d+) passed/)?.[1] ?? 0);
    failed += Number(vitest[1].match(/(\d+) failed/)?.[1] ?? 0);
  } else if (playwright) {
    if (playwright[2] === 'failed') failed += Number(playwright[1]);
    else passed += Number(playwright[1]);
  }
}
console.log(`${passed} passed, ${failed} failed`);
