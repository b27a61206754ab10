// Throwaway: server CPU per move, in-process, fake peers (JSON only), real SQLite group commit.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerMessage } from '@gangsta/protocol';
import { openSqliteStore } from './src/store/sqlite.ts';
import { TableService } from './src/tables/service.ts';
import { createTable, joinTable, startTable } from './src/tables/lifecycle.ts';
import { watch } from './src/tables/watch.ts';
import { submit } from './src/tables/play.ts';
import { legalMoves } from '@gangsta/engine';
import type { Peer } from './src/peer.ts';
import { encodeMessage } from './src/ws/encode.ts';

const store = openSqliteStore(mkdtempSync(join(tmpdir(), 'sb-')));
await store.migrate();
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const service = new TableService(store, log, { botDelayMs: 0, botThreads: 1 });
const ctx = service.ctx;
let bytes = 0;
let pid = 0;
function peer(player: { id: string; name: string; tokenHash: string; createdAt: string } | null): Peer {
  return { id: pid++, player, tables: new Set(), send: (m: ServerMessage) => { bytes += encodeMessage(m).length; } };
}
const TABLES = Number(process.argv[2] ?? 200);
const rooms = [];
for (let t = 0; t < TABLES; t++) {
  const ps = [0, 1, 2].map((i) => ({ id: `p${t}-${i}`, name: `P${i}`, tokenHash: `h${t}-${i}`, createdAt: '' }));
  for (const p of ps) await store.createPlayer(p);
  const info = await createTable(ctx, ps[0], { public: true, options: { players: 3, families: false, resources: false, expertResources: false, minimumPassIncome: false, catchUpCash: false, privateHeistInfluence: false }, seats: [{ kind: 'host' }, { kind: 'open' }, { kind: 'open' }] });
  await joinTable(ctx, ps[1], info.id, {});
  await joinTable(ctx, ps[2], info.id, {});
  const peers = ps.map((p) => peer(p));
  for (const pe of peers) await watch(ctx, pe, info.id, undefined);
  const room = await startTable(ctx, ps[0], info.id);
  rooms.push({ room, peers });
}
let moves = 0;
let n = 0;
const start = process.cpuUsage();
const t0 = performance.now();
while (performance.now() - t0 < 5000) {
  for (const { room, peers } of rooms) {
    const head = room.head!;
    if (head.state.phase === 'gameOver' || head !== room.committed) continue;
    const legal = legalMoves(head.state);
    if (!legal.length) continue;
    const move = legal[n++ % legal.length];
    submit(ctx, { room, seat: move.seat, clientId: `c${n}`, seen: head.version, move, byBot: false, peer: peers[move.seat] });
    moves++;
  }
  await new Promise((r) => setTimeout(r, 5));
}
await ctx.commits.drained();
const cpu = process.cpuUsage(start);
const secs = (performance.now() - t0) / 1000;
console.log(`${moves} moves in ${secs.toFixed(1)} s = ${(moves / secs).toFixed(0)}/s; cpu per move ${((cpu.user + cpu.system) / moves).toFixed(0)} µs; bytes/move ${(bytes / moves).toFixed(0)}`);
await service.stop();
await store.close();
