/**
 * The floor under the server's CPU per move: what the WebSocket traffic of a move alone
 * costs on this machine, with no game, no store and no checks. A bare `ws` server process
 * plays the server's part of a move — it reads a small move frame, answers the mover with an
 * ack and sends every watcher of the table an update of the size the load benchmark measures
 * — and this script's clients keep every table busy (each next move is sent as soon as the
 * mover has its update). Prints the server process's CPU time per move, with and without
 * one write per socket per tick (src/ws/tickWrites.ts).
 *
 *   npm run bench:sockets -w packages/server -- [--tables 200] [--watchers 3] [--seconds 10]
 *       [--update-bytes 1050]
 *
 * Run it on a quiet machine: other work on the two cores shows in the figures.
 */
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { WebSocket, WebSocketServer } from 'ws';
import { TickWrites } from '../src/ws/tickWrites.ts';
import { processCpuMs } from './load/stats.ts';

interface Settings {
  tables: number;
  watchers: number;
  seconds: number;
  updateBytes: number;
}

/** The server's part: one `ws` server; `batched` sends through TickWrites as the real one does. */
async function serve(batched: boolean, updateBytes: number): Promise<void> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 64 * 1024 });
  const tables = new Map<string, Array<(text: string) => void>>();
  const update = JSON.stringify({ type: 'update', padding: 'x'.repeat(updateBytes - 30) });
  wss.on('connection', (socket) => {
    const writes = new TickWrites(socket);
    const send = batched
      ? (text: string) => writes.send(text)
      : (text: string) => socket.send(text);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { table: string; id: string; join?: boolean };
      const watchers = tables.get(message.table) ?? [];
      tables.set(message.table, watchers);
      if (message.join) return void watchers.push(send);
      send(JSON.stringify({ type: 'ack', table: message.table, id: message.id }));
      for (const watcher of watchers) watcher(update);
    });
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  process.send?.({ port: (wss.address() as AddressInfo).port });
}

async function open(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

/** One table: its watchers' sockets; the first one moves, again as soon as its update is in. */
async function playTable(url: string, table: string, settings: Settings, moves: { count: number }) {
  const sockets = await Promise.all(Array.from({ length: settings.watchers }, () => open(url)));
  for (const socket of sockets) socket.send(JSON.stringify({ table, id: 'join', join: true }));
  const [mover] = sockets;
  if (!mover)
    throw new Error(`table ${table} has no watcher to move (watchers: ${settings.watchers})`);
  let n = 0;
  const move = () => mover.send(JSON.stringify({ type: 'move', table, id: `m${n++}` }));
  mover.on('message', (data) => {
    if (String(data).startsWith('{"type":"update"')) {
      moves.count++;
      move();
    }
  });
  return { start: move, sockets };
}

async function measure(batched: boolean, settings: Settings): Promise<number> {
  const server = fork(
    fileURLToPath(import.meta.url),
    ['--serve', String(batched), String(settings.updateBytes)],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  try {
    const port = await new Promise<number>((resolve) =>
      server.once('message', (message) => resolve((message as { port: number }).port)),
    );
    const url = `ws://127.0.0.1:${port}`;
    const moves = { count: 0 };
    const tables = [];
    for (let t = 0; t < settings.tables; t++)
      tables.push(await playTable(url, `t${t}`, settings, moves));
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const table of tables) table.start();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const [cpu0, moves0] = [processCpuMs(server.pid as number), moves.count];
    await new Promise((resolve) => setTimeout(resolve, settings.seconds * 1000));
    const [cpu1, moves1] = [processCpuMs(server.pid as number), moves.count];
    for (const table of tables) for (const socket of table.sockets) socket.terminate();
    const perMoveUs = ((cpu1 - cpu0) * 1000) / (moves1 - moves0);
    const rate = (moves1 - moves0) / settings.seconds;
    console.log(
      `${batched ? 'one write per socket per tick' : 'one write per frame          '}: ` +
        `${Math.round(rate)} moves/s, server CPU ${Math.round(perMoveUs)} µs/move ` +
        `(${settings.watchers} watchers, ${settings.updateBytes} B updates)`,
    );
    return perMoveUs;
  } finally {
    server.kill();
  }
}

function settingsFrom(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: {
      tables: { type: 'string', default: '200' },
      watchers: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '10' },
      'update-bytes': { type: 'string', default: '1050' },
    },
  });
  const number = (name: string, text: string, min: number): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`--${name}: a whole number ≥ ${min}, not ${text}`);
    return value;
  };
  return {
    tables: number('tables', values.tables, 1),
    watchers: number('watchers', values.watchers, 1),
    seconds: number('seconds', values.seconds, 1),
    updateBytes: number('update-bytes', values['update-bytes'], 64),
  };
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3] === 'true', Number(process.argv[4]));
} else {
  const settings = settingsFrom(process.argv.slice(2));
  for (const batched of [false, true, false, true]) await measure(batched, settings);
}
