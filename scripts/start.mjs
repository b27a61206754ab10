// `npm start`: builds the web client when its sources changed since the last build, then starts
// the game server (whose bin rebuilds its own bundle when a file it was built from is newer),
// which serves the client and the online API on one address (http://127.0.0.1:5173/ unless
// PORT/HOST say otherwise) and keeps its database in data/ (DATA_DIR). Ctrl+C stops it.
// The server logs at LOG_LEVEL (default info: a line per start, migration and stop) on stderr.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStaleness, recordBuild, sourcesHash, WEB_BUILD } from './freshness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'packages', 'web');
const vite = join(root, 'node_modules', '.bin', 'vite');
const serverBin = join(root, 'packages', 'server', 'bin', 'server.mjs');
const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '5173';

// Hashed before the build: a file saved during the build makes the next start build again.
const hash = sourcesHash(WEB_BUILD);
const stale = buildStaleness(WEB_BUILD, hash);
if (stale === null) {
  console.log('The web client is up to date (packages/web/dist).');
} else {
  console.log(`Building the web client (${stale})…`);
  const build = spawnSync(vite, ['build'], { cwd: web, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed.');
    process.exit(build.status ?? 1);
  }
  recordBuild(WEB_BUILD, hash);
}

const server = spawn(process.execPath, [serverBin], {
  cwd: root,
  env: {
    ...process.env,
    HOST: host,
    PORT: port,
    STATIC_DIR: process.env.STATIC_DIR ?? join(web, 'dist'),
    DATA_DIR: process.env.DATA_DIR ?? join(root, 'data'),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let announced = false;
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  const ready = /gangsta server listening on (\S+)/.exec(String(chunk));
  if (!announced && ready) {
    announced = true;
    console.log(`\n  Gangsta! is ready: open ${ready[1]}/ in your browser.\n`);
  }
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
