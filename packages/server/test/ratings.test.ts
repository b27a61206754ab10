/**
 * Ratings (OpenSkill, per table size) and one-click rematch: the rating module against a real
 * store (known outcomes move ratings the right way, ties, 4-player places, guests, bots,
 * idempotence), then a real server over HTTP and WebSocket (a game played to the end feeds
 * the leaderboard and the history, a game missed by a stopped process is rated at start, and
 * rematches: idempotent, seats rotated and kept, started by themselves once full).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGame, type GameResult } from '@gangsta/engine';
import { type TableInfo, tableOptionsSchema } from '@gangsta/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantsOf, placesOf } from '../src/ratings/model.ts';
import { rateGame } from '../src/ratings/rate.ts';
import { openPostgresStore } from '../src/store/postgres.ts';
import type { GameToRate } from '../src/store/ratings.ts';
import type { SqlStore } from '../src/store/sql.ts';
import { openSqliteStore } from '../src/store/sqlite.ts';
import type { TableRow } from '../src/store/types.ts';
import {
  createTable as createTableAt,
  http,
  type NewPlayer,
  newAccount,
  newPlayer,
  pick,
  playSeat,
  startTestServer,
  TestClient,
  type TestServer,
} from './harness.ts';
import { databaseUrlFor } from './support/database.ts';

const EPOCH = new Date(0).toISOString();
const LATER = '2030-01-01T00:00:00.000Z';

function score(seat: number, total: number, gangSize: number) {
  return {
    seat,
    heists: 0,
    members: 0,
    resources: 0,
    media: 0,
    richest: 0,
    largestGang: 0,
    families: 0,
    total,
    gangSize,
  };
}

describe('places and participants', () => {
  it('orders by IP, then members (R-END-4); players still tied share a place', () => {
    const result: GameResult = {
      scores: [score(0, 20, 5), score(1, 25, 4), score(2, 20, 5), score(3, 20, 6)],
      winners: [1],
      reason: 'gangSize',
    };
    expect(placesOf(result)).toEqual([3, 1, 3, 2]);
  });

  it('rates a bot seat as its level, and only the better placed of two equal bots', () => {
    const seats = [
      { playerId: 'ann' },
      { botLevel: 'hard' as const },
      { botLevel: 'hard' as const },
    ];
    expect(participantsOf(seats, [2, 3, 1])).toEqual([
      { playerId: 'ann', rank: 2, human: true },
      { playerId: 'bot-hard', rank: 1, human: false },
    ]);
    expect(participantsOf(seats, [1, 2, 2])).toEqual([
      { playerId: 'ann', rank: 1, human: true },
      { playerId: 'bot-hard', rank: 2, human: false },
    ]);
  });
});

describe('the rating store', () => {
  let dir: string;
  let store: SqlStore;
  let tables = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gangsta-ratings-'));
    store = openSqliteStore(dir);
    await store.migrate();
    for (const id of ['a', 'b', 'c', 'd']) {
      await store.createPlayer({ id, name: id, tokenHash: `h-${id}`, createdAt: EPOCH });
      await store.createAccount({
        playerId: id,
        username: `user-${id}`,
        passwordHash: 'x',
        createdAt: EPOCH,
      });
    }
    await store.createPlayer({ id: 'guest', name: 'guest', tokenHash: 'h-g', createdAt: EPOCH });
  });

  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A finished table row (the history refers to it) and the game to rate. */
  async function game(
    players: number,
    participants: GameToRate['participants'],
  ): Promise<GameToRate> {
    const id = `table-${++tables}`;
    const row: TableRow = {
      id,
      name: id,
      public: false,
      hostId: 'a',
      // The protocol's defaults: every variant and table option off.
      options: tableOptionsSchema.parse({ players }),
      seats: [],
      status: 'finished',
      seed: 1,
      moveCount: 0,
      revision: 0,
      createdAt: EPOCH,
      startedAt: EPOCH,
      finishedAt: LATER,
      clock: { setting: { kind: 'none' }, takeoverLevel: 'medium', state: null },
    };
    await store.createTable(row);
    return { tableId: id, players, at: LATER, participants };
  }

  const human = (playerId: string, rank: number) => ({ playerId, rank, human: true });
  const rating = async (id: string, players: number) =>
    (await store.ratingsOf(id)).find((r) => r.players === players);

  it('a win raises the winner’s mu and lowers the loser’s', async () => {
    expect(await rateGame(store, await game(2, [human('a', 1), human('b', 2)]))).toBe('rated');
    const a = await rating('a', 2);
    const b = await rating('b', 2);
    expect(a!.mu).toBeGreaterThan(25);
    expect(b!.mu).toBeLessThan(25);
    expect(a!.sigma).toBeLessThan(25 / 3);
    expect([a!.games, b!.games]).toEqual([1, 1]);
  });

  it('a tie between equals leaves their mus equal and reduces sigma', async () => {
    expect(await rateGame(store, await game(3, [human('c', 1), human('d', 1)]))).toBe('rated');
    const c = await rating('c', 3);
    const d = await rating('d', 3);
    expect(c!.mu).toBeCloseTo(d!.mu, 5);
    expect(c!.mu).toBeCloseTo(25, 5);
    expect(c!.sigma).toBeLessThan(25 / 3);
    expect(d!.sigma).toBeCloseTo(c!.sigma, 5);
  });

  it('orders four players’ new ratings by their places; each size is rated apart', async () => {
    const played = await game(4, [human('d', 4), human('c', 2), human('b', 1), human('a', 3)]);
    expect(await rateGame(store, played)).toBe('rated');
    const mus = await Promise.all(
      ['b', 'c', 'a', 'd'].map(async (id) => (await rating(id, 4))!.mu),
    );
    expect([...mus].sort((x, y) => y - x)).toEqual(mus);
    expect((await rating('a', 2))!.games).toBe(1);
    const history = await store.historyOf('b', 4, 10);
    expect(history).toEqual([
      expect.objectContaining({ tableId: played.tableId, rank: 1, players: 4 }),
    ]);
    const [entry] = history;
    expect(entry?.before).toEqual({ mu: 25, sigma: 8.333333 });
    expect(entry?.after.mu).toBeGreaterThan(25);
  });

  it('leaves a game unrated when a person was a guest, or became an account only later', async () => {
    const withGuest = await game(2, [human('a', 1), human('guest', 2)]);
    expect(await rateGame(store, withGuest)).toBe('unrated');
    const early = {
      ...(await game(2, [human('a', 1), human('b', 2)])),
      at: '1960-01-01T00:00:00Z',
    };
    expect(await rateGame(store, early)).toBe('unrated');
    expect(await store.historyOf('a', 2, 10)).toHaveLength(1);
  });

  it('rates bots as their level’s account', async () => {
    const played = await game(2, [human('c', 2), { playerId: 'bot-hard', rank: 1, human: false }]);
    expect(await rateGame(store, played)).toBe('rated');
    const bot = await rating('bot-hard', 2);
    expect(bot).toMatchObject({ games: 1 });
    expect(bot!.mu).toBeGreaterThan(25);
    const board = await store.leaderboard(2, 10);
    expect(board.find((row) => row.playerId === 'bot-hard')).toMatchObject({ name: 'hard' });
    // An account is shown by its display name, as tables show it; the username is kept for
    // the profile's address.
    expect(board.find((row) => row.playerId === 'c')).toMatchObject({
      name: 'c',
      username: 'user-c',
    });
  });

  it('rates a table once: a second time changes nothing', async () => {
    const played = await game(2, [human('a', 2), human('d', 1)]);
    expect(await rateGame(store, played)).toBe('rated');
    const before = await store.ratingsOf('a');
    expect(await rateGame(store, played)).toBe('already');
    expect(await store.ratingsOf('a')).toEqual(before);
  });

  it('orders the leaderboard by mu − 3σ', async () => {
    const board = await store.leaderboard(2, 100);
    const estimates = board.map((row) => row.mu - 3 * row.sigma);
    expect([...estimates].sort((x, y) => y - x)).toEqual(estimates);
  });
});

describe('a server', () => {
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
  const createTable = async (token: string, seats: unknown[]) =>
    (await createTableAt(base, token, seats)).id;

  /** The player plays a whole game against a bot of this level; the table id. */
  async function gameAgainstBot(player: NewPlayer, level: string): Promise<string> {
    const table = await createTable(player.token, [{ kind: 'host' }, { kind: 'bot', level }]);
    const client = await TestClient.connect(base, player.token);
    client.send({ type: 'watch', table });
    await client.next('sync', (m) => m.table === table);
    await http(base, 'POST', `/api/v1/tables/${table}/start`, { token: player.token });
    await playSeat(client, table, pick);
    await client.close();
    return table;
  }

  /** Waits until the rating of a finished table is stored (it follows the last move). */
  async function historyHas(playerId: string, table: string) {
    for (let i = 0; i < 200; i++) {
      const answer = await http(base, 'GET', `/api/v1/players/${playerId}/ratings`);
      const two = answer.body.ratings.find((r: { players: number }) => r.players === 2);
      if (two?.history.some((h: { table: string }) => h.table === table)) return answer.body;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`table ${table} was not rated`);
  }

  it('rates an account’s finished game against a bot: leaderboard and history', async () => {
    const ann = await accountOf('ann_rated');
    const table = await gameAgainstBot(ann, 'easy');
    const mine = await historyHas(ann.id, table);
    expect(mine.player).toEqual({ id: ann.id, name: 'ann_rated' });
    expect(mine.bot).toBeNull();
    expect(mine.ratings[0]).toMatchObject({ players: 2, games: 1 });
    expect(mine.ratings[0].history[0]).toMatchObject({ table, muBefore: 25 });
    const bot = await http(base, 'GET', '/api/v1/players/bot-easy/ratings');
    expect(bot.body).toMatchObject({ bot: 'easy', player: { name: 'easy' } });
    expect(bot.body.ratings[0].history[0].table).toBe(table);

    const board = await http(base, 'GET', '/api/v1/ratings?players=2');
    expect(board.status).toBe(200);
    expect(board.body.players).toBe(2);
    const entries = board.body.entries as { playerId: string; bot: string | null; place: number }[];
    expect(entries.find((e) => e.playerId === ann.id)).toMatchObject({ bot: null, games: 1 });
    expect(entries.find((e) => e.playerId === 'bot-easy')).toMatchObject({ bot: 'easy' });
    expect(entries.map((e) => e.place)).toEqual(entries.map((_, i) => i + 1));
    expect((await http(base, 'GET', '/api/v1/ratings?players=4')).body.entries).toEqual([]);
  });

  it('refuses a bad table size and an unknown player', async () => {
    const bad = await http(base, 'GET', '/api/v1/ratings?players=5');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BAD_MESSAGE');
    const unknown = await http(base, 'GET', '/api/v1/players/nobody/ratings');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
  });

  it('does not rate a guest’s game', async () => {
    const guest = await newPlayer(base, 'Guest');
    const table = await gameAgainstBot(guest, 'easy');
    // Rated games of the same bot would show the table; a guest's never does.
    const hard = await accountOf('hard_probe');
    const probe = await gameAgainstBot(hard, 'easy');
    const bot = await historyHas('bot-easy', probe);
    const tables = bot.ratings[0].history.map((h: { table: string }) => h.table);
    expect(tables).not.toContain(table);
    const answer = await http(base, 'GET', `/api/v1/players/${guest.id}/ratings`);
    expect(answer.body.ratings).toEqual([]);
  });

  it('rates at start a finished game a stopped process left unrated', async () => {
    const cid = await accountOf('cid_restart');
    const table = await gameAgainstBot(cid, 'easy');
    await historyHas(cid.id, table);
    await server.stop();
    // As if the process had stopped between the last move and the rating.
    const databaseUrl = await databaseUrlFor(server.dataDir);
    const store = databaseUrl ? openPostgresStore(databaseUrl) : openSqliteStore(server.dataDir);
    await store.db.deleteFrom('rating_history').where('table_id', '=', table).execute();
    await store.db.deleteFrom('ratings').where('player_id', '=', cid.id).execute();
    await store.close();
    server = await server.restart();
    base = server.url;
    const mine = await historyHas(cid.id, table);
    expect(mine.ratings[0]).toMatchObject({ games: 1 });
  });

  describe('rematch', () => {
    let ann: NewPlayer;
    let ben: NewPlayer;
    let finished: string;
    let annClient: TestClient;
    let benClient: TestClient;
    let firstPlayer: number;

    beforeAll(async () => {
      ann = await newPlayer(base, 'Ann');
      ben = await newPlayer(base, 'Ben');
      finished = await createTable(ann.token, [
        { kind: 'host' },
        { kind: 'open' },
        { kind: 'bot', level: 'easy' },
      ]);
      await http(base, 'POST', `/api/v1/tables/${finished}/join`, { token: ben.token, body: {} });
      annClient = await TestClient.connect(base, ann.token);
      benClient = await TestClient.connect(base, ben.token);
      for (const client of [annClient, benClient]) {
        client.send({ type: 'watch', table: finished });
        await client.next('sync', (m) => m.table === finished);
      }
      await http(base, 'POST', `/api/v1/tables/${finished}/start`, { token: ann.token });
      await Promise.all([annClient, benClient].map((c) => playSeat(c, finished, pick)));
      const record = await http(base, 'GET', `/api/v1/tables/${finished}/record`, {
        token: ann.token,
      });
      const created = createGame(record.body.options);
      if (!created.ok) throw new Error(created.error.message);
      const started = created.events.find((e) => e.type === 'gameStarted');
      firstPlayer = started?.type === 'gameStarted' ? started.firstPlayer : -1;
    });

    afterAll(async () => {
      await annClient.close();
      await benClient.close();
    });

    it('is refused before the end and to who did not play', async () => {
      const stranger = await newPlayer(base, 'Stranger');
      const notPlayed = await http(base, 'POST', `/api/v1/tables/${finished}/rematch`, {
        token: stranger.token,
      });
      expect(notPlayed.status).toBe(403);
      expect(notPlayed.body.error.code).toBe('NOT_SEATED');
      const waiting = await createTable(ann.token, [{ kind: 'host' }, { kind: 'open' }]);
      const early = await http(base, 'POST', `/api/v1/tables/${waiting}/rematch`, {
        token: ann.token,
      });
      expect(early.status).toBe(409);
      expect(early.body.error.code).toBe('WRONG_STATUS');
    });

    it('makes one new table: seats rotated, the asker seated, the others’ seats kept', async () => {
      const first = await http(base, 'POST', `/api/v1/tables/${finished}/rematch`, {
        token: ann.token,
      });
      expect(first.status).toBe(200);
      const table = first.body.table as TableInfo;
      // Old seats: Ann 0, Ben 1, bot 2. New seat i holds old seat i + 1.
      expect(table.seats.map((s) => [s.kind, s.name])).toEqual([
        ['reserved', 'Ben'],
        ['bot', 'easy'],
        ['player', 'Ann'],
      ]);
      expect(table.seats[0]?.reservedFor).toBe(ben.id);
      expect(first.body.seat).toBe(2);
      expect(table).toMatchObject({ status: 'waiting', hostId: ann.id });
      // The old second player (now at the old first player's seat) starts.
      expect(table.options.firstPlayer).toBe(firstPlayer);

      // Everybody watching the finished table is told.
      const told = await benClient.next(
        'table',
        (m) => m.table.id === finished && m.table.rematch != null,
      );
      expect(told.table.rematch).toEqual({ table: table.id, by: ann.id });

      const again = await http(base, 'POST', `/api/v1/tables/${finished}/rematch`, {
        token: ann.token,
      });
      expect(again.body.table.id).toBe(table.id);
      expect(again.body.seat).toBe(2);
      const looked = await http(base, 'GET', `/api/v1/tables/${finished}`);
      expect(looked.body.table.rematch).toEqual({ table: table.id, by: ann.id });
    });

    it('keeps a seat for its player alone, and starts once every seat is taken', async () => {
      const { body } = await http(base, 'POST', `/api/v1/tables/${finished}/rematch`, {
        token: ann.token,
      });
      const id = body.table.id as string;
      const stranger = await newPlayer(base, 'Intruder');
      const taken = await http(base, 'POST', `/api/v1/tables/${id}/join`, {
        token: stranger.token,
        body: { seat: 0 },
      });
      expect(taken.status).toBe(403);
      expect(taken.body.error.code).toBe('SEAT_RESERVED');
      const anySeat = await http(base, 'POST', `/api/v1/tables/${id}/join`, {
        token: stranger.token,
        body: {},
      });
      expect(anySeat.body.error.code).toBe('SEAT_TAKEN');

      benClient.send({ type: 'watch', table: id });
      await benClient.next('sync', (m) => m.table === id);
      const joined = await http(base, 'POST', `/api/v1/tables/${finished}/rematch`, {
        token: ben.token,
      });
      expect(joined.status).toBe(200);
      expect(joined.body.table.id).toBe(id);
      expect(joined.body.seat).toBe(0);
      expect(joined.body.table.status).toBe('playing');
      const started = await benClient.next('sync', (m) => m.table === id && m.frame !== null);
      expect(started.frame!.deciding).toEqual([firstPlayer]);
    });

    it('against bots only, starts at once', async () => {
      const cid = await newPlayer(base, 'Cid');
      const table = await gameAgainstBot(cid, 'easy');
      const answer = await http(base, 'POST', `/api/v1/tables/${table}/rematch`, {
        token: cid.token,
      });
      expect(answer.body.seat).toBe(1);
      expect(answer.body.table.status).toBe('playing');
      expect(answer.body.table.seats.map((s: { kind: string }) => s.kind)).toEqual([
        'bot',
        'player',
      ]);
    });
  });
});
