/**
 * A database blip is never a crash (issue 17): two server processes on PostgreSQL and Redis,
 * games in play on both (people's seats on either process, server bots), and PostgreSQL is
 * restarted (`pg_ctl restart -m fast`, what `pg_ctlcluster … restart` does: every session ends
 * with 57P01, also inside a group commit's transaction), then stopped for a while and started
 * again. Required: no process exits; nothing is acknowledged while the database is down; a
 * move and a `hello` sent during the outage are answered UNAVAILABLE and, sent again by the
 * client after the pause, go through once it is back; `/ready` stays 200 meanwhile and names
 * the database as degraded (a shared service: draining every process would help nobody); every
 * game then plays on by itself to its end, every acknowledged move stored once, in order; the
 * log has one line per outage rather than one per failed call.
 *
 * The PostgreSQL server restarted here is one of this test's own (`postgresInstance.ts`, a
 * fresh `initdb` on a free port), not the suite's shared cluster: Vitest runs the files of
 * `npm run test:postgres` in parallel, and restarting the cluster every other file has its
 * databases on would fail their queries at random. Its own instance lets the test run with the
 * others and on a developer's machine without disturbing anyone. It runs where the cluster
 * test runs (`TEST_POSTGRES_URL` and `TEST_REDIS_URL` set, as `npm run test:postgres` does),
 * and then needs PostgreSQL's programs installed (`.ci/run` installs them).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from './support/database.ts';
import {
  type AckedMove,
  at,
  makeDataDir,
  playRandomGame,
  type ReadyTable,
  readMoveRows,
  replaySteps,
  type SpawnedServer,
  setUpTable,
  spawnServer,
  stopAllServers,
  TestClient,
} from './support/index.ts';
import { type PostgresInstance, startPostgresInstance } from './support/postgresInstance.ts';

const enabled = TEST_POSTGRES_URL !== null && TEST_REDIS_URL !== null;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: PostgresInstance | null = null;

beforeAll(async () => {
  if (!enabled) return;
  postgres = await startPostgresInstance();
  const admin = new pg.Client({ connectionString: postgres.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE gangsta');
  await admin.end();
}, 120_000);

afterAll(async () => {
  await stopAllServers();
  await postgres?.destroy();
}, 60_000);

/** A move as the test saw it: when it was first sent, and when its ack arrived. */
interface Timed {
  table: string;
  id: string;
  sentAt: number;
  ackAt: number;
}

/** Records, per table, when each client's moves were first sent and when their acks came. */
class Timeline {
  readonly moves: Timed[] = [];
  readonly acked = new Map<string, AckedMove[]>();
  private readonly ackAt = new Map<string, number>();
  private readonly lastSent = new Map<TestClient, number>();

  watch(table: ReadyTable): void {
    for (const { client } of table.players) {
      client.onFrame = (frame) => {
        if (frame.message?.type === 'ack') this.ackAt.set(frame.message.id, Date.now());
      };
    }
  }

  /** `playRandomGame` options recording the times of one table's moves. */
  options(table: ReadyTable, seed: number) {
    const acked: AckedMove[] = this.acked.get(table.id) ?? [];
    this.acked.set(table.id, acked);
    return {
      seed,
      beforeMove: ({ client }: { client: TestClient }) => {
        this.lastSent.set(client, Date.now());
      },
      afterAck: ({ client }: { client: TestClient }, move: AckedMove) => {
        acked.push(move);
        this.record(table.id, move.id, this.lastSent.get(client)!);
      },
    };
  }

  record(table: string, id: string, sentAt: number): void {
    const ackAt = this.ackAt.get(id);
    if (ackAt === undefined) throw new Error(`no ack frame was seen for move ${id}`);
    this.moves.push({ table, id, sentAt, ackAt });
  }
}

/** `/ready` of a process: its status, and what it names as degraded. */
async function readiness(
  server: SpawnedServer,
): Promise<{ status: number; degraded?: { service: string; reason: string }[] | undefined }> {
  try {
    const response = await fetch(`${server.url}/ready`);
    const body = (await response.json()) as { degraded?: { service: string; reason: string }[] };
    return { status: response.status, degraded: body.degraded };
  } catch (error) {
    // Most likely the process is gone: say so, with the end of its log.
    throw new Error(
      `/ready of ${server.url} failed (${String(error)}); the process ${server.exited() ? 'has exited' : 'still runs'}; its log ends:\n${server.output().slice(-3000)}`,
    );
  }
}

/** The error-level lines of a process's log (pino JSON, level 50 and above). */
function errorLines(server: SpawnedServer): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => {
      const level = /"level":(\d+)/.exec(line)?.[1];
      return level !== undefined && Number(level) >= 50;
    });
}

describe.skipIf(!enabled)('a database blip under two server processes', () => {
  it('no process exits, nothing is acknowledged while PostgreSQL is down, every game ends', async () => {
    const database = postgres!;
    const dataDir = makeDataDir();
    const env = { REDIS_URL: TEST_REDIS_URL ?? '' };
    const databaseUrl = database.url('gangsta');
    const a = await spawnServer({ dataDir, env, databaseUrl });
    const b = await spawnServer({ dataDir, env, databaseUrl });
    const timeoutMs = 60_000;
    const plans = [
      // People on both processes with a server bot: the bot's commits and theirs in flight.
      { seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }, { kind: 'human', via: b }] },
      { seats: [{ kind: 'human', via: b }, { kind: 'human' }] },
      // Bots alone after the host: only the server's bots (and their backoff) play it through.
      {
        seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }, { kind: 'bot', level: 'easy' }],
      },
    ] as const;
    const tables: ReadyTable[] = [];
    for (const [i, plan] of plans.entries()) {
      tables.push(
        await setUpTable(i % 2 === 0 ? a : b, {
          label: `blip${i}`,
          seats: [...plan.seats],
          timeoutMs,
        }),
      );
    }
    // A table nobody plays until the database is down: its move is sent during the outage.
    const probe = await setUpTable(a, {
      label: 'probe',
      seats: [{ kind: 'human' }, { kind: 'human', via: b }],
      timeoutMs,
    });
    const timeline = new Timeline();
    for (const table of [...tables, probe]) timeline.watch(table);

    // Every game in play, at the clients' full speed, until its end.
    const games = tables.map((table, i) => playRandomGame(table, timeline.options(table, 100 + i)));
    await expect.poll(() => timeline.moves.length, { timeout: timeoutMs }).toBeGreaterThan(5);

    // A restart in the middle of the games' commits: sessions end with 57P01.
    await database.restart();
    await pause(2_000);

    // Stopped for a while: from now until the start, nothing may be acknowledged.
    await database.stop();
    const downAt = Date.now();
    const deciding = () =>
      probe.players.find((p) => (p.client.tableState(probe.id).frame?.legal.length ?? 0) > 0);
    const mover = deciding();
    if (!mover) throw new Error('no player of the probe table has a decision to send');
    const probeState = mover.client.tableState(probe.id);
    const probeSentAt = Date.now();
    const probeMove = mover.client.move(probe.id, at(probeState.frame!.legal, 0, 'legal move'), {
      seen: probeState.version,
    });
    // A hello while it is down: the player's second connection, to the other process.
    const twin = new TestClient(mover.seat === 0 ? b : a, { label: 'probe-twin', timeoutMs });
    twin.api.token = mover.client.api.token;
    const twinConnected = twin.connect();
    // Both processes stay ready (the database is everyone's) and say it is degraded, and why.
    // Polled: a process whose last call was answered within READY_FRESH_MS (a second) answers
    // `/ready` from that without asking, so it may say nothing for that long after the stop.
    for (const server of [a, b]) {
      await expect
        .poll(
          async () => {
            const ready = await readiness(server);
            const at = `/ready of ${server.url} while the database is down`;
            if (ready.status !== 200) throw new Error(`${at}: ${ready.status}`);
            return ready.degraded?.map((d) => `${d.service}: ${d.reason}`);
          },
          { timeout: 5_000, interval: 100 },
        )
        .toEqual([expect.stringMatching(/^database: .*database/)]);
    }
    await pause(3_000);
    const upAt = Date.now();
    await database.start();

    // The probe's move and hello were refused for the moment, and went through once it was back.
    const probeAnswer = await probeMove;
    expect(probeAnswer.type, JSON.stringify(probeAnswer)).toBe('ack');
    expect(mover.client.unavailable, 'the probe move was answered UNAVAILABLE').toBeGreaterThan(0);
    timeline.record(probe.id, probeAnswer.id, probeSentAt);
    const welcome = await twinConnected;
    expect(welcome.player?.id).toBeDefined();
    expect(twin.unavailable, 'the hello was answered UNAVAILABLE').toBeGreaterThan(0);
    await twin.close();
    for (const server of [a, b]) {
      await expect
        .poll(async () => (await readiness(server)).degraded, { timeout: 30_000 })
        .toBeUndefined();
    }

    // Every game plays on by itself to its end (the probe table's too).
    await Promise.all(games);
    await playRandomGame(probe, timeline.options(probe, 200));

    expect(a.exited(), 'process A exited').toBe(false);
    expect(b.exited(), 'process B exited').toBe(false);
    // Nothing sent after the database went down was acknowledged before it was up again.
    const tooEarly = timeline.moves.filter((m) => m.sentAt > downAt && m.ackAt < upAt);
    expect(tooEarly, 'moves acknowledged while the database was down').toEqual([]);

    for (const table of [...tables, probe]) {
      const record = await table.host.api.record(table.id);
      expect(replaySteps(record).final.phase, `table ${table.id} played to its end`).toBe(
        'gameOver',
      );
      for (const move of timeline.acked.get(table.id) ?? []) {
        expect(record.moves[move.version - 1], `acknowledged move ${move.version}`).toEqual(
          move.move,
        );
      }
    }
    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
    const rows = await readMoveRows(b);
    for (const table of [...tables, probe]) {
      const log = rows.get(table.id) ?? [];
      expect(log.map((row) => row.seq)).toEqual(log.map((_, i) => i + 1));
      const ids = log.map((row) => `${row.seat}/${row.client_id}`);
      expect(new Set(ids).size, 'no client move stored twice').toBe(ids.length);
    }
    // One error line per outage (a restart may be seen as two), never one per failed call.
    for (const server of [a, b]) {
      const lines = errorLines(server);
      const other = lines.filter((line) => !line.includes('the database cannot be reached'));
      expect(other, `error lines of ${server.url} besides the outage`).toEqual([]);
      expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(6);
    }
  }, 300_000);
});
