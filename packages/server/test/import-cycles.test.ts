/**
 * No import cycles in the server's code (issue 18). A cycle makes module order matter (a
 * module may run before one it uses has defined its exports) and hides which part of the
 * server depends on which; `src/tables/` once had one (chat → lifecycle → play → takeover →
 * chat). This reads every relative import of `src/` and fails on any cycle, naming it.
 *
 * Type-only imports (`import type …`, `export type … from`) count too: they are erased before
 * the code runs, but a cycle of types ties the parts together just the same (no part can be
 * read, moved or tested without the others). Dynamic `import('./x.ts')` counts: it is no way
 * out of a cycle.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Static imports and re-exports (one or several lines), side-effect imports, dynamic imports. */
const IMPORT =
  /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The files a source text imports (type-only imports included), as absolute paths. */
function importsOf(file: string, text: string): string[] {
  const found: string[] = [];
  for (const [, , staticPath, dynamicPath] of text.matchAll(IMPORT)) {
    found.push(resolve(dirname(file), staticPath ?? dynamicPath));
  }
  return found;
}

/** Every cycle reachable by depth-first search, each once (as first met), as file paths. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string) => {
    path.push(file);
    onPath.add(file);
    for (const next of graph.get(file) ?? []) {
      if (onPath.has(next)) cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!done.has(next) && graph.has(next)) visit(next);
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) if (!done.has(file)) visit(file);
  return cycles;
}

function importGraph(): Map<string, string[]> {
  const files = sourceFiles(SRC);
  return new Map(files.map((file) => [file, importsOf(file, readFileSync(file, 'utf8'))]));
}

describe('import cycles', () => {
  it('finds the imports the check relies on (multi-line, re-exports, dynamic, type-only)', () => {
    const text = [
      "import { a,\n  b } from './a.ts';",
      "import type { T } from './types.ts';",
      "import { type U, c } from './c.ts';",
      "export { d } from './d.ts';",
      "export type { E } from './e.ts';",
      "import './side.ts';",
      "await import('./late.ts');",
      "import { z } from 'zod';",
    ].join('\n');
    const names = importsOf('/x/src/m.ts', text).map((path) => relative('/x/src', path));
    expect(names).toEqual(['a.ts', 'types.ts', 'c.ts', 'd.ts', 'e.ts', 'side.ts', 'late.ts']);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('tables/ imports neither ws/ nor cluster/ (they call the tables, not the other way)', () => {
    const reachOut = [...importGraph()]
      .filter(([file]) => relative(SRC, file).startsWith('tables/'))
      .flatMap(([file, imports]) =>
        imports
          .map((path) => relative(SRC, path))
          .filter((path) => path.startsWith('ws/') || path.startsWith('cluster/'))
          .map((path) => `${relative(SRC, file)} → ${path}`),
      );
    expect(reachOut).toEqual([]);
  });

  it('src/ has none', () => {
    const graph = importGraph();
    // The walk saw the server (and every relative import names a file that exists).
    expect(graph.size).toBeGreaterThan(50);
    for (const [file, imports] of graph) {
      // A file outside src/ (the package's package.json, read for its version) takes no part
      // in a cycle of src/; it only has to exist.
      const missing = imports.filter((path) =>
        path.startsWith(SRC) ? !graph.has(path) : !existsSync(path),
      );
      expect(missing, `imports of ${relative(SRC, file)}`).toEqual([]);
    }
    const cycles = cyclesOf(graph).map((cycle) =>
      cycle.map((file) => relative(SRC, file)).join(' → '),
    );
    expect(cycles).toEqual([]);
  });
});
