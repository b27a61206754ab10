// The `gangsta` command's bundle (see scripts/bundle.mjs at the repository's root for why a
// bundle): one file for the command and one for the simulation's worker threads
// (src/sim/pool.ts finds it). `npm run build -w packages/cli`; bin/gangsta.mjs rebuilds it by
// itself when it is out of date.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildAndReport } from '../../../scripts/bundle.mjs';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @type {import('../../../scripts/bundle.d.mts').BundleSpec} */
export const CLI_BUNDLE = {
  name: 'gangsta',
  dist: join(CLI, 'dist'),
  entries: {
    'main.mjs': join(CLI, 'src', 'main.ts'),
    'sim-worker.mjs': join(CLI, 'src', 'sim', 'worker.ts'),
  },
  buildCommand: 'npm run build -w packages/cli',
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildAndReport(CLI_BUNDLE);
