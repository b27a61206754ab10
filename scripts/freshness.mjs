// Whether a build's output is up to date with the files it is built from, by content: a hash of
// every source file (path and bytes) and of the environment variables that change the build,
// written beside the output after a build. `npm start` (scripts/start.mjs) skips the web
// client's vite build when the hash is the same, which took most of its 16 s from Ctrl+C to
// ready. Contents rather than times: a `git checkout` of an older commit, or a file edited back,
// is seen as it is.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Written in the output folder after a successful build: the hash of its sources. */
export const STAMP = '.sources-sha256';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** @typedef {import('./freshness.d.mts').BuildSpec} BuildSpec */

/**
 * The web client's build (`vite build` in packages/web): its own files and the sources of the
 * workspace packages it bundles, the lockfile (the versions of everything from npm) and the
 * `VITE_*` variables that vite writes into the client.
 * @type {BuildSpec}
 */
export const WEB_BUILD = {
  name: 'the web client',
  root: ROOT,
  output: join(ROOT, 'packages', 'web', 'dist'),
  sources: [
    'package-lock.json',
    'tsconfig.base.json',
    ...[
      'src',
      'public',
      'scripts',
      'index.html',
      'vite.config.ts',
      'package.json',
      'tsconfig.json',
    ].map((path) => `packages/web/${path}`),
    ...['engine', 'protocol', 'client', 'bots'].flatMap((name) => [
      `packages/${name}/src`,
      `packages/${name}/package.json`,
    ]),
  ],
  env: /^VITE_/,
};

/** Every file under a path (the path itself when it is a file), sorted; none when it is absent. */
function filesUnder(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return [];
  }
  if (!stats.isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/**
 * The hash of a build's sources: each file's path (relative to the root) and contents, then the
 * matching environment variables with their values.
 * @param {BuildSpec} spec
 * @param {NodeJS.ProcessEnv} [env]
 */
export function sourcesHash(spec, env = process.env) {
  const hash = createHash('sha256');
  for (const source of spec.sources) {
    for (const file of filesUnder(join(spec.root, source))) {
      hash.update(`file ${relative(spec.root, file)}\0`);
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  for (const name of Object.keys(env).sort()) {
    if (spec.env.test(name)) hash.update(`env ${name}=${env[name]}\0`);
  }
  return hash.digest('hex');
}

/**
 * Null when the output was built from exactly these sources; otherwise why it must be built,
 * in words.
 * @param {BuildSpec} spec
 * @param {string} [hash] the sources' hash, when it is known already
 */
export function buildStaleness(spec, hash = sourcesHash(spec)) {
  let built;
  try {
    built = readFileSync(join(spec.output, STAMP), 'utf8').trim();
  } catch {
    return `${relative(spec.root, spec.output)} has no record of its sources`;
  }
  return built === hash ? null : 'its sources changed since the last build';
}

/**
 * Records that the output was just built from these sources.
 * @param {BuildSpec} spec
 * @param {string} hash the sources' hash taken before the build started
 */
export function recordBuild(spec, hash) {
  writeFileSync(join(spec.output, STAMP), `${hash}\n`);
}
