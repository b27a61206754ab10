/**
 * `npm start` builds the web client only when its sources changed (scripts/freshness.mjs): a
 * hash of the source files' paths and contents and of the VITE_* variables, kept beside the
 * output. These tests build nothing: they check what the hash sees and what it ignores, and that
 * the web build's list of sources covers what the client is built from.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type BuildSpec,
  buildStaleness,
  recordBuild,
  STAMP,
  sourcesHash,
  WEB_BUILD,
} from '../../../scripts/freshness.mjs';

const root = mkdtempSync(join(tmpdir(), 'gangsta-freshness-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const spec: BuildSpec = {
  name: 'test build',
  root,
  output: join(root, 'dist'),
  sources: ['src', 'index.html', 'absent-folder'],
  env: /^VITE_/,
};

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** What start.mjs does after a successful build. */
function build(env: NodeJS.ProcessEnv = {}): void {
  mkdirSync(spec.output, { recursive: true });
  recordBuild(spec, sourcesHash(spec, env));
}

describe('the freshness check of a build', () => {
  write('src/main.ts', 'export const a = 1;\n');
  write('src/deep/part.ts', 'export const b = 2;\n');
  write('index.html', '<!doctype html>\n');

  it('asks for a build when the output has no record of its sources', () => {
    expect(buildStaleness(spec, sourcesHash(spec, {}))).toBe('dist has no record of its sources');
  });

  it('skips the build when nothing changed, even if files were touched or saved unchanged', () => {
    build();
    expect(readFileSync(join(spec.output, STAMP), 'utf8')).toBe(`${sourcesHash(spec, {})}\n`);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src/main.ts'), later, later);
    write('index.html', '<!doctype html>\n');
    expect(buildStaleness(spec, sourcesHash(spec, {}))).toBeNull();
  });

  it('builds again when a file changes, even to an older date (a checkout)', () => {
    build();
    write('src/deep/part.ts', 'export const b = 3;\n');
    const earlier = new Date(Date.now() - 3_600_000);
    utimesSync(join(root, 'src/deep/part.ts'), earlier, earlier);
    expect(buildStaleness(spec, sourcesHash(spec, {}))).toBe(
      'its sources changed since the last build',
    );
  });

  it('builds again when a file is added, removed or renamed', () => {
    build();
    write('src/new.ts', '');
    expect(buildStaleness(spec, sourcesHash(spec, {}))).not.toBeNull();
    build();
    rmSync(join(root, 'src/new.ts'));
    expect(buildStaleness(spec, sourcesHash(spec, {}))).not.toBeNull();
    build();
    write('src/renamed.ts', readFileSync(join(root, 'src/main.ts'), 'utf8'));
    rmSync(join(root, 'src/main.ts'));
    expect(buildStaleness(spec, sourcesHash(spec, {}))).not.toBeNull();
  });

  it('builds again when a VITE_ variable changes, not when another one does', () => {
    build({ VITE_API: 'a', HOME: '/root' });
    expect(buildStaleness(spec, sourcesHash(spec, { VITE_API: 'a', HOME: '/else' }))).toBeNull();
    expect(
      buildStaleness(spec, sourcesHash(spec, { VITE_API: 'b', HOME: '/root' })),
    ).not.toBeNull();
    expect(buildStaleness(spec, sourcesHash(spec, { HOME: '/root' }))).not.toBeNull();
  });
});

describe("the web client's list of sources", () => {
  const repository = join(import.meta.dirname, '..', '..', '..');

  it('names only paths that exist (a renamed folder would silently drop out of the hash)', () => {
    const missing = WEB_BUILD.sources.filter((source) => !existsSync(join(repository, source)));
    expect(missing).toEqual([]);
  });

  it('covers every workspace package the web client imports', () => {
    const imported = new Set<string>();
    const visit = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) visit(path);
        else if (/\.(ts|tsx)$/.test(entry.name))
          for (const [, name] of readFileSync(path, 'utf8').matchAll(/from '@gangsta\/([a-z-]+)/g))
            if (name !== undefined) imported.add(name);
      }
    };
    visit(join(repository, 'packages', 'web', 'src'));
    expect(imported.size).toBeGreaterThan(0);
    for (const name of imported) expect(WEB_BUILD.sources).toContain(`packages/${name}/src`);
  });
});
