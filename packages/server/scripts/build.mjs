// The server's bundle (see scripts/bundle.mjs at the repository's root for why a bundle): one
// file for the process and one per kind of worker thread (src/threads.ts finds them).
// `npm run build -w packages/server`; bin/server.mjs rebuilds it by itself when it is out of date.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildAndReport } from '../../../scripts/bundle.mjs';

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @type {import('../../../scripts/bundle.d.mts').BundleSpec} */
export const SERVER_BUNDLE = {
  name: 'gangsta server',
  dist: join(SERVER, 'dist'),
  entries: {
    'main.mjs': join(SERVER, 'src', 'main.ts'),
    'store-worker.mjs': join(SERVER, 'src', 'store', 'worker.ts'),
    'bot-worker.mjs': join(SERVER, 'src', 'bots', 'worker.ts'),
  },
  buildCommand: 'npm run build -w packages/server',
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildAndReport(SERVER_BUNDLE);
