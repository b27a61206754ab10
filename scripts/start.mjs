// `npm start`: builds the web client, then serves it on a local address printed below.
// Ctrl+C stops the server. The port can be changed with PORT=8080 npm start.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'packages', 'web');
const vite = join(root, 'node_modules', '.bin', 'vite');
const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '5173';

console.log('Building the web client…');
const build = spawnSync(vite, ['build'], { cwd: web, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The build failed.');
  process.exit(build.status ?? 1);
}

const server = spawn(vite, ['preview', '--host', host, '--port', port, '--strictPort'], {
  cwd: web,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let announced = false;
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!announced && String(chunk).includes(port)) {
    announced = true;
    console.log(`\n  Gangsta! is ready: open http://${host}:${port}/ in your browser.\n`);
  }
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
