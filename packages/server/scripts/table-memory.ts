/**
 * What a live table holds in the server's heap, part by part, without sockets or a store:
 * `npm run bench:table-memory -w packages/server [-- --tables 1000 --moves 25,150]`.
 *
 * For each count of moves it builds `--tables` tables of three players that have played that
 * many random legal moves, then adds, one part after another, what the server keeps for a
 * table between two moves: the committed position (state, move log, events window), its
 * legal moves, the frames every watcher's next patch is diffed against (one per seat and the
 * spectators'), and the answered client move ids. After each part it collects garbage and
 * prints the live heap it added per table. Run with `--expose-gc` (the npm script does).
 */
import { parseArgs } from 'node:util';
import type { Seat } from '@gangsta/engine';
import { tableOptionsSchema } from '@gangsta/protocol';
import { gameOptionsOf } from '../src/gameOptions.ts';
import type { TableRow } from '../src/store/types.ts';
import { legalOf, type Position, playMove, startPosition } from '../src/tables/game/position.ts';
import { keyOfMove, Room } from '../src/tables/room.ts';
import { sharedUpdateFrame } from '../src/tables/watchers/frames.ts';
import { at } from '../test/support/lists.ts';
import { playingTable } from '../test/support/storeRows.ts';

const exposedGc = (globalThis as { gc?: () => void }).gc;
if (!exposedGc) throw new Error('run with node --expose-gc (npm run bench:table-memory does)');
const gc = exposedGc;

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '1000' },
    moves: { type: 'string', default: '25,150' },
    players: { type: 'string', default: '3' },
  },
});
const tables = Number(values.tables);
const moveCounts = values.moves.split(',').map(Number);
const players = Number(values.players);
for (const [name, n] of [
  ['--tables', tables],
  ['--players', players],
  ...moveCounts.map((m) => ['--moves', m] as const),
] as const) {
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, not ${n}`);
}

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** A playing table's row with a person in each of the `players` seats. */
function tableRow(id: string, seed: number): TableRow {
  const row = playingTable(id);
  const host = at(row.seats, 0, 'seat');
  const seats = Array.from({ length: players }, (_, seat) => ({
    ...host,
    playerId: `player-${id}-${seat}`,
    name: `Player ${seat}`,
  }));
  return { ...row, seed, options: tableOptionsSchema.parse({ players }), seats };
}

/** A game of `moves` random legal moves (fewer if it ends), with each move's client id. */
function playedPosition(seed: number, moves: number): { position: Position; ids: string[] } {
  const started = startPosition(gameOptionsOf(tableOptionsSchema.parse({ players }), seed));
  if (!started.ok) throw new Error(started.error.message);
  let position = started.position;
  let random = seed;
  const ids: string[] = [];
  for (let i = 0; i < moves; i++) {
    const legal = legalOf(position).all;
    if (legal.length === 0) break;
    random = (random * 1103515245 + 12345) % 2 ** 31;
    const played = playMove(position, legal[random % legal.length], false);
    if (!played.ok) throw new Error(played.error.message);
    position = played.position;
    ids.push(`${seed.toString(36)}-${i}-${Math.random().toString(36).slice(2, 10)}`);
  }
  return { position, ids };
}

const kb = (bytes: number) => (bytes / tables / 1024).toFixed(1);

for (const moves of moveCounts) {
  const base = heapUsed();
  const rooms = Array.from({ length: tables }, (_, i) => new Room(tableRow(`t${i}`, i + 1)));
  const afterRooms = heapUsed();
  const ids: string[][] = [];
  rooms.forEach((room, i) => {
    const played = playedPosition(i + 1, moves);
    room.resetTo(played.position);
    ids.push(played.ids);
  });
  const afterPositions = heapUsed();
  for (const room of rooms) if (room.committed) legalOf(room.committed);
  const afterLegal = heapUsed();
  for (const room of rooms) {
    const position = room.committed;
    if (!position) continue;
    sharedUpdateFrame(position, null);
    for (let seat = 0; seat < players; seat++) sharedUpdateFrame(position, seat as Seat);
  }
  const afterFrames = heapUsed();
  rooms.forEach((room, i) => {
    const position = room.committed;
    if (!position) return;
    const tableIds = at(ids, i, "table's move ids");
    position.moves.forEach((move, m) => {
      room.moveSettled(move.seat, at(tableIds, m, 'move id'), keyOfMove(move), m + 1);
    });
  });
  const afterSent = heapUsed();
  const played = rooms.reduce((sum, room) => sum + (room.committed?.moves.length ?? 0), 0);
  console.log(
    `${tables} tables of ${players} players, ${(played / tables).toFixed(0)} moves each: ` +
      `KB per table: room and row ${kb(afterRooms - base)}, position ${kb(afterPositions - afterRooms)}, ` +
      `legal moves ${kb(afterLegal - afterPositions)}, frames ${kb(afterFrames - afterLegal)}, ` +
      `answered ids ${kb(afterSent - afterFrames)}; in all ${kb(afterSent - base)}`,
  );
  rooms.length = 0;
}
