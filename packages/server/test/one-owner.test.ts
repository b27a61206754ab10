/**
 * Each table lives on one process (issue 18): the process holding its lease keeps it in
 * memory; a socket on another process reaches it through that owner (`src/cluster/relay.ts`).
 * Here the table is made on A, two players and a spectator talk to B. B must end up holding no
 * copy while they play through it; when A is killed, B's clients carry on without
 * reconnecting: B takes the table, sends them a sync, and a move that was on its way to the
 * dead owner is answered. Runs with PostgreSQL and Redis (`TEST_POSTGRES_URL`, `TEST_REDIS_URL`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from './support/database.ts';
import { pause, tablesLoaded, tablesRun, twoProcesses } from './support/faults.ts';
import {
  at,
  playRandomGame,
  type ReadyTable,
  readMoveRows,
  replaySteps,
  type SeatedClient,
  type SpawnedServer,
  setUpTable,
  stopAllServers,
  TestClient,
} from './support/index.ts';

const enabled = TEST_POSTGRES_URL !== null && TEST_REDIS_URL !== null;

afterAll(stopAllServers);

/** The host (on A) plays until a player on B has a move to make; returns that player. */
async function untilDecidingOnB(table: ReadyTable): Promise<SeatedClient> {
  const [host, ...onB] = table.players;
  for (let step = 0; step < 200; step++) {
    const ready = onB.find((p) => p.client.tableState(table.id).frame?.legal.length);
    if (ready) return ready;
    const { version, frame } = host.client.tableState(table.id);
    if (!frame?.legal.length) {
      await pause(50);
      continue;
    }
    const move = at(frame.legal, 0, 'legal move');
    const answer = await host.client.move(table.id, move, { seen: version });
    if (answer.type === 'ack') await host.client.waitForVersion(table.id, answer.version);
  }
  throw new Error('no player on B got a move to make');
}

describe.skipIf(!enabled)('one owner per table', () => {
  it('keeps the table on its owner alone, relays the other process, and survives its death', async () => {
    const [a, b] = await twoProcesses();
    const table = await setUpTable(a, {
      label: 'owner',
      seats: [{ kind: 'human' }, { kind: 'human', via: b }, { kind: 'human', via: b }],
      spectators: 1,
      spectatorsVia: b,
      timeoutMs: 60_000,
    });
    // B read the table to seat its players (HTTP); it lets it go at its next lease round.
    await expect.poll(() => tablesLoaded(b), { timeout: 15_000, interval: 500 }).toBe(0);
    expect(await tablesLoaded(a)).toBe(1);
    expect(await tablesRun(a)).toBe(1);

    const first = await playRandomGame(table, { seed: 3, maxMoves: 30 });
    expect(first.acked.filter((m) => m.seat !== 0).length, 'B players moved').toBeGreaterThan(0);
    expect(await tablesLoaded(b), 'B played through A without a copy').toBe(0);
    await at(table.spectators, 0, 'spectator').waitForVersion(table.id, first.version);

    // A B player's move is on its way when the owner dies: it must still be answered.
    const deciding = await untilDecidingOnB(table);
    await a.kill('SIGKILL');
    const { version, frame } = deciding.client.tableState(table.id);
    const move = at(frame!.legal, 0, 'legal move');
    const answer = await deciding.client.move(table.id, move, { seen: version });
    expect(answer).toMatchObject({ type: 'ack', version: version + 1 });
    // B's clients never reconnected: B took the table over and they play on.
    const host = table.players.find((p) => p.seat === 0)!.client;
    await host.reconnect(b);
    await host.watch(table.id, host.tableState(table.id).version);
    await pause(100);
    const rest = await playRandomGame(table, { seed: 4 });
    const record = await table.host.api.record(table.id);
    expect(replaySteps(record).final.phase).toBe('gameOver');
    expect(record.moves.length).toBe(rest.version);
    expect(await b.stop()).toBe(0);
    const rows = (await readMoveRows(b)).get(table.id) ?? [];
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, i) => i + 1));
  }, 180_000);

  it('spreads the tables of many games over both processes, each holding its own', async () => {
    const [a, b] = await twoProcesses();
    const tables = [];
    for (let i = 0; i < 6; i++) {
      const [home, away] = i % 2 === 0 ? [a, b] : [b, a];
      tables.push(
        await setUpTable(home, {
          label: `spread${i}`,
          seats: [{ kind: 'human' }, { kind: 'human', via: away }],
          spectators: 1,
          spectatorsVia: away,
          timeoutMs: 60_000,
        }),
      );
    }
    // Each table is held once, by the process that runs it. Which process that is, is whoever
    // took its lease first: nearly always the one it was made on, but under load the other one,
    // which read the table to seat its guest, can win the lease before the maker's round.
    /** How many tables each process holds (A's, B's), loaded and run. */
    type Holding = { loaded: [number, number]; run: [number, number] };
    const holding = async (): Promise<Holding> => ({
      loaded: [await tablesLoaded(a), await tablesLoaded(b)],
      run: [await tablesRun(a), await tablesRun(b)],
    });
    const eachItsOwn = ({ loaded, run }: Holding) =>
      loaded[0] + loaded[1] === 6 && loaded[0] === run[0] && loaded[1] === run[1];
    let last = await holding();
    const settled = async () => {
      last = await holding();
      return eachItsOwn(last);
    };
    await expect
      .poll(settled, { timeout: 15_000, interval: 500 })
      .toBe(true)
      .catch(() => {
        throw new Error(`tables not held once each: loaded ${last.loaded}, run ${last.run}`);
      });
    const results = await Promise.all(
      tables.map((table, i) => playRandomGame(table, { seed: 20 + i, maxMoves: 15 })),
    );
    for (const [i, result] of results.entries()) {
      const table = at(tables, i, 'table');
      await at(table.spectators, 0, 'spectator').waitForVersion(table.id, result.version);
    }
    const after = await holding();
    expect(eachItsOwn(after), `tables loaded ${after.loaded}, run ${after.run}`).toBe(true);
    // Spread over both: each process runs some (about half: the makers take most leases).
    expect(Math.min(...after.run), `tables run ${after.run}`).toBeGreaterThan(0);
  }, 180_000);

  it('counts a connection’s watches on every owner against its limit', async () => {
    const limit = { MAX_WATCHED_PER_CONNECTION: '2' };
    const [a, b] = await twoProcesses([limit, limit]);
    /** A waiting public table made on `server`, which takes its lease. */
    const tableOn = async (server: SpawnedServer, name: string) => {
      const host = await TestClient.player(server, name);
      const { table } = await host.api.createTable({
        public: true,
        options: { players: 2 },
        seats: [{ kind: 'host' }, { kind: 'open' }],
      });
      return table.id;
    };
    const [onA1, onA2, onB] = [
      await tableOn(a, 'A1'),
      await tableOn(a, 'A2'),
      await tableOn(b, 'B'),
    ];
    await expect.poll(() => tablesRun(a), { timeout: 15_000, interval: 500 }).toBe(2);
    await expect.poll(() => tablesLoaded(b), { timeout: 15_000, interval: 500 }).toBe(1);
    const spectator = await TestClient.anonymous(b);
    const unwatch = new Map<string, () => void>();
    /** Watches through the protocol's client; the table's sync, or the refusal's code. */
    const watch = async (table: string) => {
      const since = spectator.received.length;
      unwatch.get(table)?.();
      unwatch.set(table, spectator.client.watch(table));
      const answer = await spectator.waitFor(
        `an answer to watching ${table}`,
        (m) => (m.type === 'sync' || m.type === 'error') && m.table === table,
        since,
      );
      return answer.message?.type === 'error' ? answer.message.error.code : 'watching';
    };
    expect(await watch(onA1), 'relayed to A').toBe('watching');
    expect(await watch(onB), 'held here').toBe('watching');
    expect(await watch(onA2), 'a third, relayed').toBe('TOO_MANY_WATCHED');
    unwatch.get(onB)?.();
    await pause(300);
    expect(await watch(onA2), 'after leaving one').toBe('watching');
    expect(await watch(onB), 'a third, held here').toBe('TOO_MANY_WATCHED');
    expect(await tablesLoaded(b), 'B holds only its own table').toBe(1);
  }, 120_000);
});
