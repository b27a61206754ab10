/**
 * Tables asleep, measured (a script, not a test). Stores `--games` turn-based games of two
 * people in a fresh SQLite store, each `--moves` random moves in and last moved an hour ago
 * (so all are asleep), then starts the server on it and prints: how long the start took, the
 * server's RSS, the tables it holds, and how long opening one cold table takes (hello, watch →
 * sync, the table read and replayed from the store). Then the same store with every table
 * kept awake (`IDLE_TABLE_MS` of a year), for comparison.
 *
 *   npm run bench:cold -w packages/server -- [--games 20000] [--moves 40] [--opens 20]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { legalMoves, type Move } from '@gangsta/engine';
import { CLOCK_PRESETS, PROTOCOL_VERSION, tableOptionsSchema } from '@gangsta/protocol';
import WebSocket from 'ws';
import { gameOptionsOf } from '../src/gameOptions.ts';
import { hashToken } from '../src/ids.ts';
import type { MoveRow, PlayerRow, TableRow } from '../src/store/types.ts';
import { workerStore } from '../src/store/workerStore.ts';
import { startClock } from '../src/tables/game/clock.ts';
import { type Position, playMove, startPosition } from '../src/tables/game/position.ts';
import { at } from '../test/support/lists.ts';
import { spawnServer } from '../test/support/spawnServer.ts';
import { processRssMb } from './load/stats.ts';

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} wants a positive whole number, not "${process.argv[at + 1]}"`);
  return value;
}

const games = argument('games', 20_000);
const movesPerGame = argument('moves', 40);
const opens = argument('opens', 20);
const HOUR = 3_600_000;

/** One game's rows: its table (playing, a day per decision) and its moves. */
function gameRows(index: number, players: PlayerRow[], at: number) {
  const seed = 1000 + index;
  // The protocol's defaults: every variant and table option off.
  const options = tableOptionsSchema.parse({ players: 2 });
  const started = startPosition(gameOptionsOf(options, seed));
  if (!started.ok) throw new Error(started.error.message);
  let position: Position = started.position;
  const moves: MoveRow[] = [];
  const iso = new Date(at).toISOString();
  for (let i = 0; i < movesPerGame; i++) {
    const legal: Move[] = legalMoves(position.state);
    if (legal.length === 0) break;
    const next = playMove(position, legal[(index + i * 7) % legal.length], false);
    if (!next.ok) throw new Error(next.error.message);
    position = next.position;
    const move = position.moves.at(-1)!;
    const base = { tableId: `cold${index}`, seq: i + 1, seat: move.seat, kind: 'move' as const };
    moves.push({ ...base, move, clientId: `c${i}`, byBot: false, at: iso });
  }
  const setting = CLOCK_PRESETS.day;
  const [host] = players;
  if (!host) throw new Error('a cold table needs a player to host it');
  const seats = players.map((player, seat) => ({
    setup: seat === 0 ? ('host' as const) : ('open' as const),
    invite: null,
    label: null,
    botLevel: null,
    playerId: player.id,
    name: player.name,
  }));
  const table: TableRow = {
    id: `cold${index}`,
    name: `Cold ${index}`,
    public: false,
    hostId: host.id,
    options,
    seats,
    status: 'playing',
    seed,
    moveCount: 0,
    revision: 1,
    createdAt: iso,
    startedAt: iso,
    finishedAt: null,
    clock: { setting, takeoverLevel: 'medium', state: startClock(setting, 2, [0], at) },
  };
  return { table, moves, version: moves.length };
}

async function fillStore(dataDir: string): Promise<{ token: string; versions: number[] }> {
  const store = workerStore(dataDir);
  await store.migrate();
  const token = 'cold-bench-token';
  const players: PlayerRow[] = ['Ann', 'Ben'].map((name, i) => ({
    id: `p${i}`,
    name,
    tokenHash: hashToken(i === 0 ? token : `other-${i}`),
    createdAt: new Date().toISOString(),
  }));
  for (const player of players) await store.createPlayer(player);
  const versions: number[] = [];
  const at = Date.now() - HOUR;
  // Many games at once: the store's thread writes the calls that arrive together in one
  // transaction (one fsync), as it does for a busy server.
  const AT_ONCE = 250;
  for (let from = 0; from < games; from += AT_ONCE) {
    const chunk = Array.from({ length: Math.min(AT_ONCE, games - from) }, (_, k) =>
      gameRows(from + k, players, at),
    );
    await Promise.all(chunk.map(({ table }) => store.createTable(table)));
    await Promise.all(chunk.map(({ moves }) => store.commit({ moves, tables: [] })));
    versions.push(...chunk.map((game) => game.version));
    if ((from + AT_ONCE) % 5000 === 0) console.error(`  stored ${from + AT_ONCE} games`);
  }
  await store.close();
  return { token, versions };
}

/** Hello and watch on a fresh socket; the milliseconds until the table's sync arrives. */
async function openTable(wsUrl: string, token: string, table: string): Promise<number> {
  const socket = new WebSocket(wsUrl, { perMessageDeflate: false });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const started = performance.now();
  const synced = new Promise<number>((resolve, reject) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; table?: string };
      if (message.type === 'sync' && message.table === table) resolve(performance.now() - started);
      if (message.type === 'error') reject(new Error(String(data).slice(0, 300)));
    });
  });
  socket.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token }));
  socket.send(JSON.stringify({ type: 'watch', table }));
  const ms = await synced;
  socket.close();
  return ms;
}

async function measure(label: string, dataDir: string, token: string, idleMs: number) {
  const METRICS_TOKEN = 'cold-bench';
  const begun = performance.now();
  const server = await spawnServer({
    dataDir,
    env: { LOG_LEVEL: 'warn', IDLE_TABLE_MS: String(idleMs), METRICS_TOKEN },
    startTimeoutMs: 600_000,
  });
  const startSeconds = (performance.now() - begun) / 1000;
  try {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rss = processRssMb(server.pid);
    const metrics = await (
      await fetch(`${server.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
    ).text();
    const loaded = metrics.split('\n').find((l) => l.startsWith('gangsta_tables_loaded '));
    const times: number[] = [];
    const wsUrl = `${server.url.replace(/^http/, 'ws')}/api/v1/ws`;
    for (let i = 0; i < opens; i++) {
      times.push(await openTable(wsUrl, token, `cold${(i * 7919) % games}`));
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${label} | ${games} | ${startSeconds.toFixed(1)} | ${rss.toFixed(0)} | ${loaded?.split(' ')[1] ?? '?'} | ${at(times, times.length >> 1, 'time').toFixed(1)} | ${at(times, -1, 'time').toFixed(1)} |`,
    );
  } finally {
    await server.stop(60_000);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'gangsta-cold-'));
try {
  console.error(`storing ${games} turn-based games of ${movesPerGame} moves…`);
  const { token } = await fillStore(dataDir);
  console.log('');
  console.log(
    `Tables asleep: ${games} turn-based games stored (${movesPerGame} moves each, last moved an hour ago), one server process on SQLite; a cold open = hello + watch → sync, ${opens} tables`,
  );
  console.log('');
  console.log(
    '| setup | games stored | start s | server RSS MB | tables in memory | open median ms | open max ms |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  await measure('idle tables asleep (IDLE_TABLE_MS 10 min)', dataDir, token, 600_000);
  await measure('every table awake (IDLE_TABLE_MS a year)', dataDir, token, 365 * 24 * HOUR);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
