/**
 * Redis restarted under two processes in play (issue 18): Redis (one of this test's own,
 * `support/redisInstance.ts`, without persistence: it comes back empty, leases gone) is
 * stopped for two seconds and started again while games are played by people on both
 * processes and by server bots. Required: `/ready` stays 200 during the outage with a body
 * naming Redis as degraded; both processes are connected again within about a second of
 * Redis answering; every game then plays to its end with every acknowledged move stored once,
 * in order. The suite's shared Redis is left alone (the other test files use it).
 * Runs with PostgreSQL and Redis (`TEST_POSTGRES_URL`, `TEST_REDIS_URL`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from './support/database.ts';
import { errorLines, pause, readiness, storedLog, twoProcesses } from './support/faults.ts';
import {
  type AckedMove,
  playRandomGame,
  type ReadyTable,
  replaySteps,
  type SpawnedServer,
  setUpTable,
  stopAllServers,
} from './support/index.ts';
import { type RedisInstance, startRedisInstance } from './support/redisInstance.ts';

const enabled = TEST_POSTGRES_URL !== null && TEST_REDIS_URL !== null;

let redis: RedisInstance | null = null;

beforeAll(async () => {
  if (enabled) redis = await startRedisInstance();
});

afterAll(async () => {
  await stopAllServers();
  await redis?.destroy();
}, 60_000);

/** Whether a process's `/ready` is 200 with nothing degraded. */
async function fullyReady(server: SpawnedServer): Promise<boolean> {
  const { status, body } = await readiness(server);
  return status === 200 && body.degraded === undefined;
}

describe.skipIf(!enabled)('Redis restarted under two processes', () => {
  it('stays ready (degraded), reconnects within a second, and loses nothing', async () => {
    const own = redis!;
    const [a, b] = await twoProcesses([{}, {}], own.url);
    const plans = [
      { seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }, { kind: 'human', via: b }] },
      { seats: [{ kind: 'human', via: b }, { kind: 'human' }] },
      {
        seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }, { kind: 'bot', level: 'easy' }],
      },
    ] as const;
    const tables: ReadyTable[] = [];
    for (const [i, plan] of plans.entries()) {
      tables.push(
        await setUpTable(i % 2 === 0 ? a : b, {
          label: `redis${i}`,
          seats: [...plan.seats],
          timeoutMs: 60_000,
        }),
      );
    }
    const acked = new Map<string, AckedMove[]>(tables.map((t) => [t.id, []]));
    // The clients pace themselves a little, so that the games are still on after the outage.
    const games = tables.map((table, i) =>
      playRandomGame(table, {
        seed: 500 + i,
        beforeMove: async () => {
          await pause(30);
        },
        afterAck: (_player, move) => void acked.get(table.id)!.push(move),
      }),
    );
    await expect
      .poll(() => [...acked.values()].reduce((n, l) => n + l.length, 0), { timeout: 30_000 })
      .toBeGreaterThan(10);

    await own.stop();
    const downAt = Date.now();
    // Both processes say Redis is degraded, and stay ready.
    for (const server of [a, b]) {
      await expect
        .poll(async () => (await readiness(server)).body.degraded?.map((d) => d.service), {
          timeout: 5_000,
          interval: 50,
        })
        .toEqual(['redis']);
      const { status, body } = await readiness(server);
      expect(status, `/ready of ${server.url} while Redis is down`).toBe(200);
      expect(body.degraded?.[0]?.reason).toMatch(/Redis cannot be reached/);
    }
    await pause(Math.max(0, 2_000 - (Date.now() - downAt)));
    const statuses: number[] = [];
    await own.start();
    const upAt = performance.now();
    const reconnected = await Promise.all(
      [a, b].map(async (server) => {
        for (;;) {
          const { status } = await readiness(server);
          statuses.push(status);
          if (await fullyReady(server)) return performance.now() - upAt;
          await pause(20);
        }
      }),
    );
    console.log(
      `Redis down ${Date.now() - downAt} ms; processes connected again ${reconnected.map((ms) => ms.toFixed(0)).join(' and ')} ms after it answered`,
    );
    for (const ms of reconnected)
      expect(ms, 'reconnected within about a second').toBeLessThan(1_500);
    expect(
      statuses.every((s) => s === 200),
      '/ready stayed 200',
    ).toBe(true);

    // Every game plays on to its end; nothing acknowledged is lost.
    await Promise.all(games);
    for (const table of tables) {
      const record = await table.host.api.record(table.id);
      expect(replaySteps(record).final.phase, `table ${table.id} played to its end`).toBe(
        'gameOver',
      );
      for (const move of acked.get(table.id)!) {
        expect(record.moves[move.version - 1], `acknowledged move ${move.version}`).toEqual(
          move.move,
        );
      }
      const log = await storedLog(a, table.id);
      expect(log.map((r) => r.seq)).toEqual(log.map((_, i) => i + 1));
      const ids = log.map((r) => `${r.seat}/${r.clientId}`);
      expect(new Set(ids).size, 'no client move stored twice').toBe(ids.length);
    }
    for (const server of [a, b]) {
      expect(server.exited()).toBe(false);
      expect(errorLines(server), `error lines of ${server.url}`).toEqual([]);
    }
    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
  }, 90_000);
});
