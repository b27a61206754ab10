// The bundles that the server process and the `gangsta` command run: esbuild turns a package's
// TypeScript entry points (with the workspace packages they import) into plain JavaScript files
// in the package's dist/, while packages from npm stay imports of node_modules.
//
// Why: tsx compiling the sources on the fly, in the process and again in each worker thread,
// cost about 8.3 s of CPU per server start on this 2-core machine and 2.1 s per `gangsta`
// command; their bundles about 2.9 s and 0.5 s (2026-11-26). Restarts, hand-overs and the
// test suite, which starts both many times, pay that.
//
// A bundle is rebuilt when any file it was built from is newer (ensureBundle, a few
// milliseconds to check): nobody runs yesterday's code by forgetting a build step.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Written beside the bundle: every file it was built from (esbuild's metafile inputs). */
const INPUTS = 'inputs.json';

/** @typedef {import('./bundle.d.mts').BundleSpec} BundleSpec (the types are in bundle.d.mts) */

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
    metafile: true,
  });
  mkdirSync(spec.dist, { recursive: true });
  const inputs = Object.keys(result.metafile.inputs).map((path) => resolve(path));
  const files = [
    ...result.outputFiles.map((file) => ({ path: file.path, contents: file.contents })),
    // Last: a bundle without its list of inputs counts as missing.
    { path: join(spec.dist, INPUTS), contents: JSON.stringify(inputs) },
  ];
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

/** The time a file was last changed, or null if it is not there. */
function modifiedAt(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Null when every output file exists and is newer than every file it was built from;
 * otherwise why not, in words that name the file.
 * @param {BundleSpec} spec
 */
export function staleness(spec) {
  const outputs = [INPUTS, ...Object.keys(spec.entries)].map((name) => join(spec.dist, name));
  const builtAt = outputs.map(modifiedAt);
  const missing = builtAt.indexOf(null);
  if (missing >= 0) return `${outputs[missing]} does not exist`;
  const oldest = Math.min(...builtAt);
  /** @type {unknown} */
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(outputs[0], 'utf8'));
  } catch {
    inputs = null;
  }
  if (!Array.isArray(inputs) || !inputs.every((input) => typeof input === 'string'))
    return `${outputs[0]} is not a list of files`;
  for (const input of inputs) {
    const at = modifiedAt(input);
    if (at === null) return `${input} is gone since it was built`;
    if (at > oldest) return `${input} changed after it was built`;
  }
  return null;
}

/**
 * Builds the bundle when it is missing or out of date, saying so on stderr. Without esbuild
 * (an install without dev dependencies) a stale bundle cannot be rebuilt: that is an error
 * naming the command that would.
 * @param {BundleSpec} spec
 */
export async function ensureBundle(spec) {
  const stale = staleness(spec);
  if (stale === null) return;
  process.stderr.write(`${spec.name}: building its bundle (${stale})\n`);
  try {
    await bundle(spec);
  } catch (error) {
    throw new Error(
      `${spec.name}: the bundle could not be built (${error instanceof Error ? error.message : error}); try: ${spec.buildCommand}`,
    );
  }
}

/**
 * What a package's bin does: rebuilds the bundle when it is out of date, then runs its
 * `main.mjs`, with stack traces that name the TypeScript files and lines, not the bundle's.
 * @param {BundleSpec} spec
 */
export async function runBundle(spec) {
  try {
    await ensureBundle(spec);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(join(spec.dist, 'main.mjs')).href);
}

/**
 * What a package's `scripts/build.mjs` does when run as a command: builds, and says where and
 * in how long.
 * @param {BundleSpec} spec
 */
export async function buildAndReport(spec) {
  const started = performance.now();
  await bundle(spec);
  console.log(
    `${spec.name}: bundle built in ${spec.dist} (${Math.round(performance.now() - started)} ms)`,
  );
}
