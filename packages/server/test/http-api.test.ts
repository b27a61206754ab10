/** The HTTP API: players, tables, seats and every refusal, against a real server. */
import { LIMITS } from '@gangsta/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, type NewPlayer, newPlayer, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let base: string;
let host: NewPlayer;
let guest: NewPlayer;
let third: NewPlayer;

const threeSeats = {
  public: true,
  name: 'Friday game',
  options: { players: 3 },
  seats: [{ kind: 'host' }, { kind: 'open' }, { kind: 'invited', label: 'Cleo' }],
};

async function createTable(body: unknown = threeSeats, token = host.token) {
  return http(base, 'POST', '/api/v1/tables', { body, token });
}

beforeAll(async () => {
  server = await startTestServer();
  base = server.url;
  host = await newPlayer(base, 'Ann');
  guest = await newPlayer(base, 'Ben');
  third = await newPlayer(base, 'Cleo');
});

afterAll(async () => {
  await server.cleanup();
});

describe('players', () => {
  it('creates a player with a long random token and knows it again by that token', async () => {
    const created = await http(base, 'POST', '/api/v1/players', { body: { name: '  Dora  ' } });
    expect(created.status).toBe(201);
    expect(created.body.player.name).toBe('Dora');
    expect(Buffer.from(created.body.token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const me = await http(base, 'GET', '/api/v1/me', { token: created.body.token });
    expect(me.body.player).toEqual(created.body.player);
  });

  it('renames a player', async () => {
    const player = await newPlayer(base, 'Old');
    const renamed = await http(base, 'PATCH', '/api/v1/me', {
      body: { name: 'New' },
      token: player.token,
    });
    expect(renamed.body.player.name).toBe('New');
    expect((await http(base, 'GET', '/api/v1/me', { token: player.token })).body.player.name).toBe(
      'New',
    );
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['a name too long', { name: 'x'.repeat(LIMITS.nameMax + 1) }],
    ['a name with control characters', { name: 'a\u0007b' }],
  ])('refuses %s with BAD_NAME', async (_what, body) => {
    const answer = await http(base, 'POST', '/api/v1/players', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('BAD_NAME');
  });

  it('refuses an unknown token and a missing one with UNAUTHENTICATED', async () => {
    const unknown = await http(base, 'GET', '/api/v1/me', { token: 'not-a-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('UNAUTHENTICATED');
    const missing = await createTable(threeSeats, '');
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a body that is not JSON with BAD_MESSAGE', async () => {
    const answer = await http(base, 'POST', '/api/v1/players', { raw: '{"name":' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('BAD_MESSAGE');
  });

  it('refuses an oversized body with TOO_LARGE', async () => {
    const name = 'x'.repeat(LIMITS.maxBodyBytes + 10);
    const answer = await http(base, 'POST', '/api/v1/players', { body: { name } });
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('TOO_LARGE');
  });
});

describe('tables', () => {
  it('creates a table: the host holds its seat and gets an invitation code of 128 bits', async () => {
    const answer = await createTable();
    expect(answer.status).toBe(201);
    const table = answer.body.table;
    expect(Buffer.from(table.id, 'base64url').length).toBeGreaterThanOrEqual(12);
    expect(table.status).toBe('waiting');
    expect(table.seats.map((s: { kind: string }) => s.kind)).toEqual(['player', 'open', 'invited']);
    expect(table.seats[0]).toMatchObject({ playerId: host.id, name: 'Ann', host: true });
    expect(Buffer.from(table.invites['2'], 'base64url').length).toBeGreaterThanOrEqual(12);
  });

  it('shows invitation codes to the host only', async () => {
    const { body } = await createTable();
    const asGuest = await http(base, 'GET', `/api/v1/tables/${body.table.id}`, {
      token: guest.token,
    });
    expect(asGuest.body.table.invites).toBeUndefined();
    const anonymous = await http(base, 'GET', `/api/v1/tables/${body.table.id}`);
    expect(anonymous.body.table.invites).toBeUndefined();
    const asHost = await http(base, 'GET', `/api/v1/tables/${body.table.id}`, {
      token: host.token,
    });
    expect(asHost.body.table.invites['2']).toBe(body.table.invites['2']);
  });

  it.each([
    [
      'two host seats',
      { ...threeSeats, seats: [{ kind: 'host' }, { kind: 'host' }, { kind: 'open' }] },
    ],
    ['fewer seats than players', { ...threeSeats, options: { players: 4 } }],
    ['five players', { ...threeSeats, options: { players: 5 } }],
    ['an unknown option', { ...threeSeats, options: { players: 3, speed: 'fast' } }],
    [
      'an unknown bot level',
      {
        ...threeSeats,
        seats: [{ kind: 'host' }, { kind: 'bot', level: 'genius' }, { kind: 'open' }],
      },
    ],
  ])('refuses %s with BAD_OPTIONS', async (_what, body) => {
    const answer = await createTable(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('BAD_OPTIONS');
  });

  it('refuses a custom card set with BAD_CARD_SET', async () => {
    const answer = await createTable({ ...threeSeats, cardSet: { heists: [] } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('BAD_CARD_SET');
    const inOptions = await createTable({ ...threeSeats, options: { players: 3, cardSet: {} } });
    expect(inOptions.body.error.code).toBe('BAD_CARD_SET');
  });

  it('refuses an unknown table with UNKNOWN_TABLE', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/tables/nope'],
      ['POST', '/api/v1/tables/nope/join'],
      ['POST', '/api/v1/tables/nope/start'],
    ] as const) {
      const answer = await http(base, method, path, {
        token: guest.token,
        body: method === 'POST' ? {} : undefined,
      });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('UNKNOWN_TABLE');
    }
  });

  it('lists public tables in the lobby and keeps private ones out', async () => {
    const open = (await createTable()).body.table;
    const hidden = (await createTable({ ...threeSeats, public: false })).body.table;
    const lobby = await http(base, 'GET', '/api/v1/tables');
    const ids = lobby.body.waiting.map((t: { id: string }) => t.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(hidden.id);
    expect(lobby.body.waiting[0].invites).toBeUndefined();
    const byLink = await http(base, 'GET', `/api/v1/tables/${hidden.id}`);
    expect(byLink.body.table.id).toBe(hidden.id);
  });
});

describe('seats', () => {
  it('joins the open seat by link and the invited seat with its code', async () => {
    const table = (await createTable()).body.table;
    const joined = await http(base, 'POST', `/api/v1/tables/${table.id}/join`, {
      body: {},
      token: guest.token,
    });
    expect(joined.status).toBe(200);
    expect(joined.body.seat).toBe(1);
    const invited = await http(base, 'POST', `/api/v1/tables/${table.id}/join`, {
      body: { invite: table.invites['2'] },
      token: third.token,
    });
    expect(invited.body.seat).toBe(2);
    expect(invited.body.table.seats[2]).toMatchObject({ kind: 'player', name: 'Cleo' });
  });

  it('refuses a taken seat, a second seat, a wrong invitation and a seat that does not exist', async () => {
    const table = (await createTable()).body.table;
    const join = (token: string, body: unknown) =>
      http(base, 'POST', `/api/v1/tables/${table.id}/join`, { body, token });
    expect((await join(guest.token, { seat: 0 })).body.error.code).toBe('SEAT_TAKEN');
    expect((await join(guest.token, { seat: 2, invite: 'guess' })).body.error.code).toBe(
      'BAD_INVITE',
    );
    expect((await join(guest.token, { invite: 'guess' })).body.error.code).toBe('BAD_INVITE');
    expect((await join(guest.token, { seat: 2 })).status).toBe(403);
    expect((await join(guest.token, { seat: 3 })).body.error.code).toBe('NOT_FOUND');
    expect((await join(guest.token, {})).status).toBe(200);
    expect((await join(guest.token, {})).body.error.code).toBe('ALREADY_SEATED');
    expect((await join(third.token, {})).body.error.code).toBe('SEAT_TAKEN');
    expect((await join(host.token, {})).body.error.code).toBe('ALREADY_SEATED');
  });

  it('lets a player leave before the start, and the host remove a waiting player', async () => {
    const table = (await createTable()).body.table;
    await http(base, 'POST', `/api/v1/tables/${table.id}/join`, { body: {}, token: guest.token });
    const left = await http(base, 'POST', `/api/v1/tables/${table.id}/leave`, {
      token: guest.token,
    });
    expect(left.body.table.seats[1]).toMatchObject({ kind: 'open', playerId: null });
    expect(
      (await http(base, 'POST', `/api/v1/tables/${table.id}/leave`, { token: guest.token })).body
        .error.code,
    ).toBe('NOT_SEATED');
    await http(base, 'POST', `/api/v1/tables/${table.id}/join`, {
      body: { invite: table.invites['2'] },
      token: third.token,
    });
    const notHost = await http(base, 'POST', `/api/v1/tables/${table.id}/kick`, {
      body: { seat: 2 },
      token: guest.token,
    });
    expect(notHost.status).toBe(403);
    expect(notHost.body.error.code).toBe('NOT_HOST');
    const kicked = await http(base, 'POST', `/api/v1/tables/${table.id}/kick`, {
      body: { seat: 2 },
      token: host.token,
    });
    expect(kicked.body.table.seats[2]).toMatchObject({ kind: 'invited', playerId: null });
    // The removed player's code no longer opens the seat: the host got a new one.
    expect(kicked.body.table.invites['2']).not.toBe(table.invites['2']);
    const again = await http(base, 'POST', `/api/v1/tables/${table.id}/join`, {
      body: { invite: table.invites['2'] },
      token: third.token,
    });
    expect(again.body.error.code).toBe('BAD_INVITE');
  });

  it('starts only by the host and only with every seat filled; nobody joins afterwards, a leaver keeps the seat for a bot', async () => {
    const table = (
      await createTable({
        ...threeSeats,
        seats: [{ kind: 'host' }, { kind: 'open' }, { kind: 'bot', level: 'easy' }],
      })
    ).body.table;
    const start = (token: string) =>
      http(base, 'POST', `/api/v1/tables/${table.id}/start`, { token });
    const empty = await start(host.token);
    expect(empty.status).toBe(409);
    expect(empty.body.error.code).toBe('SEATS_NOT_FILLED');
    await http(base, 'POST', `/api/v1/tables/${table.id}/join`, { body: {}, token: guest.token });
    expect((await start(guest.token)).body.error.code).toBe('NOT_HOST');
    const started = await start(host.token);
    expect(started.body.table.status).toBe('playing');
    expect((await start(host.token)).body.error.code).toBe('WRONG_STATUS');
    const late = await http(base, 'POST', `/api/v1/tables/${table.id}/join`, {
      body: {},
      token: third.token,
    });
    expect(late.body.error.code).toBe('WRONG_STATUS');
    // Leaving a game in play hands the seat to the table's takeover bot (test/clocks.test.ts).
    const leave = await http(base, 'POST', `/api/v1/tables/${table.id}/leave`, {
      token: guest.token,
    });
    expect(leave.body.seat).toBe(1);
    expect(leave.body.table.seats[1].away).toEqual({ reason: 'left', level: 'medium' });
    const record = await http(base, 'GET', `/api/v1/tables/${table.id}/record`, {
      token: guest.token,
    });
    expect(record.body.error.code).toBe('WRONG_STATUS');
    const lobby = await http(base, 'GET', '/api/v1/tables');
    expect(lobby.body.playing.map((t: { id: string }) => t.id)).toContain(table.id);
  });
});

describe('the server around the API', () => {
  it('answers /health and unknown addresses with NOT_FOUND', async () => {
    expect((await http(base, 'GET', '/health')).status).toBe(200);
    const unknown = await http(base, 'GET', '/api/v1/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
  });
});
