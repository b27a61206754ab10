/**
 * The container image runs the server's bundle with production dependencies only (the
 * Dockerfile prunes the rest): every package the bundle leaves as an import of node_modules must
 * be a production dependency of the server or of a workspace package bundled into it, never a
 * dev dependency (esbuild, tsx, the @types…), which the image does not have. The bundle is the
 * one the project's global set-up built from the sources under test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const packages = join(import.meta.dirname, '..', '..');
/** Where scripts/build.mjs writes the bundle (SERVER_BUNDLE.dist). */
const dist = join(import.meta.dirname, '..', 'dist');

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
}

const manifest = (folder: string): Manifest =>
  JSON.parse(readFileSync(join(packages, folder, 'package.json'), 'utf8'));

/** The production dependencies of the server and of the workspace packages it depends on. */
function productionDependencies(): Set<string> {
  const allowed = new Set<string>();
  const seen = new Set<string>();
  const visit = (folder: string) => {
    if (seen.has(folder)) return;
    seen.add(folder);
    for (const name of Object.keys(manifest(folder).dependencies ?? {})) {
      if (name.startsWith('@gangsta/')) visit(name.slice('@gangsta/'.length));
      else allowed.add(name);
    }
  };
  visit('server');
  return allowed;
}

/** The package a bare import names: `pino/file` → pino, `@fastify/static/x` → @fastify/static. */
function packageOf(specifier: string): string {
  const [first = specifier, second] = specifier.split('/');
  return specifier.startsWith('@') && second !== undefined ? `${first}/${second}` : first;
}

/** Every import of a package that the bundle's files make (static, dynamic, re-exports). */
function externalImports(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync(dist).filter((name) => name.endsWith('.mjs'))) {
    const text = readFileSync(join(dist, file), 'utf8');
    // esbuild writes static imports and re-exports as statements at the start of a line.
    const statements =
      /^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gm;
    const dynamic = /\bimport\(\s*["']([^"']+)["']\s*\)/g;
    for (const match of [...text.matchAll(statements), ...text.matchAll(dynamic)]) {
      const specifier = match[1] ?? match[2];
      if (specifier === undefined || specifier.startsWith('.')) continue;
      if (specifier.startsWith('node:') || builtinModules.includes(packageOf(specifier))) continue;
      found.set(packageOf(specifier), file);
    }
  }
  return found;
}

describe("the server bundle's imports", () => {
  it('are production dependencies only, which the image has', () => {
    const allowed = productionDependencies();
    const imports = externalImports();
    // The bundle does leave packages outside (better-sqlite3 with its native addon, pg…).
    expect([...imports.keys()]).toEqual(
      expect.arrayContaining(['better-sqlite3', 'pg', 'fastify']),
    );
    const notProduction = [...imports].filter(([name]) => !allowed.has(name));
    expect(notProduction).toEqual([]);
  });

  it('include no workspace package: those are inside the bundle', () => {
    expect([...externalImports().keys()].filter((name) => name.startsWith('@gangsta/'))).toEqual(
      [],
    );
  });
});
