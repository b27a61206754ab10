/**
 * Friends, challenges and the account's event stream: follow and unfollow, who of them is
 * online (on the server's time), a challenge that is in the challenged account's "My games"
 * and is declined or accepted with one request, a blocked player who cannot challenge, and
 * the NDJSON event stream that tells a program of its challenges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualTime } from '../src/time.ts';
import { http, type NewPlayer, newAccount, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let base: string;
const time = new ManualTime();
let counter = 0;

beforeAll(async () => {
  server = await startTestServer({ time, loginPerMinute: 0 });
  base = server.url;
});

afterAll(async () => {
  await server.cleanup();
});

/** A fresh account with a unique username (`Ann1`, `Ben2`…). */
const account = (name: string) => newAccount(base, `${name}${++counter}`);

const friendsOf = async (player: NewPlayer) => {
  const answer = await http(base, 'GET', '/api/v1/me/friends', { token: player.token });
  expect(answer.status).toBe(200);
  return answer.body.friends as { id: string; username: string; online: boolean }[];
};

const challenge = (from: NewPlayer, to: NewPlayer, extra: Record<string, unknown> = {}) =>
  http(base, 'POST', '/api/v1/challenges', {
    token: from.token,
    body: { to: to.name, options: { players: 2 }, ...extra },
  });

const myGames = async (player: NewPlayer) => {
  const answer = await http(base, 'GET', '/api/v1/me/games', { token: player.token });
  expect(answer.status).toBe(200);
  return answer.body.games as {
    table: { id: string; status: string };
    seat: number;
    seatWaiting?: boolean;
  }[];
};

/** An open event stream: its lines as they come, parsed (empty keep-alive lines skipped). */
async function openStream(player: NewPlayer) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/v1/stream/event`, {
    headers: { authorization: `Bearer ${player.token}` },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const lines: string[] = [];
  const nextEvent = async (): Promise<{ type: string; [key: string]: unknown }> => {
    for (;;) {
      const line = lines.shift();
      if (line !== undefined) {
        if (line === '') continue;
        return JSON.parse(line);
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffered += decoder.decode(value, { stream: true });
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      lines.push(...parts);
    }
  };
  return { nextEvent, close: () => abort.abort() };
}

describe('friends', () => {
  it('follows and unfollows an account by username; unknown usernames are refused', async () => {
    const ann = await account('Ann');
    const ben = await account('Ben');
    const followed = await http(base, 'PUT', `/api/v1/me/friends/${ben.name.toLowerCase()}`, {
      token: ann.token,
    });
    expect(followed.status).toBe(200);
    expect(followed.body.friend).toMatchObject({ id: ben.id, username: ben.name, name: ben.name });
    // Following twice is following once; following is one way.
    await http(base, 'PUT', `/api/v1/me/friends/${ben.name}`, { token: ann.token });
    expect((await friendsOf(ann)).map((f) => f.id)).toEqual([ben.id]);
    expect(await friendsOf(ben)).toEqual([]);
    const unknown = await http(base, 'PUT', '/api/v1/me/friends/nobody-here', { token: ann.token });
    expect(unknown.status).toBe(404);
    const self = await http(base, 'PUT', `/api/v1/me/friends/${ann.name}`, { token: ann.token });
    expect(self.status).toBe(400);
    const gone = await http(base, 'DELETE', `/api/v1/me/friends/${ben.name}`, { token: ann.token });
    expect(gone.status).toBe(200);
    expect(await friendsOf(ann)).toEqual([]);
  });

  it('says which friends are online: seen in the last five minutes', async () => {
    const ann = await account('Ann');
    const ben = await account('Ben');
    const cem = await account('Cem');
    for (const friend of [ben, cem]) {
      await http(base, 'PUT', `/api/v1/me/friends/${friend.name}`, { token: ann.token });
    }
    // Both just made their accounts: online.
    expect((await friendsOf(ann)).map((f) => [f.id, f.online])).toEqual([
      [ben.id, true],
      [cem.id, true],
    ]);
    time.advance(6 * 60_000);
    expect((await friendsOf(ann)).every((f) => !f.online)).toBe(true);
    // Cem comes back (any request of his): online again, and listed first.
    await http(base, 'GET', '/api/v1/me', { token: cem.token });
    expect((await friendsOf(ann)).map((f) => [f.id, f.online])).toEqual([
      [cem.id, true],
      [ben.id, false],
    ]);
  });
});

describe('challenges', () => {
  it('puts the challenge in the challenged account’s My games; declining deletes the table', async () => {
    const ann = await account('Ann');
    const ben = await account('Ben');
    const annStream = await openStream(ann);
    const made = await challenge(ann, ben);
    expect(made.status).toBe(201);
    const { id, seat, from, to, table } = made.body.challenge;
    expect({ from, to, seat }).toEqual({
      from: { id: ann.id, name: ann.name },
      to: { id: ben.id, name: ben.name },
      seat: 1,
    });
    expect(table.public).toBe(false);
    expect(table.seats[1]).toMatchObject({ kind: 'reserved', reservedFor: ben.id });
    const listed = await http(base, 'GET', '/api/v1/me/challenges', { token: ben.token });
    expect(listed.body.challenges).toEqual([made.body.challenge]);
    const waiting = (await myGames(ben)).find((g) => g.table.id === id);
    expect(waiting).toMatchObject({ seat: 1, seatWaiting: true, table: { status: 'waiting' } });

    // Only Ben may decline it.
    const notHis = await http(base, 'POST', `/api/v1/challenges/${id}/decline`, {
      token: ann.token,
    });
    expect(notHis.status).toBe(404);
    const declined = await http(base, 'POST', `/api/v1/challenges/${id}/decline`, {
      token: ben.token,
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ declined: id });
    expect((await myGames(ben)).some((g) => g.table.id === id)).toBe(false);
    expect((await http(base, 'GET', `/api/v1/tables/${id}`)).status).toBe(404);
    const told = await annStream.nextEvent();
    expect(told).toMatchObject({
      type: 'challengeDeclined',
      challenge: { id, to: { id: ben.id } },
    });
    annStream.close();
  });

  it('starts the game when the challenged account accepts', async () => {
    const ann = await account('Ann');
    const ben = await account('Ben');
    const made = await challenge(ann, ben, { options: { players: 3 }, botLevel: 'easy' });
    expect(made.status).toBe(201);
    const id = made.body.challenge.id;
    expect(made.body.challenge.table.seats[2]).toMatchObject({ kind: 'bot', botLevel: 'easy' });
    const accepted = await http(base, 'POST', `/api/v1/challenges/${id}/accept`, {
      token: ben.token,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.seat).toBe(1);
    expect(accepted.body.table.status).toBe('playing');
    const game = (await myGames(ben)).find((g) => g.table.id === id);
    expect(game).toMatchObject({ seat: 1, table: { status: 'playing' } });
    expect(game?.seatWaiting).toBeFalsy();
    // An answered challenge is answered: accepting or declining again finds nothing.
    const again = await http(base, 'POST', `/api/v1/challenges/${id}/decline`, {
      token: ben.token,
    });
    expect(again.status).toBe(404);
  });

  it('refuses a challenge from a player the challenged account blocked', async () => {
    const ann = await account('Ann');
    const ben = await account('Ben');
    const blocked = await http(base, 'PUT', `/api/v1/me/blocked/${ann.id}`, { token: ben.token });
    expect(blocked.status).toBe(200);
    const refused = await challenge(ann, ben);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('BLOCKED');
  });

  it('refuses a challenge to oneself and to an unknown username', async () => {
    const ann = await account('Ann');
    expect((await challenge(ann, ann)).status).toBe(400);
    const unknown = await http(base, 'POST', '/api/v1/challenges', {
      token: ann.token,
      body: { to: 'nobody-at-all', options: { players: 2 } },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the event stream', () => {
  it('sends a challenge as an NDJSON line as it is made, and waiting ones on opening', async () => {
    const ann = await account('Ann');
    const bot = await account('Bot');
    const stream = await openStream(bot);
    const made = await challenge(ann, bot);
    const line = await stream.nextEvent();
    expect(line).toEqual({ type: 'challenge', challenge: made.body.challenge });
    stream.close();

    // Opened later (a program that restarts): the challenge still waiting comes first.
    const again = await openStream(bot);
    expect(await again.nextEvent()).toMatchObject({
      type: 'challenge',
      challenge: { id: made.body.challenge.id, from: { id: ann.id } },
    });
    // Accepting over HTTP starts the game: the stream says so.
    await http(base, 'POST', `/api/v1/challenges/${made.body.challenge.id}/accept`, {
      token: bot.token,
    });
    expect(await again.nextEvent()).toMatchObject({
      type: 'gameStart',
      seat: 1,
      table: { id: made.body.challenge.id, status: 'playing' },
    });
    again.close();
  });

  it('needs a player', async () => {
    const answer = await fetch(`${base}/api/v1/stream/event`);
    expect(answer.status).toBe(401);
  });
});
