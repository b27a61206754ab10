/**
 * Styles live beside the components they style, one stylesheet per component (or part of the
 * screen): none grows past 400 lines. A longer one is a sign that it styles several things and
 * should be split, in the same order where the cascade depends on it (an index of @imports,
 * as src/app/styles.css is).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 400;
const src = join(dirname(fileURLToPath(import.meta.url)), '../src');

function stylesheets(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('stylesheets', () => {
  it(`no stylesheet in src is longer than ${MAX_LINES} lines`, () => {
    const files = stylesheets(src);
    // The app has stylesheets to check (a wrong folder would pass with none).
    expect(files.length).toBeGreaterThan(10);
    const tooLong = files
      .map((path) => ({
        file: relative(src, path),
        lines: readFileSync(path, 'utf8').split('\n').length,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(tooLong).toEqual([]);
  });
});
