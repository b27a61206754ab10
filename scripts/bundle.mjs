// The bundles that the server process and the `gangsta` command run: esbuild turns a package's
// TypeScript entry points (with the workspace packages they import) into plain JavaScript files
// in the package's dist/, while packages from npm stay imports of node_modules.
//
// Why: tsx compiling the sources on the fly, in the process and again in each worker thread,
// cost about 8.3 s of CPU per server start on this 2-core machine and 2.1 s per `gangsta`
// command; their bundles about 2.9 s and 0.5 s (2026-11-26). Restarts, hand-overs and the
// test suite, which starts both many times, pay that.
//
// A bundle is rebuilt when any of its source files is newer (ensureBundle, about 10 ms to
// check): nobody runs yesterday's code by forgetting a build step.
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGES = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages');

/**
 * @typedef {object} BundleSpec
 * @property {string} name what the bundle is, for messages
 * @property {string} dist the folder of the output files
 * @property {Record<string, string>} entries output file name (in dist) → TypeScript entry point
 * @property {string[]} sourceDirs every folder whose files may end up in the bundle
 */

/** The `src/` folders of workspace packages, by name (`['server', 'engine']`). */
export function workspaceSources(...names) {
  return names.map((name) => join(PACKAGES, name, 'src'));
}

/** Bare imports other than the workspace's own packages stay imports of node_modules. */
const npmPackagesOutside = {
  name: 'npm-packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@gangsta/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds the bundle. Each file is written under a temporary name and renamed into place, so a
 * process starting meanwhile (or another build at the same time) reads a whole file.
 * @param {BundleSpec} spec
 */
export async function bundle(spec) {
  // Loaded here, not at the top: starting a process with a fresh bundle never loads esbuild.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: Object.entries(spec.entries).map(([out, entry]) => ({
      in: entry,
      out: out.replace(/\.mjs$/, ''),
    })),
    outdir: spec.dist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [npmPackagesOutside],
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(spec.dist, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

function newestIn(dir, newest) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = newestIn(path, newest);
    else {
      const modified = statSync(path).mtimeMs;
      if (modified > newest.modified) newest = { path, modified };
    }
  }
  return newest;
}

/**
 * Null when every output file exists and is newer than every source file; otherwise why not,
 * in words that name the file.
 * @param {BundleSpec} spec
 */
export function staleness(spec) {
  let oldest = Number.POSITIVE_INFINITY;
  for (const name of Object.keys(spec.entries)) {
    const path = join(spec.dist, name);
    let modified;
    try {
      modified = statSync(path).mtimeMs;
    } catch {
      return `${path} does not exist`;
    }
    oldest = Math.min(oldest, modified);
  }
  const newest = spec.sourceDirs.reduce((found, dir) => newestIn(dir, found), {
    path: '',
    modified: 0,
  });
  return newest.modified > oldest ? `${newest.path} changed after it was built` : null;
}

/**
 * Builds the bundle when it is missing or out of date, saying so on stderr. Without esbuild
 * (an install without dev dependencies) a stale bundle cannot be rebuilt: that is an error
 * naming the command that would.
 * @param {BundleSpec} spec
 * @param {string} buildCommand
 */
export async function ensureBundle(spec, buildCommand) {
  const stale = staleness(spec);
  if (stale === null) return;
  process.stderr.write(`${spec.name}: building its bundle (${stale})\n`);
  try {
    await bundle(spec);
  } catch (error) {
    throw new Error(
      `${spec.name}: the bundle could not be built (${error instanceof Error ? error.message : error}); try: ${buildCommand}`,
    );
  }
}
