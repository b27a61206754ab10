/**
 * A process that takes a table's lease reads the store before it runs the table. Its copy in
 * memory may lack moves another process committed, whose messages on the bus it never heard
 * (Redis keeps none for a process cut off from it; the bus also used to drop those of a table
 * still loading here, `rooms-loading.test.ts`). If the copy is then at a person's turn while
 * the store is already at a bot's, nothing would ever wake the bot: this stalled a game in CI
 * when Redis restarted empty under two processes (`faults-redis.test.ts`).
 *
 * Here the missed commit is made by hand: a person's move is written into the store behind
 * the process's back, and the table's lease key is deleted from Redis, as a restart of Redis
 * loses it. Required: at its next lease round the process takes the table afresh, shows the
 * person the move it had missed, and the game plays on to its end with its log in order.
 * Runs with PostgreSQL and Redis (`TEST_POSTGRES_URL`, `TEST_REDIS_URL`).
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RENEW_MS } from '../src/cluster/leases.ts';
import { redisNames } from '../src/cluster/messages.ts';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from './support/database.ts';
import { errorLines, query, storedLog } from './support/faults.ts';
import {
  at,
  playRandomGame,
  replaySteps,
  type SpawnedServer,
  setUpTable,
  spawnServer,
  stopAllServers,
  TEST_REDIS_PREFIX,
} from './support/index.ts';

const enabled = TEST_POSTGRES_URL !== null && TEST_REDIS_URL !== null;

afterAll(stopAllServers);

/** Writes a person's move row straight into the store, as another process would commit it. */
async function writeBehindItsBack(
  server: SpawnedServer,
  row: { tableId: string; seq: number; seat: number; move: unknown },
): Promise<void> {
  await query(
    server,
    `INSERT INTO moves (table_id, seq, seat, kind, move, client_id, by_bot, at, fence)
     VALUES ($1, $2, $3, 'move', $4, 'missed-on-the-bus', 0, $5, NULL)`,
    [row.tableId, row.seq, row.seat, JSON.stringify(row.move), new Date().toISOString()],
  );
}

describe.skipIf(!enabled)('a lease taken afresh over a copy that missed a commit', () => {
  it('reads the store first, so that the bots play on from the last stored move', async () => {
    const server = await spawnServer({ env: { REDIS_URL: TEST_REDIS_URL ?? '' } });
    const table = await setUpTable(server, {
      label: 'missed',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }, { kind: 'bot', level: 'easy' }],
    });
    const [{ client, seat }] = table.players;
    // The person's turn alone: the bots wait for them.
    await client.waitFor(
      'a position where the person alone decides',
      () => client.tableState(table.id).frame?.deciding.join() === String(seat),
      0,
    );
    const { version, frame } = client.tableState(table.id);
    const move = frame!.legal.find((m) => m.type !== 'bank') ?? at(frame!.legal, 0, 'legal move');

    await writeBehindItsBack(server, { tableId: table.id, seq: version + 1, seat, move });
    const redis = new Redis(TEST_REDIS_URL!);
    try {
      expect(await redis.del(redisNames(TEST_REDIS_PREFIX).lease(table.id))).toBe(1);
    } finally {
      redis.disconnect();
    }

    // The next lease round (every RENEW_MS) takes the table again and reads the store.
    await client.waitForVersion(table.id, version + 1, 2 * RENEW_MS + 5_000);
    const result = await playRandomGame(table, { seed: 9 });
    const record = await client.api.record(table.id);
    expect(replaySteps(record).final.phase).toBe('gameOver');
    expect(record.moves[version]).toEqual(move);
    const log = await storedLog(server, table.id);
    expect(log.map((r) => r.seq)).toEqual(log.map((_, i) => i + 1));
    expect(log.length).toBe(result.version);
    expect(errorLines(server)).toEqual([]);
    expect(await server.stop()).toBe(0);
  }, 60_000);
});
