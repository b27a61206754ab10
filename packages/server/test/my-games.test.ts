/**
 * "My games" (`GET /api/v1/me/games`): the player's waiting, playing and finished tables, who
 * must decide, the player's turn first, and the same list on a second device after logging in.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Device } from './accounts-harness.ts';
import {
  createTable as createTableAt,
  Follower,
  http,
  type NewPlayer,
  newPlayer,
  pick,
  playSeat,
  playUntil,
  startTestServer,
  TestClient,
  type TestServer,
  twoPlayerGame,
} from './harness.ts';
import { at, only } from './support/lists.ts';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer({ loginPerMinute: 0 });
  base = server.url;
});

afterAll(async () => {
  await server.cleanup();
});

async function games(device: Device) {
  const answer = await device.call('GET', '/api/v1/me/games');
  expect(answer.status).toBe(200);
  return answer.body.games as {
    table: { id: string; name: string; status: string; seats: { name: string | null }[] };
    seat: number;
    deciding: number[];
    yourTurn: boolean;
    result?: { place: number; won: boolean };
  }[];
}

const createTable = async (token: string, name: string, seats: unknown[]) =>
  (await createTableAt(base, token, seats, { name })).id;

/** Ann plays a whole game against a bot, to the end. */
async function finishedGame(token: string): Promise<string> {
  const table = await createTable(token, 'Against the bot', [
    { kind: 'host' },
    { kind: 'bot', level: 'easy' },
  ]);
  const client = await TestClient.connect(base, token);
  client.send({ type: 'watch', table });
  await client.next('sync', (m) => m.table === table);
  await http(base, 'POST', `/api/v1/tables/${table}/start`, { token });
  await playSeat(client, table, pick);
  await client.close();
  return table;
}

it('lists the player’s tables: their turn first, then playing, waiting, finished', async () => {
  const { table: playing, ann, ben, seats } = await twoPlayerGame(base);
  const waiting = await createTable(ann.token, 'Still waiting', [
    { kind: 'host' },
    { kind: 'open' },
  ]);
  const finished = await finishedGame(ann.token);
  const annDevice = new Device(base, ann.token);
  const benDevice = new Device(base, ben.token);

  // Whoever decides first, the other one then: both see it in their list.
  for (const round of [0, 1]) {
    if (round === 1) await playUntil(seats, (mover) => !mover.deciding);
    const [annSeat, benSeat] = seats.map((s: Follower) => s.frame!.deciding);
    const annGames = await games(annDevice);
    expect(annGames.map((g) => g.table.id)).toEqual([playing, waiting, finished]);
    const inPlay = at(annGames, 0, 'game');
    const still = at(annGames, 1, 'game');
    const over = at(annGames, 2, 'game');
    expect(inPlay).toMatchObject({ seat: 0, deciding: annSeat, yourTurn: seats[0].deciding });
    expect(inPlay.table.status).toBe('playing');
    expect(inPlay.table.seats.map((s) => s.name)).toEqual(['Ann', 'Ben']);
    expect(still).toMatchObject({ seat: 0, deciding: [], yourTurn: false });
    expect(still.table).toMatchObject({ name: 'Still waiting', status: 'waiting' });
    expect(over).toMatchObject({ seat: 0, deciding: [], yourTurn: false });
    expect(over.table).toMatchObject({ name: 'Against the bot', status: 'finished' });
    // The finished game says how it went for the player: a place among its seats.
    expect(over.result?.place).toBeGreaterThanOrEqual(1);
    expect(over.result?.place).toBeLessThanOrEqual(over.table.seats.length);
    expect(over.result?.won).toBe(over.result?.place === 1);
    const benGames = await games(benDevice);
    expect(benGames.map((g) => g.table.id)).toEqual([playing]);
    expect(only(benGames, 'game')).toMatchObject({
      seat: 1,
      deciding: benSeat,
      yourTurn: seats[1].deciding,
    });
  }
  for (const seat of seats) await seat.client.close();
});

/** A started 2-player table: `host` at seat 0, `guest` at seat 1, both following it. */
async function startedGame(host: NewPlayer, guest: NewPlayer): Promise<[Follower, Follower]> {
  const table = await createTable(host.token, `${host.name} v ${guest.name}`, [
    { kind: 'host' },
    { kind: 'open' },
  ]);
  await http(base, 'POST', `/api/v1/tables/${table}/join`, { token: guest.token, body: {} });
  const follow = async (player: NewPlayer) => {
    const client = await TestClient.connect(base, player.token);
    client.send({ type: 'watch', table });
    const follower = new Follower(client, table, `${player.name}-`);
    await follower.take();
    return follower;
  };
  const seats: [Follower, Follower] = [await follow(host), await follow(guest)];
  await http(base, 'POST', `/api/v1/tables/${table}/start`, { token: host.token });
  for (const seat of seats) await seat.take();
  return seats;
}

it('puts the tables where it is the player’s turn before the others', async () => {
  const ona = await newPlayer(base, 'Ona');
  const pia = await newPlayer(base, 'Pia');
  // Ona at seat 0 of the first game and seat 1 of the second; play on until it is her turn
  // in exactly one of them.
  const first = await startedGame(ona, pia);
  const second = await startedGame(pia, ona);
  if (first[0].deciding === second[1].deciding) {
    await playUntil(second, (mover) => !mover.deciding);
  }
  const onaTurn = first[0].deciding ? first[0].table : second[1].table;
  const other = first[0].deciding ? second[1].table : first[0].table;
  const list = await games(new Device(base, ona.token));
  expect(list.map((g) => [g.table.id, g.yourTurn])).toEqual([
    [onaTurn, true],
    [other, false],
  ]);
  for (const seat of [...first, ...second]) await seat.client.close();
});

it('shows the same games on a second device after logging in', async () => {
  const guest = await newPlayer(base, 'Nia');
  const table = await createTable(guest.token, 'Nia’s table', [{ kind: 'host' }, { kind: 'open' }]);
  const first = new Device(base, guest.token);
  await first.call('POST', '/api/v1/account', { username: 'nia', password: 'secret words' });
  const second = new Device(base);
  const login = await second.call('POST', '/api/v1/login', {
    username: 'nia',
    password: 'secret words',
  });
  expect(login.status).toBe(200);
  const list = await games(second);
  expect(list.map((g) => g.table.id)).toEqual([table]);
});

it('needs an identity', async () => {
  const answer = await new Device(base).call('GET', '/api/v1/me/games');
  expect(answer.status).toBe(401);
});
