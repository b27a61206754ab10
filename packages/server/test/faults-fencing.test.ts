/**
 * An owner paused past its lease commits nothing (issue 18, fencing tokens): the process that
 * runs three tables' bots is stopped with SIGSTOP while its bots think (hard bots, one bot
 * thread, so decisions are queued there at any moment); the other process takes the leases
 * when they run out (15 s), raising the fences, and its bots then move on. The paused process
 * is resumed (SIGCONT) before those bots move (the survivor's bots wait 6 s): its own bots'
 * answers, for the positions they were asked about, are still current, so it tries to commit
 * them, and the store refuses each as fenced. Required: the paused process logged refused
 * commits; each table's log holds each version once; no row carries the paused process's
 * token after the first row of the new one; every bot row carries a token; the games go on.
 * A spectator of each table watches through the paused process: once resumed, it holds copies
 * it does not run, and must hand those watches over to the new owner and drop the copies.
 * Runs with PostgreSQL and Redis (`TEST_POSTGRES_URL`, `TEST_REDIS_URL`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from './support/database.ts';
import {
  fences,
  logLines,
  pause,
  storedLog,
  tablesLoaded,
  tablesRun,
  twoProcesses,
} from './support/faults.ts';
import {
  at,
  playRandomGame,
  type ReadyTable,
  setUpTable,
  stopAllServers,
} from './support/index.ts';

const enabled = TEST_POSTGRES_URL !== null && TEST_REDIS_URL !== null;

afterAll(stopAllServers);

const REFUSED = 'commits refused by the store';

describe.skipIf(!enabled)('an owner paused past its lease (SIGSTOP)', () => {
  it('commits nothing once the other process has taken its tables', async () => {
    const [owner, other] = await twoProcesses([
      { BOT_DELAY_MS: '0', BOT_THREADS: '1' },
      { BOT_DELAY_MS: '6000', BOT_THREADS: '1' },
    ]);
    const tables: ReadyTable[] = [];
    for (let i = 0; i < 3; i++) {
      // Created on the owner (it takes the leases); the person then talks to the other one.
      const table = await setUpTable(owner, {
        label: `paused${i}`,
        seats: [{ kind: 'human' }, { kind: 'bot', level: 'hard' }, { kind: 'bot', level: 'hard' }],
        spectators: 1,
        timeoutMs: 90_000,
      });
      const { client } = table.players[0];
      await client.reconnect(other);
      await client.watch(table.id, client.tableState(table.id).version);
      tables.push(table);
    }
    expect(await tablesRun(owner)).toBe(3);
    const ids = tables.map((t) => t.id);
    const games = tables.map((table, i) => playRandomGame(table, { seed: 300 + i }));
    // The games are left unfinished: their clients fail when the servers stop at the end.
    for (const game of games) game.catch(() => {});

    // Paused while a bot is to move at two tables at least (their decisions are queued).
    const botsToMove = () =>
      tables.filter((t) => {
        const { frame } = t.players[0].client.tableState(t.id);
        return frame !== null && !frame.over && frame.legal.length === 0;
      }).length;
    await expect.poll(botsToMove, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    await pause(300);
    const ownerTokens = await fences(owner, ids);
    process.kill(owner.pid, 'SIGSTOP');
    const pausedAt = Date.now();
    try {
      // The leases run out (15 s after their last renewal) and the other process takes them.
      await expect
        .poll(
          async () => {
            const now = await fences(other, ids);
            return ids.every((id) => now.get(id)! > ownerTokens.get(id)!);
          },
          { timeout: 30_000, interval: 100 },
        )
        .toBe(true);
      console.log(`leases taken over ${Date.now() - pausedAt} ms after SIGSTOP`);
    } finally {
      process.kill(owner.pid, 'SIGCONT');
    }
    const takenTokens = await fences(other, ids);

    // Within the other process's bot pause, the owner's queued bot answers are tried, refused.
    await expect
      .poll(() => logLines(owner, REFUSED).length, { timeout: 5_000, interval: 50 })
      .toBeGreaterThan(0);
    console.log(`refused commits of the paused owner:\n${logLines(owner, REFUSED).join('\n')}`);

    // The other process's bots move on: a row under its token at every table.
    const movedOn = async () => {
      const moved = await Promise.all(
        ids.map(async (id) =>
          (await storedLog(other, id)).some((r) => r.fence === takenTokens.get(id)),
        ),
      );
      return moved.every(Boolean);
    };
    await expect
      .poll(movedOn, { timeout: 40_000, interval: 250 })
      .toBe(true)
      .catch(async (error) => {
        const logs = await Promise.all(ids.map((id) => storedLog(other, id)));
        throw new Error(
          `${String(error)}\ntokens ${JSON.stringify([...ownerTokens])} → ${JSON.stringify([...takenTokens])}\nlogs ${JSON.stringify(logs.map((l) => l.slice(-4)))}\nframes ${tables.map((t) => JSON.stringify({ v: t.players[0].client.tableState(t.id).version, legal: t.players[0].client.tableState(t.id).frame?.legal.length })).join(' ')}\nowner:\n${owner.output().slice(-3000)}\nother:\n${other.output().slice(-3000)}`,
        );
      });
    expect(await tablesRun(owner)).toBe(0);
    expect(await tablesRun(other)).toBe(3);
    // The spectators watch through the paused process, which now holds copies it does not run:
    // at its next lease rounds it hands them over to the other one and drops its copies.
    await expect.poll(() => tablesLoaded(owner), { timeout: 15_000, interval: 250 }).toBe(0);
    const versions = await Promise.all(ids.map(async (id) => (await storedLog(other, id)).length));
    const spectatorOf = (t: ReadyTable) => at(t.spectators, 0, 'spectator');
    await Promise.all(
      tables.map((t, i) => spectatorOf(t).waitForVersion(t.id, at(versions, i, 'version'))),
    );
    const connections = tables.map((t) => spectatorOf(t).received.at(-1)?.connection);
    expect(connections, 'the spectators never reconnected').toEqual([0, 0, 0]);

    for (const id of ids) {
      const log = await storedLog(other, id);
      expect(
        log.map((r) => r.seq),
        `table ${id}: each version once`,
      ).toEqual(log.map((_, i) => i + 1));
      const ownerToken = ownerTokens.get(id)!;
      const firstNew = log.find((r) => r.fence !== null && r.fence > ownerToken)!.seq;
      const lateOwnerRows = log.filter(
        (r) => r.seq > firstNew && r.fence !== null && r.fence <= ownerToken,
      );
      expect(lateOwnerRows, `table ${id}: rows of the paused owner after the takeover`).toEqual([]);
      // A bot's row always carries its lease's token. The person's moves were relayed to the
      // owner of the moment, which commits them under its token (none only if a process
      // committed one while it held no lease, e.g. right after the owner's death).
      for (const row of log) {
        if (row.byBot) expect(row.fence, `bot row ${row.seq}`).not.toBeNull();
        else expect(row.fence === null || row.fence <= takenTokens.get(id)!).toBe(true);
      }
    }
  }, 90_000);
});
