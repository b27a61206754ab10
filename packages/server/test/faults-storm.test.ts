/**
 * A reconnect storm (issue 18): many games in play on two processes (each game's two players
 * on different processes), every socket dropped at once, and every client back at once on the
 * other process (as a balancer spreads them after a network blip), saying the version it has
 * seen. Required: every client is resynced (its `update` or `sync` at the table's version)
 * within 10 s; the games go on; every acknowledged move is in the record; and STALE refusals
 * stay rare (no flood of stale moves from clients that resynced). `STORM_GAMES` sets the number
 * of games (200 by default, which keeps the file well under a minute on a 2-core machine).
 * Runs with PostgreSQL and Redis (`TEST_POSTGRES_URL`, `TEST_REDIS_URL`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from './support/database.ts';
import { errorLines, storedLog, twoProcesses } from './support/faults.ts';
import {
  type AckedMove,
  at,
  playRandomGame,
  type ReadyTable,
  setUpTable,
  stopAllServers,
} from './support/index.ts';

const enabled = TEST_POSTGRES_URL !== null && TEST_REDIS_URL !== null;
const GAMES = Number(process.env.STORM_GAMES ?? 200);
/** Tables set up at once. */
const SETUP_BATCH = 25;

afterAll(stopAllServers);

describe.skipIf(!enabled)('a reconnect storm', () => {
  it(`resyncs every client of ${GAMES} games within 10 s, losing nothing`, async () => {
    const [a, b] = await twoProcesses();
    const setupStarted = performance.now();
    const tables: ReadyTable[] = [];
    for (let i = 0; i < GAMES; i += SETUP_BATCH) {
      const batch = Array.from({ length: Math.min(SETUP_BATCH, GAMES - i) }, (_, j) =>
        setUpTable(a, {
          label: `storm${i + j}`,
          seats: [{ kind: 'human' }, { kind: 'human', via: b }],
          timeoutMs: 60_000,
        }),
      );
      tables.push(...(await Promise.all(batch)));
    }
    const setupMs = performance.now() - setupStarted;
    const acked = new Map<string, AckedMove[]>(tables.map((t) => [t.id, []]));
    let stale = 0;
    const play = async (seed: number) => {
      const results = await Promise.all(
        tables.map((table, i) =>
          playRandomGame(table, {
            seed: seed + i,
            maxMoves: 4,
            afterAck: (_player, move) => void acked.get(table.id)!.push(move),
          }),
        ),
      );
      stale += results.reduce((n, r) => n + r.stale, 0);
    };
    await play(1_000);
    const staleBefore = stale;

    // Every socket drops at once, and every client comes back at once, on the other process.
    const clients = tables.flatMap((table) =>
      table.players.map(({ client }) => ({ table, client, home: client === table.host ? a : b })),
    );
    const droppedAt = performance.now();
    for (const { client } of clients) client.drop();
    const resynced = await Promise.all(
      clients.map(async ({ table, client, home }) => {
        const seen = client.tableState(table.id).version;
        await client.reconnect(home === a ? b : a);
        const answer = await client.watch(table.id, seen);
        const version = Math.max(
          ...table.players.map((p) => p.client.tableState(table.id).version),
        );
        expect(answer.version).toBeGreaterThanOrEqual(version);
        return performance.now() - droppedAt;
      }),
    );
    const slowest = Math.max(...resynced);
    const sorted = [...resynced].sort((x, y) => x - y);
    console.log(
      `storm: ${GAMES} games set up in ${(setupMs / 1000).toFixed(1)} s; ${clients.length} clients resynced, median ${at(sorted, sorted.length >> 1, 'resync time').toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms after the drop`,
    );
    expect(slowest, 'every client resynced within 10 s').toBeLessThan(10_000);

    // The games go on from where they were.
    await play(2_000);
    const staleAfter = stale - staleBefore;
    console.log(`STALE refusals: ${staleBefore} before the storm, ${staleAfter} after`);
    expect(staleAfter, 'no flood of STALE refusals').toBeLessThanOrEqual(Math.ceil(GAMES / 20));

    // Every acknowledged move is the stored row of its version (the games are still on: the
    // log, not the record).
    for (const table of tables) {
      const log = await storedLog(a, table.id);
      expect(log.map((r) => r.seq)).toEqual(log.map((_, i) => i + 1));
      const moves = acked.get(table.id)!;
      expect(moves.length).toBeGreaterThanOrEqual(8);
      for (const move of moves) {
        expect(log[move.version - 1], `acknowledged move ${move.version}`).toMatchObject({
          seat: move.seat,
          clientId: move.id,
        });
      }
    }
    for (const server of [a, b]) expect(errorLines(server)).toEqual([]);
  }, 120_000);
});
