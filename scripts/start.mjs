// `npm start`: builds the web client, then starts the game server (whose bin builds its own
// bundle when it is out of date), which serves the client and the online API on one address
// (http://127.0.0.1:5173/ unless PORT/HOST say otherwise) and keeps its database in data/
// (DATA_DIR). Ctrl+C stops it.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'packages', 'web');
const vite = join(root, 'node_modules', '.bin', 'vite');
const serverBin = join(root, 'packages', 'server', 'bin', 'server.mjs');
const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '5173';

// The server's bin rebuilds its own bundle when it is out of date.
console.log('Building the web client…');
const build = spawnSync(vite, ['build'], { cwd: web, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The build failed.');
  process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [serverBin], {
  cwd: root,
  env: {
    ...process.env,
    HOST: host,
    PORT: port,
    STATIC_DIR: process.env.STATIC_DIR ?? join(web, 'dist'),
    DATA_DIR: process.env.DATA_DIR ?? join(root, 'data'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
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
