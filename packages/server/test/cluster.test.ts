/**
 * Two server processes sharing PostgreSQL and Redis (issue 10): players on both play one game;
 * one process is killed with SIGKILL mid-game; its players reconnect to the other and finish.
 * The stored log has exactly one row per version, nothing acknowledged is lost or applied
 * twice, and the record replays to the game's end. Runs when the suite has PostgreSQL and
 * Redis (`TEST_POSTGRES_URL`, `TEST_REDIS_URL`; CI starts both).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from './support/database.ts';
import {
  type AckedMove,
  ApiClient,
  at,
  makeDataDir,
  playRandomGame,
  readMoveRows,
  replaySteps,
  type SpawnedServer,
  setUpTable,
  spawnServer,
  stopAllServers,
  TEST_METRICS_TOKEN,
  TestClient,
} from './support/index.ts';

const enabled = TEST_POSTGRES_URL !== null && TEST_REDIS_URL !== null;

afterAll(stopAllServers);

/** Two processes of one cluster: the same data folder gives both the same test database. */
async function cluster(): Promise<[SpawnedServer, SpawnedServer]> {
  const dataDir = makeDataDir();
  const env = { REDIS_URL: TEST_REDIS_URL ?? '' };
  const first = await spawnServer({ dataDir, env });
  const second = await spawnServer({ dataDir, env });
  return [first, second];
}

describe.skipIf(!enabled)('two server processes on PostgreSQL and Redis', () => {
  it('play one game across both, survive kill -9 of one, and store every move once', async () => {
    const [a, b] = await cluster();
    const table = await setUpTable(a, {
      label: 'cluster',
      // Families and resources: the simultaneous resource choices race across processes.
      options: { families: true, resources: true },
      seats: [{ kind: 'human' }, { kind: 'human', via: b }, { kind: 'human', via: a }],
      spectators: 1,
      spectatorsVia: b,
      timeoutMs: 60_000,
    });
    const acked: AckedMove[] = [];
    // Moves of the players on A reach the players and the spectator on B through Redis.
    const first = await playRandomGame(table, { seed: 71, maxMoves: 60 });
    acked.push(...first.acked);
    expect(first.version).toBeGreaterThanOrEqual(60);
    await at(table.spectators, 0, 'spectator').waitForVersion(table.id, first.version);

    await a.kill('SIGKILL');
    const onA = table.players.filter((p) => p.seat !== 1);
    for (const { client } of onA) {
      await client.reconnect(b);
      const answer = await client.watch(table.id, client.tableState(table.id).version);
      expect(answer.version).toBe(first.version);
    }
    // A player of A who never got the last ack sends the move again to B: same answer, once.
    const last = at(acked, -1, 'acknowledged move');
    const sender = table.players.find((p) => p.seat === last.seat)!;
    const again = await sender.client.move(table.id, last.move, {
      id: last.id,
      seen: last.version - 1,
    });
    expect(again).toMatchObject({ type: 'ack', id: last.id, version: last.version });

    const rest = await playRandomGame(table, { seed: 72 });
    acked.push(...rest.acked);
    const record = await table.host.api.record(table.id);
    expect(replaySteps(record).final.phase).toBe('gameOver');
    expect(record.moves.length).toBe(rest.version);
    for (const move of acked) {
      expect(record.moves[move.version - 1], `acknowledged move ${move.version}`).toEqual(
        move.move,
      );
    }
    expect(await b.stop()).toBe(0);
    const rows = (await readMoveRows(b)).get(table.id) ?? [];
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, i) => i + 1));
    const ids = rows.map((row) => `${row.seat}/${row.client_id}`);
    expect(new Set(ids).size, 'no client move stored twice').toBe(ids.length);
  }, 240_000);

  it('hands a bot seat to the other process when the one running it is killed', async () => {
    const [a, b] = await cluster();
    const table = await setUpTable(a, {
      label: 'lease',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'easy' }, { kind: 'human', via: b }],
      timeoutMs: 60_000,
    });
    const first = await playRandomGame(table, { seed: 9, maxMoves: 20 });
    const counts = [await tablesRun(a), await tablesRun(b)];
    expect(counts.sort(), 'exactly one process runs the table').toEqual([0, 1]);
    const runner = (await tablesRun(a)) === 1 ? a : b;
    const other = runner === a ? b : a;
    await runner.kill('SIGKILL');
    for (const { client } of table.players) {
      await client.reconnect(other);
      await client.watch(table.id, client.tableState(table.id).version);
    }
    // The lease runs out (15 s) and the survivor's next round takes it: the bot plays on.
    const rest = await playRandomGame(table, { seed: 10 });
    expect(rest.version).toBeGreaterThan(first.version);
    const record = await table.host.api.record(table.id);
    expect(replaySteps(record).final.phase).toBe('gameOver');
    expect(await tablesRun(other)).toBe(0);
  }, 240_000);

  it('lets only one process take each move when both are asked at once', async () => {
    const [a, b] = await cluster();
    const table = await setUpTable(a, {
      label: 'race',
      seats: [{ kind: 'human' }, { kind: 'human', via: b }],
      timeoutMs: 60_000,
    });
    await playRandomGame(table, { seed: 5, maxMoves: 10 });
    // The seat to move next may still be receiving the last move (through Redis).
    const deciding = () =>
      table.players.find((p) => p.client.tableState(table.id).frame?.legal.length);
    await expect.poll(deciding, { timeout: 30_000 }).toBeDefined();
    const player = deciding()!;
    const { version, frame } = player.client.tableState(table.id);
    const move = at(frame!.legal, 0, 'legal move');
    // The same seat's move, with two different ids, to both processes at once.
    const twin = await setUpTwin(player.client, player.seat === 0 ? b : a);
    const answers = await Promise.all([
      player.client.move(table.id, move, { id: 'race-1', seen: version }),
      twin.move(table.id, move, { id: 'race-2', seen: version }),
    ]);
    const kinds = answers.map((answer) => (answer.type === 'ack' ? 'ack' : answer.error.code));
    expect(kinds.sort()).toEqual(['STALE', 'ack']);
    await b.stop();
    await a.stop();
    const rows = (await readMoveRows(b)).get(table.id) ?? [];
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.length).toBe(version + 1);
  }, 240_000);

  it('drops a chat line the host removes through the other process for every watcher', async () => {
    const [a, b] = await cluster();
    const table = await setUpTable(a, {
      label: 'rail',
      seats: [{ kind: 'human' }, { kind: 'human', via: b }],
      timeoutMs: 60_000,
    });
    // A spectator with a name (anonymous ones do not chat), on the process that owns the table.
    const vic = await TestClient.player(a, 'rail-vic', { timeoutMs: 60_000 });
    await vic.watch(table.id);
    const since = table.players.map(({ client }) => client.received.length);
    vic.send({ type: 'chat', table: table.id, text: 'spam from the rail' });
    const said = await vic.waitForType('chat', (m) => m.table === table.id);
    const seq = said.line.seq;
    // Both players heard it (the one on B through B's copy of the table).
    for (const [index, { client }] of table.players.entries()) {
      await client.waitForType('chat', (m) => m.line.seq === seq, since[index]);
    }
    // The host's removal reaches B's HTTP (a balancer picks either process): B drops the line
    // from its copy of the table and tells A, whose watchers are told at once.
    const throughB = new ApiClient(b.url);
    throughB.token = table.host.token;
    const removed = await throughB.raw('DELETE', `/tables/${table.id}/chat/${seq}`);
    expect(removed.body).toEqual({ removed: seq });
    for (const watcher of [vic, ...table.players.map(({ client }) => client)]) {
      await watcher.waitForType('chatRemoved', (m) => m.seq === seq, 0);
    }
  }, 240_000);

  it('stops a blocked player’s chat at once when the block reaches the other process', async () => {
    const [a, b] = await cluster();
    const table = await setUpTable(a, {
      label: 'block',
      seats: [{ kind: 'human' }, { kind: 'human', via: b }],
      timeoutMs: 60_000,
    });
    const ann = table.players[0].client; // the host, on A
    const ben = at(table.players, 1, 'player').client; // on B
    const vic = await TestClient.player(a, 'block-vic', { timeoutMs: 60_000 });
    await vic.watch(table.id);
    const hello = ben.received.find((frame) => frame.message?.type === 'welcome');
    expect(hello?.message?.type).toBe('welcome');
    const welcome = hello?.message as { player: { id: string } };

    // Ann's block goes through B's HTTP; her connection is on A.
    const throughB = new ApiClient(b.url);
    throughB.token = ann.token;
    const blocked = await throughB.raw('PUT', `/me/blocked/${welcome.player.id}`);
    expect(blocked.status).toBe(200);
    const since = ann.received.length;
    ben.send({ type: 'chat', table: table.id, text: 'blocked words' });
    await vic.waitForType('chat', (m) => m.line.text === 'blocked words');
    vic.send({ type: 'chat', table: table.id, text: 'after' });
    await ann.waitForType('chat', (m) => m.line.text === 'after', since);
    const heard = ann.received
      .slice(since)
      .flatMap((frame) => (frame.message?.type === 'chat' ? [frame.message.line.text] : []));
    expect(heard).toEqual(['after']);
  }, 240_000);

  it('speaks under a new name at once when the rename reaches the other process', async () => {
    const [a, b] = await cluster();
    const table = await setUpTable(a, {
      label: 'rename',
      seats: [{ kind: 'human' }, { kind: 'human', via: b }],
      timeoutMs: 60_000,
    });
    const ann = table.players[0].client;
    // A spectator's lines carry the name of their connection (a seat's carry the seat's name).
    // Vic's socket is on B, which hands his messages to A, the table's owner, where his
    // connection is known by the name it had.
    const vic = await TestClient.player(b, 'rename-vic', { timeoutMs: 60_000 });
    await vic.watch(table.id);
    const throughB = new ApiClient(b.url);
    throughB.token = vic.token;
    const renamed = await throughB.raw('PATCH', '/me', { name: 'Victor' });
    expect(renamed.status).toBe(200);
    vic.send({ type: 'chat', table: table.id, text: 'new name, same me' });
    const line = await ann.waitForType('chat', (m) => m.line.text === 'new name, same me');
    expect(line.line.from).toBe('Victor');
  }, 240_000);
});

/** How many active tables a process runs the bots of (its `/metrics`). */
async function tablesRun(server: SpawnedServer): Promise<number> {
  const headers = { authorization: `Bearer ${TEST_METRICS_TOKEN}` };
  const text = await (await fetch(`${server.url}/metrics`, { headers })).text();
  const line = text.split('\n').find((l) => l.startsWith('gangsta_tables_run '));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

/** A second connection of the same player, to another process. */
async function setUpTwin(client: TestClient, server: SpawnedServer): Promise<TestClient> {
  const twin = new TestClient(server, { label: `${client.label}-twin`, timeoutMs: 60_000 });
  twin.api.token = client.api.token;
  await twin.connect();
  return twin;
}
