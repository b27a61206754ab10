/**
 * SIGTERM hands the leases over at once (issue 18): a process that stops gives up its tables'
 * leases and says so on the bus; the others take the tables in a round of their own right
 * then, not at their next 5 s round. Here the process that runs four tables has its bots wait
 * forever (`BOT_DELAY_MS`), each table has a bot to move, and the process is stopped with
 * SIGTERM: the survivor (its bot threads started beforehand) must play every one of those bots
 * within a second, under a newer fencing token. Runs with PostgreSQL and Redis (`TEST_POSTGRES_URL`, `TEST_REDIS_URL`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from './support/database.ts';
import { fences, storedLog, tablesRun, twoProcesses } from './support/faults.ts';
import { at, type ReadyTable, setUpTable, stopAllServers } from './support/index.ts';

const enabled = TEST_POSTGRES_URL !== null && TEST_REDIS_URL !== null;

afterAll(stopAllServers);

/** The human plays (a random legal move) until a bot's turn comes; returns the version. */
async function untilBotsTurn(table: ReadyTable): Promise<number> {
  const { client } = table.players[0];
  for (;;) {
    const { version, frame } = client.tableState(table.id);
    if (frame && frame.legal.length === 0 && !frame.over) return version;
    if (!frame || frame.over) throw new Error(`table ${table.id} has no game to play`);
    const move = at(frame.legal, 0, 'legal move');
    const answer = await client.move(table.id, move, { seen: version });
    if (answer.type !== 'ack') throw new Error(`move refused: ${JSON.stringify(answer)}`);
    await client.waitForVersion(table.id, answer.version);
  }
}

describe.skipIf(!enabled)('SIGTERM of the process that runs the tables', () => {
  it('lets the other process play their bots within a second', async () => {
    // The runner's bots would wait ten minutes: only the survivor can play them.
    const [runner, survivor] = await twoProcesses([{ BOT_DELAY_MS: '600000' }, {}]);
    const tables: ReadyTable[] = [];
    for (let i = 0; i < 4; i++) {
      // Created on the runner, which takes the lease at once; the person then moves over to
      // the survivor, so that the runner's SIGTERM does not cut them off.
      const table = await setUpTable(runner, {
        label: `handover${i}`,
        seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }],
        timeoutMs: 30_000,
      });
      const { client } = table.players[0];
      await client.reconnect(survivor);
      await client.watch(table.id, client.tableState(table.id).version);
      tables.push(table);
    }
    // The survivor's bot threads start on first use (a second or so): start them now, so that
    // what is measured is the hand-over itself.
    const warm = await setUpTable(survivor, {
      label: 'warm',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }],
      timeoutMs: 30_000,
    });
    await warm.players[0].client.waitForVersion(warm.id, (await untilBotsTurn(warm)) + 1);

    const waiting = new Map<string, number>();
    for (const table of tables) waiting.set(table.id, await untilBotsTurn(table));
    expect(await tablesRun(runner)).toBe(4);
    expect(await tablesRun(survivor)).toBe(1);
    const before = await fences(runner, [...waiting.keys()]);

    const stoppedAt = performance.now();
    const exit = runner.stop();
    const handedOver = await Promise.all(
      tables.map(async (table) => {
        const { client } = table.players[0];
        await client.waitForVersion(table.id, waiting.get(table.id)! + 1, 10_000);
        return performance.now() - stoppedAt;
      }),
    );
    expect(await exit).toBe(0);
    console.log(
      `hand-over after SIGTERM: bots played by the survivor after ${handedOver.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
    for (const ms of handedOver)
      expect(ms, 'a bot played well within the 5 s round').toBeLessThan(1_000);

    // The bots' rows carry the survivor's token, newer than the runner's.
    const after = await fences(survivor, [...waiting.keys()]);
    for (const table of tables) {
      const token = after.get(table.id)!;
      expect(token).toBeGreaterThan(before.get(table.id)!);
      const row = (await storedLog(survivor, table.id)).find(
        (r) => r.seq === waiting.get(table.id)! + 1,
      );
      expect(row).toMatchObject({ byBot: true, fence: token });
    }
    expect(await tablesRun(survivor)).toBe(5);
  }, 90_000);
});
