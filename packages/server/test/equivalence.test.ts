/**
 * Equivalence: random games played through the server by scripted clients (and server bots)
 * end exactly where the engine's own replay of the stored record ends. Every seat's and the
 * spectator's last frame must be the engine's view of the replayed final state, the record
 * must hold every acknowledged move at its version, and the database's move rows must be
 * contiguous, unique and the same moves.
 */
import { type GameRecord, type GameState, replay, viewFor } from '@gangsta/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  closeTable,
  describePlan,
  makeDataDir,
  playRandomGame,
  type RandomGameResult,
  type ReadyTable,
  readMoveRows,
  type SpawnedServer,
  setUpTable,
  spawnServer,
  stopAllServers,
  variantPlan,
} from './support/index.ts';

const GAMES = 30;
/** Tables played at once: each game waits on its own round trips, the server commits their moves together. */
const PARALLEL = 10;

interface PlayedTable {
  name: string;
  table: ReadyTable;
  result: RandomGameResult;
  record: GameRecord;
  final: GameState;
}

let server: SpawnedServer;
const played: PlayedTable[] = [];

// Starting compiles the server's sources with tsx: slow on a busy machine.
beforeAll(async () => {
  // A folder of our own: the database is read after the server stopped (removed in afterAll).
  server = await spawnServer({ dataDir: makeDataDir() });
}, 60_000);

afterAll(async () => {
  await stopAllServers();
}, 60_000);

async function playOne(index: number): Promise<PlayedTable> {
  const plan = variantPlan(index);
  const name = describePlan(plan);
  const table = await setUpTable(server, { ...plan, spectators: 1 });
  const result = await playRandomGame(table, { seed: 1000 + index });
  const record = await table.host.api.record(table.id);
  // The engine's own replay of the stored record is the reference.
  const replayed = replay(record);
  if (!replayed.ok)
    throw new Error(`${name}: the record does not replay: ${replayed.error.message}`);
  return { name, table, result, record, final: replayed.state };
}

function checkAgainstReplay({ name, table, result, record, final }: PlayedTable): void {
  expect(final.phase, `${name}: the replayed record ends the game`).toBe('gameOver');
  expect(record.moves.length, `${name}: the record holds every move`).toBe(final.moveCount);
  expect(result.version, `${name}: no undo was played, so version = moves`).toBe(
    record.moves.length,
  );
  for (const { client, seat } of table.players) {
    const frame = client.tableState(table.id).frame;
    expect(frame?.over, `${name}: seat ${seat} saw the end`).toBe(true);
    expect(frame?.moveCount).toBe(final.moveCount);
    expect(frame?.view, `${name}: seat ${seat}'s last view is the engine's`).toEqual(
      viewFor(final, seat),
    );
    expect(frame?.legal).toEqual([]);
  }
  for (const spectator of table.spectators) {
    expect(spectator.tableState(table.id).frame?.view, `${name}: spectator's last view`).toEqual(
      viewFor(final, null),
    );
  }
  for (const acked of result.acked) {
    expect(
      record.moves[acked.version - 1],
      `${name}: acked move at version ${acked.version}`,
    ).toEqual(acked.move);
  }
  expect(record.options, `${name}: the record has the table's options`).toMatchObject(
    table.info.options,
  );
  expect(final.result, `${name}: everyone saw the engine's result`).toEqual(
    table.players[0].client.tableState(table.id).frame?.view.result,
  );
}

describe('games through the server equal the engine replay of their records', () => {
  // One test per batch: a slow machine makes a batch slow, not the whole file time out.
  const batches = Array.from({ length: Math.ceil(GAMES / PARALLEL) }, (_, b) =>
    Array.from({ length: Math.min(PARALLEL, GAMES - b * PARALLEL) }, (_, i) => b * PARALLEL + i),
  );
  it.each(batches)(
    'plays random games %i… over every variant and option',
    async (...batch) => {
      const results = await Promise.all(batch.map(playOne));
      for (const game of results) {
        checkAgainstReplay(game);
        await closeTable(game.table);
        played.push(game);
      }
    },
    170_000,
  );

  it('stores each game as contiguous, unique move rows equal to its record', async () => {
    expect(played.length, 'the games were played').toBe(GAMES);
    expect(await server.stop()).toBe(0);
    const rows = await readMoveRows(server);
    for (const { name, table, record, result } of played) {
      const moves = rows.get(table.id) ?? [];
      expect(
        moves.map((row) => row.seq),
        `${name}: seq 1..n`,
      ).toEqual(Array.from({ length: record.moves.length }, (_, i) => i + 1));
      expect(moves.every((row) => row.kind === 'move')).toBe(true);
      expect(
        moves.map((row) => JSON.parse(row.move ?? 'null')),
        `${name}: rows = record`,
      ).toEqual(record.moves);
      const ids = moves.map((row) => `${row.seat}/${row.client_id}`);
      expect(new Set(ids).size, `${name}: no client move id stored twice`).toBe(ids.length);
      for (const acked of result.acked) {
        const row = at(moves, acked.version - 1, 'stored move row');
        expect(row.client_id, `${name}: the acked id is the row's`).toBe(acked.id);
        expect(row.by_bot).toBe(0);
      }
      for (const seat of table.botSeats) {
        expect(moves.filter((row) => row.seat === seat).every((row) => row.by_bot === 1)).toBe(
          true,
        );
      }
    }
  });
});
