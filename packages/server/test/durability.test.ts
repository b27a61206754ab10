/**
 * Nothing acknowledged is lost: a restart on the same data folder rebuilds the game in
 * progress (resent ids still recognised), and a failed commit changes nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresStore, openSqliteStore } from '../src/index.ts';
import type { Batch, Store } from '../src/store/types.ts';
import {
  Follower,
  frameOf,
  http,
  newPlayer,
  playUntil,
  startTestServer,
  TestClient,
  type TestServer,
  twoPlayerGame,
} from './harness.ts';
import { databaseUrlFor } from './support/database.ts';
import { at } from './support/lists.ts';

const servers: TestServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.cleanup();
}, 60_000);

async function started(options: Parameters<typeof startTestServer>[0] = {}, dataDir?: string) {
  const server = await startTestServer(options, dataDir);
  servers.push(server);
  return server;
}

describe('restart', () => {
  it('rebuilds a game in progress from the store, with its version, frames and move ids', async () => {
    const first = await started();
    const { table, ann, ben, seats } = await twoPlayerGame(first.url);
    let count = 0;
    await playUntil(seats, () => ++count >= 12);
    const mover = seats.find((seat) => seat.deciding)!;
    const lastId = 'before-restart';
    const move = at(mover.frame!.legal, 0, 'legal move');
    const seen = mover.version;
    const ack = await mover.move(move, lastId, seen);
    expect(ack.type).toBe('ack');
    for (const seat of seats) await seat.take();
    const framesBefore = seats.map((seat) => seat.frame);
    const version = seats[0].version;

    const second = await first.restart();
    servers.push(second);
    const tokens = [ann.token, ben.token];
    const again: Follower[] = [];
    for (const [i, token] of tokens.entries()) {
      const client = await TestClient.connect(second.url, token);
      client.send({ type: 'watch', table, seen: version });
      const follower = new Follower(client, table, 'after-restart-');
      const catchUp = await follower.take();
      expect(catchUp).toMatchObject({ type: 'update', from: version, version, moves: [] });
      expect(frameOf(catchUp)).toEqual(framesBefore[i]);
      again.push(follower);
    }
    // The move sent just before the restart is recognised, not applied again.
    const moverAgain = at(again, mover.frame!.seat!, 'follower');
    expect(await moverAgain.move(move, lastId, seen)).toEqual(ack);
    const lobby = await http(second.url, 'GET', `/api/v1/tables/${table}`);
    expect(lobby.body.table).toMatchObject({ status: 'playing' });
    // And the game goes on.
    await playUntil(again, () => true);
    expect(at(again, 0, 'follower').version).toBe(version + 1);
  });

  it('keeps waiting tables and their seats across a restart', async () => {
    const first = await started();
    const host = await newPlayer(first.url, 'Host');
    const created = await http(first.url, 'POST', '/api/v1/tables', {
      token: host.token,
      body: {
        public: true,
        options: { players: 3 },
        seats: [{ kind: 'host' }, { kind: 'invited' }, { kind: 'bot', level: 'medium' }],
      },
    });
    const second = await first.restart();
    servers.push(second);
    const lobby = await http(second.url, 'GET', '/api/v1/tables');
    expect(lobby.body.waiting.map((t: { id: string }) => t.id)).toEqual([created.body.table.id]);
    const asHost = await http(second.url, 'GET', `/api/v1/tables/${created.body.table.id}`, {
      token: host.token,
    });
    expect(asHost.body.table.invites).toEqual(created.body.table.invites);
    expect(asHost.body.seat).toBe(0);
  });
});

/** A store whose next commit fails when asked to; every other call goes to the real one. */
function failingStore(inner: Store): Store & { failNext: boolean } {
  const control = { failNext: false };
  return new Proxy(inner as Store & { failNext: boolean }, {
    get(target, key) {
      if (key === 'failNext') return control.failNext;
      if (key === 'commit') {
        return async (batch: Batch) => {
          if (control.failNext) {
            control.failNext = false;
            throw new Error('disk full (test)');
          }
          return target.commit(batch);
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(_target, key, value) {
      if (key !== 'failNext') return false;
      control.failNext = Boolean(value);
      return true;
    },
  });
}

describe('a failed commit', () => {
  it('answers INTERNAL, rolls the game back, and the same move can be sent again', async () => {
    const probe = await started();
    const databaseUrl = await databaseUrlFor(probe.dataDir);
    const inner = databaseUrl ? openPostgresStore(databaseUrl) : openSqliteStore(probe.dataDir);
    const store = failingStore(inner);
    await probe.stop();
    const server = await started({ store }, probe.dataDir);
    const { seats } = await twoPlayerGame(server.url);
    const mover = seats.find((seat) => seat.deciding)!;
    const move = mover.frame!.legal[0];
    store.failNext = true;
    const failed = await mover.move(move, 'first', mover.version);
    expect(failed.type === 'rejected' && failed.error.code).toBe('INTERNAL');
    const retried = await mover.move(move, 'first', mover.version);
    expect(retried).toMatchObject({ type: 'ack', version: 1 });
    const update = await mover.take();
    expect(update).toMatchObject({ type: 'update', from: 0, version: 1 });
  });
});
