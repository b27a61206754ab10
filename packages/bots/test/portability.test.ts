/// <reference types="node" />
/**
 * The bots run in a browser Web Worker too: no Node-only API in src/, and no hidden
 * randomness or clock (only the seeded generator and performance.now in clock.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

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
  [/from ['"]node:/, 'a node: import'],
  [/from ['"](fs|path|os|child_process|worker_threads)['"]/, 'a Node module'],
  [/\bprocess\./, 'process'],
  [/\bBuffer\b/, 'Buffer'],
  [/\brequire\(/, 'require'],
  [/Math\.random/, 'Math.random'],
  [/Date\.now|new Date\(/, 'the wall clock'],
];

describe('portability', () => {
  it('src/ uses no Node-only API, Math.random or Date', () => {
    const problems: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const [pattern, what] of FORBIDDEN) {
        if (pattern.test(text)) problems.push(`${file}: ${what}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
