/**
 * One naming scheme for test files across the repository: kebab-case before the `.test.` or
 * `.spec.` suffix (`score-screen.test.tsx`, `safe-names.spec.ts`), as the packages' sources
 * already name their scripts and folders. A camelCase or dotted name fails here with its path.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Folders that hold no test of ours: dependencies, builds, reports. */
const SKIPPED = /^(?:node_modules|dist|dist-e2e-.*|coverage|test-results|playwright-report|\..*)$/;

const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/;
const KEBAB_TEST_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:test|spec)\.[cm]?[jt]sx?$/;

function isKebabTestFile(name: string): boolean {
  return KEBAB_TEST_FILE.test(name);
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return SKIPPED.test(entry.name) ? [] : testFiles(join(dir, entry.name));
    return TEST_FILE.test(entry.name) ? [join(dir, entry.name)] : [];
  });
}

describe('test file names', () => {
  it('tells kebab-case from the other schemes', () => {
    expect(isKebabTestFile('score-screen.test.tsx')).toBe(true);
    expect(isKebabTestFile('safe-names.spec.ts')).toBe(true);
    expect(isKebabTestFile('random-games-keep-invariants-2.test.ts')).toBe(true);
    expect(isKebabTestFile('scoreScreen.test.tsx')).toBe(false);
    expect(isKebabTestFile('solver.property.test.ts')).toBe(false);
    expect(isKebabTestFile('score_screen.test.ts')).toBe(false);
    expect(isKebabTestFile('-score.test.ts')).toBe(false);
  });

  it('are kebab-case everywhere', () => {
    const files = testFiles(ROOT);
    // The walk found the packages' tests (the web client's, the engine's, these).
    expect(files.length).toBeGreaterThan(100);
    const misnamed = files
      .filter((file) => !isKebabTestFile(file.slice(file.lastIndexOf('/') + 1)))
      .map((file) => relative(ROOT, file));
    expect(misnamed).toEqual([]);
  });
});
