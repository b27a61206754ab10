/**
 * Tables asleep (`src/tables/memory/sleep.ts`): a turn-based table nobody watches leaves memory after
 * `IDLE_TABLE_MS` without a move, "My games" lists it without waking it, and it comes back
 * whole (version, frame, resent ids, the next move) the moment a player opens it.
 */
import type { Move } from '@gangsta/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Follower, http, TestClient, twoPlayerGame } from './harness.ts';
import { at } from './support/lists.ts';
import { type SpawnedServer, spawnServer, stopAllServers } from './support/spawnServer.ts';

const METRICS_TOKEN = 'sleep-metrics-token';
let server: SpawnedServer;

beforeAll(async () => {
  server = await spawnServer({ env: { IDLE_TABLE_MS: '400', METRICS_TOKEN } });
}, 90_000);

afterAll(async () => {
  await stopAllServers();
});

async function metric(name: string): Promise<number> {
  const response = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await response.text()).split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`/metrics has no ${name}`);
  return Number(line.split(' ')[1]);
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('tables asleep', () => {
  it('leave memory when idle and unwatched, and come back whole when opened', async () => {
    // A turn-based game: a day per decision (a friendly table never sleeps).
    const clock = { kind: 'turn', perMoveMs: 86_400_000 };
    const { table, ann, seats } = await twoPlayerGame(server.url, {}, { clock });
    /** Ann's moves before the table slept: resent after, each has its first answer. */
    const annMoves: { id: string; move: Move; version: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const mover = seats.find((seat) => seat.deciding);
      if (!mover) throw new Error('nobody must decide');
      const move = at(mover.frame!.legal, 0, 'legal move');
      const answer = await mover.move(move, `early${i}`);
      if (answer.type !== 'ack') throw new Error(`refused: ${answer.error.code}`);
      if (mover === seats[0]) annMoves.push({ id: `early${i}`, move, version: answer.version });
      for (const seat of seats) await seat.take();
    }
    const before = seats[0];
    const version = before.version;
    const frame = before.frame;
    // Watched, the table stays awake however idle it is.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await metric('gangsta_tables_loaded')).toBe(1);
    for (const seat of seats) await seat.client.close();
    await until('the table sleeps', async () => (await metric('gangsta_tables_loaded')) === 0);
    expect(await metric('gangsta_tables_slept_total')).toBe(1);

    // "My games" reads it from the store without waking it.
    const games = await http(server.url, 'GET', '/api/v1/me/games', { token: ann.token });
    expect(games.status).toBe(200);
    expect(games.body.games.map((g: { table: { id: string } }) => g.table.id)).toEqual([table]);
    expect(await metric('gangsta_tables_loaded')).toBe(0);

    // Opened again: the same version and frame, and play goes on.
    const client = await TestClient.connect(server.url, ann.token);
    const back = new Follower(client, table, 'back');
    client.send({ type: 'watch', table, seen: version });
    await back.take();
    expect(back.version).toBe(version);
    expect(back.frame).toEqual(frame);
    expect(await metric('gangsta_tables_loaded')).toBe(1);
    // A move id used before the table slept is still known (same answer, not applied twice).
    expect(annMoves.length).toBeGreaterThan(0);
    const first = at(annMoves, 0, "Ann's move");
    const resent = await back.move(first.move, first.id, version);
    expect(resent).toEqual({ type: 'ack', table, id: first.id, version: first.version });
    if (back.deciding) {
      const answer = await back.move();
      expect(answer.type).toBe('ack');
    }
    await client.close();
  }, 60_000);
});
