/**
 * Every package has a `test` script that runs its own test files and nobody else's (Vitest
 * projects, vitest.config.ts), every test file belongs to exactly one project, and only the
 * projects whose tests start the server or the `gangsta` command build their bundles.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKSPACES: string[] = JSON.parse(
  readFileSync(join(ROOT, 'package.json'), 'utf8'),
).workspaces;

/** Every test file Vitest finds, with its project: what `vitest run` would run. */
function listTestFiles(): { file: string; project: string }[] {
  const listed = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'vitest'),
    ['list', '--filesOnly', '--json'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  expect(listed.status, listed.stderr).toBe(0);
  const files: { file: string; projectName: string }[] = JSON.parse(listed.stdout);
  return files.map(({ file, projectName }) => ({
    file: relative(ROOT, file),
    project: projectName,
  }));
}

/** The project names a `vitest run --project …` script selects, as wildcard patterns. */
function projectPatterns(script: string): RegExp[] {
  return [...script.matchAll(/--project[ =]'?([^' ]+)'?/g)].map(
    // The group takes part in every match: the default only satisfies the strict index type.
    ([, pattern = '']) => new RegExp(`^${pattern.replaceAll('*', '.*')}$`),
  );
}

describe('the packages’ test scripts', () => {
  const files = listTestFiles();

  it('finds each test file in exactly one project', () => {
    const seen = new Map<string, number>();
    for (const { file } of files) seen.set(file, (seen.get(file) ?? 0) + 1);
    expect([...seen].filter(([, count]) => count > 1)).toEqual([]);
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(WORKSPACES)('%s: `npm test` runs exactly its own test files', (workspace) => {
    const pkg = JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8'));
    const script: string | undefined = pkg.scripts?.test;
    expect(script, `${workspace}/package.json has no test script`).toBeDefined();
    const patterns = projectPatterns(script ?? '');
    expect(patterns.length).toBeGreaterThan(0);
    const selected = files
      .filter(({ project }) => patterns.some((pattern) => pattern.test(project)))
      .map(({ file }) => file)
      .sort();
    const own = files
      .map(({ file }) => file)
      .filter((file) => file.startsWith(`${workspace}/`))
      .sort();
    expect(own.length).toBeGreaterThan(0);
    expect(selected).toEqual(own);
  });
});

describe('the bundles’ global set-up', () => {
  it('is not the whole run’s, only that of the projects whose tests start processes', () => {
    const test = config.test ?? {};
    expect(test.globalSetup ?? []).toEqual([]);
    const withSetup = (test.projects ?? []).flatMap((project) => {
      if (typeof project !== 'object' || !('test' in project) || !project.test) return [];
      const setup = project.test.globalSetup;
      return (Array.isArray(setup) ? setup : setup ? [setup] : []).length > 0
        ? [project.test.name]
        : [];
    });
    expect(withSetup.sort()).toEqual(['cli', 'server']);
  });
});
