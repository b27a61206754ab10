/**
 * What reaches players after a game: a rematch offered to Bob is in his "My games" with his
 * seat waiting (and his webhook hears of it), the game's rating says how each account moved
 * (or why it did not count), and a player's profile gives the figures of their games, worked
 * out here again from the game's record with the engine alone.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cardsOf, FAMILIES, replay } from '@gangsta/engine';
import { rate, rating } from 'openskill';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  http,
  type NewPlayer,
  newPlayer,
  pick,
  playSeat,
  startTestServer,
  TestClient,
  type TestServer,
} from './harness.ts';
import { at, only } from './support/lists.ts';

let server: TestServer;
let base: string;
let hooks: Server;
let hookUrl: string;
// biome-ignore lint/suspicious/noExplicitAny: webhook bodies are read field by field
const delivered: any[] = [];

beforeAll(async () => {
  hooks = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      delivered.push(JSON.parse(text));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`;
  server = await startTestServer({ webhookAllowPrivate: true, publicUrl: 'https://g.example' });
  base = server.url;
});

afterAll(async () => {
  await server.cleanup();
  hooks.closeAllConnections();
  await new Promise<void>((resolve) => hooks.close(() => resolve()));
});

/** A 2-player game between these two, played to the end by both (seeded choices). */
async function playedGame(a: NewPlayer, b: NewPlayer, name: string): Promise<string> {
  const created = await http(base, 'POST', '/api/v1/tables', {
    token: a.token,
    body: {
      public: false,
      name,
      options: { players: 2 },
      seats: [{ kind: 'host' }, { kind: 'open' }],
    },
  });
  const table: string = created.body.table.id;
  expect(
    (await http(base, 'POST', `/api/v1/tables/${table}/join`, { token: b.token, body: {} })).status,
  ).toBe(200);
  const clients = await Promise.all([a, b].map((p) => TestClient.connect(base, p.token)));
  for (const client of clients) {
    client.send({ type: 'watch', table });
    await client.next('sync', (m) => m.table === table);
  }
  await http(base, 'POST', `/api/v1/tables/${table}/start`, { token: a.token });
  await Promise.all(
    clients.map((client, i) => playSeat(client, table, (legal, n) => pick(legal, n + i))),
  );
  await Promise.all(clients.map((client) => client.close()));
  return table;
}

async function ratingOf(table: string) {
  for (let i = 0; i < 50; i++) {
    const answer = await http(base, 'GET', `/api/v1/tables/${table}/rating`);
    expect(answer.status).toBe(200);
    if (answer.body.status !== 'pending') return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the rating stayed pending');
}

async function accountNamed(name: string, username: string): Promise<NewPlayer> {
  const player = await newPlayer(base, name);
  const made = await http(base, 'POST', '/api/v1/account', {
    token: player.token,
    body: { username, password: 'long enough password' },
  });
  expect(made.status).toBe(201);
  return player;
}

let alice: NewPlayer;
let bob: NewPlayer;
let first: string;

beforeAll(async () => {
  // Display names are not usernames: tables, leaderboards and profiles show the names.
  alice = await accountNamed('Alice', 'alice_ux');
  bob = await accountNamed('Bob', 'bob_ux');
  first = await playedGame(alice, bob, 'First');
}, 120_000);

it('puts a rematch offered to Bob in his My games, his seat waiting, and calls his webhook', async () => {
  expect(
    (await http(base, 'PUT', '/api/v1/me/webhook', { token: bob.token, body: { url: hookUrl } }))
      .status,
  ).toBe(200);
  const asked = await http(base, 'POST', `/api/v1/tables/${first}/rematch`, { token: alice.token });
  expect(asked.status).toBe(200);
  const rematch: string = asked.body.table.id;
  // Alice sat at seat 0: the seats move round by one, so Bob's kept seat is 0 and hers 1.
  expect(asked.body.seat).toBe(1);

  const bobs = await http(base, 'GET', '/api/v1/me/games', { token: bob.token });
  const listed = bobs.body.games.find((g: { table: { id: string } }) => g.table.id === rematch);
  expect(listed).toMatchObject({ seat: 0, seatWaiting: true, yourTurn: false });
  expect(listed.table.status).toBe('waiting');
  // A seat waiting for him comes first, before the finished game.
  expect(bobs.body.games[0].table.id).toBe(rematch);
  // Alice holds her seat: hers is no waiting seat.
  const alices = await http(base, 'GET', '/api/v1/me/games', { token: alice.token });
  const hers = alices.body.games.find((g: { table: { id: string } }) => g.table.id === rematch);
  expect(hers.seatWaiting).toBeUndefined();

  for (let i = 0; i < 100 && !delivered.some((d) => d.gangsta.event === 'seatWaiting'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const hook = delivered.find((d) => d.gangsta.event === 'seatWaiting');
  expect(hook.gangsta.table).toBe(rematch);
  expect(hook.content).toContain('Alice offers a rematch');

  // Once Bob takes the seat, it is his like any other: no longer waiting.
  expect(
    (await http(base, 'POST', `/api/v1/tables/${first}/rematch`, { token: bob.token })).status,
  ).toBe(200);
  const after = await http(base, 'GET', '/api/v1/me/games', { token: bob.token });
  const taken = after.body.games.find((g: { table: { id: string } }) => g.table.id === rematch);
  expect(taken.seatWaiting).toBeUndefined();
});

it('reports how each account’s rating moved, and the leaderboard names them as tables do', async () => {
  const answer = await ratingOf(first);
  const record = (await http(base, 'GET', `/api/v1/tables/${first}/record`, { token: alice.token }))
    .body;
  const replayed = replay(record);
  if (!replayed.ok || !replayed.state.result) throw new Error('the record does not replay');
  const { scores } = replayed.state.result;
  const a = only(
    scores.filter((s) => s.seat === 0),
    "seat 0's score",
  );
  const b = only(
    scores.filter((s) => s.seat === 1),
    "seat 1's score",
  );
  const rankOf = (me: typeof a, other: typeof a) =>
    other.total > me.total || (other.total === me.total && other.gangSize > me.gangSize) ? 2 : 1;
  const ranks = [rankOf(a, b), rankOf(b, a)];
  const newcomer = rating();
  const expected = rate([[newcomer], [newcomer]], { rank: ranks });
  expect(answer).toMatchObject({ table: first, players: 2, status: 'rated', reason: null });
  expect(answer.changes.map((c: { seat: number; name: string }) => [c.seat, c.name])).toEqual([
    [0, 'Alice'],
    [1, 'Bob'],
  ]);
  for (const seat of [0, 1]) {
    const change = answer.changes[seat];
    expect(change.rank).toBe(ranks[seat]);
    expect(change.before.conservative).toBeCloseTo(newcomer.mu - 3 * newcomer.sigma, 4);
    const after = only(at(expected, seat, 'team'), 'rating');
    expect(change.after.mu).toBeCloseTo(after.mu, 4);
    expect(change.after.conservative).toBeCloseTo(after.mu - 3 * after.sigma, 4);
  }
  const board = await http(base, 'GET', '/api/v1/ratings?players=2');
  const names = board.body.entries.map((e: { name: string; username: string | null }) => [
    e.name,
    e.username,
  ]);
  expect(names).toEqual(
    expect.arrayContaining([
      ['Alice', 'alice_ux'],
      ['Bob', 'bob_ux'],
    ]),
  );
});

it('says a game with a guest did not count, and which seat was the guest', async () => {
  const guest = await newPlayer(base, 'Gus');
  const table = await playedGame(alice, guest, 'With a guest');
  const answer = await ratingOf(table);
  expect(answer).toMatchObject({
    status: 'unrated',
    reason: 'guest',
    guestSeats: [1],
    changes: [],
  });
}, 120_000);

it('gives a profile whose figures are those of the games played', async () => {
  const profile = (await http(base, 'GET', '/api/v1/players/bob_ux/profile')).body;
  const games = [first, ...(await guestless())];
  // Bob's finished games: the first one only (the guest game was Alice's).
  expect(games).toEqual([first]);
  const record = (await http(base, 'GET', `/api/v1/tables/${first}/record`, { token: alice.token }))
    .body;
  const replayed = replay(record);
  if (!replayed.ok || !replayed.state.result) throw new Error('the record does not replay');
  const result = replayed.state.result;
  const mine = result.scores.find((s) => s.seat === 1)!;
  const paid = replayed.events
    .flat()
    .filter((e) => e.type === 'snitchPaid' && e.seat === 1)
    .reduce((sum, e) => sum + (e.type === 'snitchPaid' ? e.amount : 0), 0);
  const cards = cardsOf(replayed.state.cards);
  const families = Object.fromEntries(FAMILIES.map((f) => [f, 0]));
  for (const member of at(replayed.state.players, 1, 'player').gang) {
    const family = cards.familyOf(member.id);
    families[family] = (families[family] ?? 0) + 1;
  }
  const won = result.winners.includes(1);

  expect(profile.player).toEqual({ id: bob.id, name: 'Bob', username: 'bob_ux' });
  expect(profile.overall).toEqual({ games: 1, wins: won ? 1 : 0, meanIp: mine.total });
  expect(profile.ipBySource).toEqual({
    heists: mine.heists,
    members: mine.members,
    resources: mine.resources,
    media: mine.media,
    richest: mine.richest,
    largestGang: mine.largestGang,
    families: mine.families,
  });
  expect(profile.moneyToSnitches).toBe(paid);
  expect(profile.families).toEqual(families);
  expect(profile.recent).toEqual([
    expect.objectContaining({
      table: first,
      seat: 1,
      won,
      ip: mine.total,
      opponents: [{ name: 'Alice', bot: null }],
    }),
  ]);
  const [two] = profile.sizes;
  expect(two).toMatchObject({ players: 2, games: 1, wins: won ? 1 : 0 });
  expect(two.history).toHaveLength(1);
  const rated = await ratingOf(first);
  expect(two.history[0].change).toBeCloseTo(
    rated.changes[1].after.conservative - rated.changes[1].before.conservative,
    4,
  );

  // Alice played two: her mean is over both.
  const hers = (await http(base, 'GET', '/api/v1/players/alice_ux/profile')).body;
  expect(hers.overall.games).toBe(2);
  expect(hers.recent.map((g: { tableName: string }) => g.tableName)).toEqual([
    'With a guest',
    'First',
  ]);
  expect((await http(base, 'GET', '/api/v1/players/nobody_here/profile')).status).toBe(404);
});

/** Bob's other finished games, from his My games. */
async function guestless(): Promise<string[]> {
  const answer = await http(base, 'GET', '/api/v1/me/games', { token: bob.token });
  return answer.body.games
    .filter(
      (g: { table: { id: string; status: string } }) =>
        g.table.status === 'finished' && g.table.id !== first,
    )
    .map((g: { table: { id: string } }) => g.table.id);
}
