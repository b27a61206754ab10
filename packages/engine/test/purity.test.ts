/**
 * The engine stays pure (ANCHORS 1–2): no clock, no unseeded randomness, no I/O, no Node-only
 * module, and nothing imported from the other parts of the project.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

const FORBIDDEN: [RegExp, string][] = [
  [/Math\.random/, 'Math.random (use rng.ts)'],
  [/Date\.now|new Date\b|performance\.now/, 'the clock'],
  [/from ['"]node:|require\(/, 'a Node module'],
  [/process\.|console\./, 'process or console'],
  [/@gangsta\/(bots|cli|web|server)/, 'another part of the project'],
  [/localStorage|fetch\(|XMLHttpRequest/, 'I/O'],
];

describe('engine purity (R-SETUP-1 seeded randomness only)', () => {
  for (const file of sources(SRC)) {
    it(file.slice(SRC.length), () => {
      const text = readFileSync(file, 'utf8');
      for (const [pattern, what] of FORBIDDEN)
        expect(text, `${file} uses ${what}`).not.toMatch(pattern);
    });
  }
});
