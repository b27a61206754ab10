/**
 * A whole game over real WebSockets: two scripted players and a server bot, followed by a
 * spectator; then the record, which replays to the same end.
 */
import { replay, viewFor } from '@gangsta/engine';
import type { MoveNews, UpdateFrame } from '@gangsta/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  frameOf,
  http,
  type NewPlayer,
  newPlayer,
  pick,
  playSeat,
  startTestServer,
  TestClient,
  type TestServer,
} from './harness.ts';

let server: TestServer;
let ann: NewPlayer;
let ben: NewPlayer;

beforeAll(async () => {
  server = await startTestServer();
  ann = await newPlayer(server.url, 'Ann');
  ben = await newPlayer(server.url, 'Ben');
});

afterAll(async () => {
  await server.cleanup();
});

async function tableWithBot(): Promise<string> {
  const created = await http(server.url, 'POST', '/api/v1/tables', {
    token: ann.token,
    body: {
      public: true,
      options: { players: 3, families: true },
      seats: [{ kind: 'host' }, { kind: 'invited' }, { kind: 'bot', level: 'easy' }],
    },
  });
  const table = created.body.table;
  await http(server.url, 'POST', `/api/v1/tables/${table.id}/join`, {
    token: ben.token,
    body: { invite: table.invites['1'] },
  });
  return table.id;
}

describe('a whole 3-player game between two people and a bot', () => {
  it('ends for everyone, the spectator saw public frames only, and the record replays to the end', async () => {
    const table = await tableWithBot();
    const spectator = await TestClient.connect(server.url);
    const annClient = await TestClient.connect(server.url, ann.token);
    const benClient = await TestClient.connect(server.url, ben.token);
    for (const client of [spectator, annClient, benClient]) client.send({ type: 'watch', table });
    for (const client of [spectator, annClient, benClient]) {
      const waiting = await client.next('sync', (m) => m.table === table);
      expect(waiting.frame).toBeNull();
    }
    const started = await http(server.url, 'POST', `/api/v1/tables/${table}/start`, {
      token: ann.token,
    });
    expect(started.body.table.status).toBe('playing');

    const spectatorFrames: UpdateFrame[] = [];
    const spectatorNews: MoveNews[] = [];
    const following = (async () => {
      for (;;) {
        const message = await spectator.nextOf(
          ['sync', 'update'],
          (m) => m.table === table,
          60_000,
        );
        if (message.type === 'update') spectatorNews.push(...(message.moves as MoveNews[]));
        const frame = frameOf(message);
        if (frame) spectatorFrames.push(frame);
        if (frame?.over) return;
      }
    })();
    const [annGame, benGame] = await Promise.all([
      playSeat(annClient, table, (legal, n) => pick(legal, n * 7 + 1)),
      playSeat(benClient, table, (legal, n) => pick(legal, n * 5 + 3)),
    ]);
    await following;

    expect(annGame.last.over && benGame.last.over).toBe(true);
    expect(annGame.moves).toBeGreaterThan(5);
    expect(benGame.moves).toBeGreaterThan(5);
    expect(annGame.frames.every((m) => frameOf(m) === null || frameOf(m)?.seat === 0)).toBe(true);
    expect(
      spectatorFrames.every((f) => f.seat === null && f.legal.length === 0 && !f.canUndo),
    ).toBe(true);
    expect(spectatorNews.some((news) => news.seat === 2 && news.byBot)).toBe(true);
    expect(spectatorNews.some((news) => news.seat === 0 && !news.byBot)).toBe(true);

    const record = await http(server.url, 'GET', `/api/v1/tables/${table}/record`, {
      token: ben.token,
    });
    expect(record.status).toBe(200);
    expect(record.body.format).toBe('gangsta-game');
    const replayed = replay(record.body);
    expect(replayed.ok).toBe(true);
    if (!replayed.ok) return;
    expect(replayed.state.phase).toBe('gameOver');
    expect(record.body.moves.length).toBe(annGame.last.moveCount);
    const { cards: _public, ...publicView } = viewFor(replayed.state, null);
    const { cards: _ann, ...annView } = viewFor(replayed.state, 0);
    expect(spectatorFrames.at(-1)?.view).toEqual(publicView);
    expect(annGame.last.view).toEqual(annView);

    const stranger = await newPlayer(server.url, 'Stranger');
    const refused = await http(server.url, 'GET', `/api/v1/tables/${table}/record`, {
      token: stranger.token,
    });
    expect(refused.body.error.code).toBe('NOT_SEATED');
    const lobby = await http(server.url, 'GET', '/api/v1/tables');
    const finished = lobby.body.finished.find((t: { id: string }) => t.id === table);
    expect(finished).toMatchObject({ status: 'finished', moveCount: record.body.moves.length });

    // A move on the finished game is refused by the engine, and changes nothing (sent on a
    // fresh connection: Ann's may have used up its message allowance during the game).
    const annLater = await TestClient.connect(server.url, ann.token);
    annLater.send({ type: 'watch', table });
    await annLater.next('sync', (m) => m.table === table);
    annLater.send({
      type: 'move',
      table,
      id: 'late',
      seen: annGame.frames.at(-1)!.version,
      move: { type: 'pass', seat: 0 },
    });
    const late = await annLater.next('rejected', (m) => m.id === 'late');
    expect(late.error.code).toBe('GAME_OVER');
    await Promise.all([spectator.close(), annClient.close(), benClient.close(), annLater.close()]);
  });
});
