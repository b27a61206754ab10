/**
 * What one open WebSocket costs the server's heap. The server runs in this process; a child
 * process opens the connections (each says hello, as a client does), so that the clients'
 * own objects stay out of the figure. Prints the heap used after a full GC with no socket
 * and with `--sockets` open, and the difference per socket.
 *
 *   node --expose-gc --import tsx packages/server/scripts/socket-memory.ts [--sockets 2000]
 *   (or: npm run bench:socket-memory -w packages/server -- --sockets 2000)
 *
 * With SNAPSHOT=/tmp/x.heapsnapshot it also writes heap snapshots with the sockets open and
 * after they closed (`.before`), to see what a socket holds in Chrome's memory tools.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PROTOCOL_VERSION } from '@gangsta/protocol';
import { WebSocket } from 'ws';
import { startServer } from '../src/app.ts';
import { DEFAULT_SECURITY } from '../src/security/settings.ts';

const ME = fileURLToPath(import.meta.url);

/** The child's part: opens `count` sockets to `url`, says hello on each and keeps them open. */
async function openClients(url: string, count: number): Promise<void> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('message', () => resolve());
      socket.once('open', () =>
        socket.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION })),
      );
      socket.once('error', reject);
    });
    sockets.push(socket);
  }
  process.send?.('open');
  process.on('message', () => {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  });
}

/** The heap used and the process's resident memory, after full collections. */
async function memoryAfterGc(): Promise<{ heap: number; rss: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (see the comment at the top)');
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc();
  }
  const { heapUsed, rss } = process.memoryUsage();
  return { heap: heapUsed, rss };
}

async function measure(sockets: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gangsta-socket-memory-'));
  const server = await startServer({
    port: 0,
    dataDir,
    logLevel: 'warn',
    maxSocketsPerAddress: sockets + 10,
    security: { ...DEFAULT_SECURITY, upgradesPerMinute: 0 },
  });
  try {
    const url = `${server.url.replace(/^http/, 'ws')}/api/v1/ws`;
    // A few sockets first, so that every module and cache a connection touches is warm.
    await runClients(url, 20, async () => {});
    const before = await memoryAfterGc();
    let during = before;
    await runClients(url, sockets, async () => {
      during = await memoryAfterGc();
      if (process.env.SNAPSHOT) (await import('node:v8')).writeHeapSnapshot(process.env.SNAPSHOT);
    });
    if (process.env.SNAPSHOT)
      (await import('node:v8')).writeHeapSnapshot(`${process.env.SNAPSHOT}.before`);
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const perSocket = (bytes: number) => (bytes / sockets / 1024).toFixed(2);
    process.stdout.write(
      `heap after GC: ${kb(before.heap)} KB with no socket, ${kb(during.heap)} KB with ${sockets} open: ` +
        `${perSocket(during.heap - before.heap)} KB per socket\n` +
        `resident memory (RSS) after GC: ${kb(before.rss)} KB, then ${kb(during.rss)} KB: ` +
        `${perSocket(during.rss - before.rss)} KB per socket (the heap's and Node's own memory; the kernel's socket buffers are not in it)\n`,
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Opens the sockets in a child process, runs `whileOpen`, then closes them. */
async function runClients(url: string, count: number, whileOpen: () => Promise<void>) {
  const child = fork(ME, ['--child', url, String(count)], { execArgv: ['--import', 'tsx'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the clients exited early (${code})`)));
  });
  await whileOpen();
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('close');
  await exited;
  // The server sees the closes a moment later.
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const { values, positionals } = parseArgs({
  options: { sockets: { type: 'string', default: '2000' }, child: { type: 'boolean' } },
  allowPositionals: true,
});
if (values.child) {
  const [url, count] = positionals;
  if (url === undefined) throw new Error('--child wants the server URL and a socket count');
  await openClients(url, Number(count));
} else {
  const sockets = Number(values.sockets);
  if (!Number.isInteger(sockets) || sockets < 1) {
    throw new Error(`--sockets must be a whole number ≥ 1, not "${values.sockets}"`);
  }
  await measure(sockets);
}
