// What the server's bundle is made from, and whether a bundle on disk is older than it. Plain
// JavaScript without dependencies: `bin/server.mjs` checks this at every start (about 10 ms).
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = join(SERVER, '..');

/** The folders whose files end up in the bundle: the server's and the workspace packages it imports. */
export const SOURCE_DIRS = ['server', 'engine', 'protocol', 'bots'].map((name) =>
  join(PACKAGES, name, 'src'),
);
export const DIST = join(SERVER, 'dist');
/** The bundle's entry points: the process and its two kinds of worker thread (see src/threads.ts). */
export const BUNDLES = {
  'main.mjs': join(SERVER, 'src', 'main.ts'),
  'store-worker.mjs': join(SERVER, 'src', 'store', 'worker.ts'),
  'bot-worker.mjs': join(SERVER, 'src', 'bots', 'worker.ts'),
};

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
 * Null when every bundle exists and is newer than every source file; otherwise why not, in a
 * sentence that names the file.
 */
export function staleness() {
  let oldest = Number.POSITIVE_INFINITY;
  for (const name of Object.keys(BUNDLES)) {
    const path = join(DIST, name);
    let modified;
    try {
      modified = statSync(path).mtimeMs;
    } catch {
      return `${path} does not exist`;
    }
    oldest = Math.min(oldest, modified);
  }
  const newest = SOURCE_DIRS.reduce((found, dir) => newestIn(dir, found), {
    path: '',
    modified: 0,
  });
  return newest.modified > oldest ? `${newest.path} changed after the bundle was built` : null;
}
