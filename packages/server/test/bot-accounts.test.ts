/**
 * Bot accounts (protocol `accounts.ts`, `POST /api/v1/account/bot`) against a real server: who
 * may become one, the token that replaces the player's, the tables a bot may sit at, and the
 * marks everyone sees (seats, lobby, ladder); a bot account's finished game is rated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTable as createTableAt,
  http,
  type NewPlayer,
  newAccount,
  newPlayer,
  playSeat,
  startTestServer,
  TestClient,
  type TestServer,
} from './harness.ts';
import { at } from './support/lists.ts';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer({ loginPerMinute: 0 });
  base = server.url;
});

afterAll(async () => {
  await server.cleanup();
});

const accountOf = (name: string) => newAccount(base, name);

/** A fresh account made a bot account: the player with the bot's new token. */
async function botAccount(name: string): Promise<NewPlayer> {
  const player = await accountOf(name);
  const made = await http(base, 'POST', '/api/v1/account/bot', { token: player.token });
  expect(made.status).toBe(200);
  return { ...player, token: made.body.token };
}

const createTable = (token: string, seats: unknown[], settings: object = {}) =>
  createTableAt(base, token, seats, { public: true, ...settings });

describe('becoming a bot account', () => {
  it('is refused to a guest: only an account may', async () => {
    const guest = await newPlayer(base, 'Guest');
    const refused = await http(base, 'POST', '/api/v1/account/bot', { token: guest.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('NOT_BOT_ELIGIBLE');
    expect(refused.body.error.message).toMatch(/only an account/);
  });

  it('is refused to an account that has taken a seat', async () => {
    const ann = await accountOf('ann_person');
    await createTable(ann.token, [{ kind: 'host' }, { kind: 'open' }]);
    const refused = await http(base, 'POST', '/api/v1/account/bot', { token: ann.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('NOT_BOT_ELIGIBLE');
    expect(refused.body.error.message).toMatch(/taken a seat/);
    const me = await http(base, 'GET', '/api/v1/me', { token: ann.token });
    expect(me.body.account).toEqual({ username: 'ann_person' });
  });

  it('gives a new token, shown once; the former one stops working; asked again, another', async () => {
    const player = await accountOf('robo_one');
    const made = await http(base, 'POST', '/api/v1/account/bot', { token: player.token });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({
      player: { id: player.id, name: 'robo_one' },
      account: { username: 'robo_one', bot: true },
      token: expect.any(String),
    });
    expect(made.body.token).not.toBe(player.token);
    expect((await http(base, 'GET', '/api/v1/me', { token: player.token })).status).toBe(401);
    const me = await http(base, 'GET', '/api/v1/me', { token: made.body.token });
    expect(me.body.account).toEqual({ username: 'robo_one', bot: true });

    const again = await http(base, 'POST', '/api/v1/account/bot', { token: made.body.token });
    expect(again.status).toBe(200);
    expect(again.body.token).not.toBe(made.body.token);
    expect((await http(base, 'GET', '/api/v1/me', { token: made.body.token })).status).toBe(401);
    expect((await http(base, 'GET', '/api/v1/me', { token: again.body.token })).status).toBe(200);
  });
});

describe('where a bot account sits', () => {
  it('not at a table whose host did not allow bot accounts', async () => {
    const host = await newPlayer(base, 'Host');
    const bot = await botAccount('robo_refused');
    const table = await createTable(host.token, [{ kind: 'host' }, { kind: 'open' }]);
    expect(table.allowBots).toBeUndefined();
    const refused = await http(base, 'POST', `/api/v1/tables/${table.id}/join`, {
      token: bot.token,
      body: {},
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('BOTS_NOT_ALLOWED');
  });

  it('at a table that allows them, marked as a bot account in the seats and the lobby', async () => {
    const host = await newPlayer(base, 'Host');
    const bot = await botAccount('robo_welcome');
    const table = await createTable(host.token, [{ kind: 'host' }, { kind: 'open' }], {
      allowBots: true,
    });
    expect(table.allowBots).toBe(true);
    const joined = await http(base, 'POST', `/api/v1/tables/${table.id}/join`, {
      token: bot.token,
      body: {},
    });
    expect(joined.status).toBe(200);
    const seats = joined.body.table.seats;
    expect(seats[1]).toMatchObject({ kind: 'player', name: 'robo_welcome', botAccount: true });
    expect(seats[0].botAccount).toBeUndefined();
    const lobby = await http(base, 'GET', '/api/v1/tables');
    const listed = lobby.body.waiting.find((t: { id: string }) => t.id === table.id);
    expect(listed.seats[1].botAccount).toBe(true);
  });

  it('at its own table, which allows bot accounts by itself', async () => {
    const bot = await botAccount('robo_host');
    const table = await createTable(bot.token, [{ kind: 'host' }, { kind: 'open' }]);
    expect(table.allowBots).toBe(true);
    expect(table.seats[0]).toMatchObject({ name: 'robo_host', botAccount: true, host: true });
    const other = await botAccount('robo_guest');
    const joined = await http(base, 'POST', `/api/v1/tables/${table.id}/join`, {
      token: other.token,
      body: {},
    });
    expect(joined.status).toBe(200);
  });
});

describe('a bot account’s games', () => {
  it('are rated, and the ladder marks the bot account', async () => {
    const bot = await botAccount('robo_rated');
    const table = await createTable(bot.token, [{ kind: 'host' }, { kind: 'bot', level: 'easy' }]);
    const client = await TestClient.connect(base, bot.token);
    client.send({ type: 'watch', table: table.id });
    await client.next('sync', (m) => m.table === table.id);
    await http(base, 'POST', `/api/v1/tables/${table.id}/start`, { token: bot.token });
    await playSeat(client, table.id, (legal) => at(legal, 0, 'legal move'));
    await client.close();
    let entry: { playerId: string; botAccount?: boolean; bot: string | null } | undefined;
    for (let i = 0; i < 200 && !entry; i++) {
      const board = await http(base, 'GET', '/api/v1/ratings?players=2');
      entry = board.body.entries.find((e: { playerId: string }) => e.playerId === bot.id);
      if (!entry) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(entry).toMatchObject({ botAccount: true, bot: null, games: 1 });
    const ratings = await http(base, 'GET', `/api/v1/players/${bot.id}/ratings`);
    expect(ratings.body).toMatchObject({ botAccount: true, bot: null });
  });
});
