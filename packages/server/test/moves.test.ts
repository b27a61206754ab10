/** The server as the authority over moves: undo, stale moves, resent ids, reconnection. */
import type { MoveNews } from '@gangsta/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_KEPT } from '../src/tables/game/position.ts';
import { IDS_KEPT } from '../src/tables/moves/answered.ts';
import {
  Follower,
  frameOf,
  playUntil,
  startTestServer,
  TestClient,
  type TestServer,
  twoPlayerGame,
} from './harness.ts';
import { at } from './support/lists.ts';

/**
 * Per seat, two client ids whose 31-bit hashes (`answered.ts`) are equal: a table that keeps
 * the first only as a hash must ask the store before it plays the second.
 */
const COLLIDING_IDS: readonly [string, string][] = [
  ['collide-414633', 'collide-928313'],
  ['collide-257598', 'collide-399787'],
];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.cleanup();
});

describe('undo', () => {
  it('takes back the mover’s own last move where the engine allows it, and refuses the others', async () => {
    const { seats } = await twoPlayerGame(server.url);
    const mover = await playUntil(seats, (seat) => seat.frame!.canUndo);
    const other = seats.find((seat) => seat !== mover)!;
    expect(other.frame!.canUndo).toBe(false);
    const refused = await other.undo();
    expect(refused.type === 'rejected' && refused.error.code).toBe('CANNOT_UNDO');

    const before = mover.version;
    const moveCount = mover.frame!.moveCount;
    const answer = await mover.undo();
    expect(answer).toMatchObject({ type: 'ack', version: before + 1 });
    for (const seat of seats) {
      const sync = await seat.take();
      expect(sync.type).toBe('sync');
      expect(sync.version).toBe(before + 1);
      expect(frameOf(sync)!.moveCount).toBe(moveCount - 1);
    }
    // The undone move is out of everyone's log.
    expect(mover.frame!.legal.length).toBeGreaterThan(0);
  });

  it('refuses an undo when the last move was another seat’s or the engine forbids it', async () => {
    const { seats } = await twoPlayerGame(server.url);
    // Right after the start nothing can be taken back.
    const first = seats.find((seat) => seat.deciding)!;
    const answer = await first.undo();
    expect(answer.type === 'rejected' && answer.error.code).toBe('CANNOT_UNDO');
    // After a turn passes to the other seat, its predecessor's move is final.
    const mover = await playUntil(seats, (seat) => !seat.deciding);
    const refused = await mover.undo();
    expect(refused.type === 'rejected' && refused.error.code).toBe('CANNOT_UNDO');
  });
});

describe('stale moves and resent ids', () => {
  it('refuses a move made against an older version with STALE, then sends a sync', async () => {
    const { seats } = await twoPlayerGame(server.url);
    await playUntil(seats, () => true);
    const mover = seats.find((seat) => seat.deciding)!;
    const answer = await mover.move(undefined, 'old', mover.version - 1);
    expect(answer.type === 'rejected' && answer.error).toMatchObject({
      code: 'STALE',
      params: { version: mover.version, seen: mover.version - 1 },
    });
    const sync = await mover.take();
    expect(sync.type).toBe('sync');
    expect(sync.version).toBe(mover.version);
  });

  it('accepts both seats’ resource keeps made against the same version (a simultaneous choice)', async () => {
    const { seats } = await twoPlayerGame(server.url, { resources: true });
    expect(seats.every((seat) => seat.deciding)).toBe(true);
    expect(seats[0].frame!.legal[0]?.type).toBe('keepResources');
    const answers = await Promise.all(seats.map((seat) => seat.move(undefined, 'keep', 0)));
    expect(answers.map((a) => a.type)).toEqual(['ack', 'ack']);
    expect(answers.map((a) => (a.type === 'ack' ? a.version : 0)).sort()).toEqual([1, 2]);
  });

  it('answers a resent move id with the same ack and applies the move once', async () => {
    const { seats } = await twoPlayerGame(server.url);
    const mover = seats.find((seat) => seat.deciding)!;
    const other = seats.find((seat) => seat !== mover)!;
    const move = at(mover.frame!.legal, 0, 'legal move');
    const seen = mover.version;
    const first = await mover.move(move, 'once', seen);
    expect(first.type).toBe('ack');
    for (const seat of seats) await seat.take();
    const again = await mover.move(move, 'once', seen);
    expect(again).toEqual(first);
    const otherMove = await mover.move({ type: 'pass', seat: move.seat }, 'once', mover.version);
    expect(otherMove.type === 'rejected' && otherMove.error.code).toBe('DUPLICATE_ID');
    // The next real move follows directly on the first one: nothing was applied twice.
    const next = seats.find((seat) => seat.deciding)!;
    await next.move();
    const update = await other.take();
    expect(update).toMatchObject({
      type: 'update',
      from: first.type === 'ack' ? first.version : -1,
    });
  });

  it('answers an id resent long after, when the table keeps it only as a hash, from the store', async () => {
    const { seats } = await twoPlayerGame(server.url);
    const me = seats.find((seat) => seat.deciding)!;
    const seat = me.frame!.seat!;
    const [early, twin] = at(COLLIDING_IDS, seat, "seat's colliding ids");
    const move = at(me.frame!.legal, 0, 'legal move');
    const seen = me.version;
    const first = await me.move(move, early, seen);
    expect(first.type).toBe('ack');
    for (const follower of seats) await follower.take();
    let played = 0;
    await playUntil(seats, () => ++played > IDS_KEPT + 2);
    // The same move again: the stored row's ack, not STALE, not a second move.
    const version = me.version;
    expect(await me.move(move, early, seen)).toEqual(first);
    // The id with another move: the store knows what it was used for.
    const other = await me.move({ type: 'pass', seat } as never, early, version);
    expect(other.type === 'rejected' && other.error.code).toBe('DUPLICATE_ID');
    expect(me.version).toBe(version);
    // A new id whose hash is the old one's: the store does not know it, so it is played.
    if (!me.deciding) await playUntil(seats, () => me.deciding);
    const fresh = await me.move(undefined, twin);
    expect(fresh).toMatchObject({ type: 'ack', version: me.version + 1 });
  });

  it('refuses moves from spectators, for another seat, before the start and on unknown tables', async () => {
    const { table, seats } = await twoPlayerGame(server.url);
    const mover = seats.find((seat) => seat.deciding)!;
    const other = seats.find((seat) => seat !== mover)!;
    const wrongSeat = await other.move(mover.frame!.legal[0]);
    expect(wrongSeat.type === 'rejected' && wrongSeat.error.code).toBe('NOT_SEATED');
    const anonymous = await TestClient.connect(server.url);
    anonymous.send({ type: 'move', table, id: 'x', seen: 0, move: mover.frame!.legal[0] });
    expect((await anonymous.next('rejected')).error.code).toBe('UNAUTHENTICATED');
    anonymous.send({
      type: 'move',
      table: 'no-such-table',
      id: 'y',
      seen: 0,
      move: mover.frame!.legal[0],
    });
    expect((await anonymous.next('rejected')).error.code).toBe('UNKNOWN_TABLE');
    const illegal = await mover.move({
      type: 'recruit',
      seat: mover.frame!.seat!,
      card: 'nope',
    } as never);
    expect(illegal.type === 'rejected' && illegal.error.code).toMatch(
      /MALFORMED_MOVE|UNKNOWN_CARD|ILLEGAL_MOVE/,
    );
    await anonymous.close();
  });
});

describe('reconnection', () => {
  it('gives a player who comes back mid-game the moves it missed as one update', async () => {
    const { table, ben, seats } = await twoPlayerGame(server.url);
    const [annSeat, benSeat] = seats;
    if (!annSeat.deciding) await playUntil(seats, () => annSeat.deciding);
    await benSeat.client.close();
    const seen = benSeat.version;
    // Ann keeps playing (Ben's decisions are taken by nobody while he is away: stop there).
    let missed = 0;
    while (annSeat.deciding && missed < 10) {
      const answer = await annSeat.move();
      expect(answer.type).toBe('ack');
      await annSeat.take();
      missed++;
    }
    const back = await TestClient.connect(server.url, ben.token);
    back.send({ type: 'watch', table, seen });
    const follower = new Follower(back, table);
    const catchUp = await follower.take();
    expect(missed).toBeGreaterThan(0);
    expect(catchUp).toMatchObject({ type: 'update', from: seen, version: annSeat.version });
    const news = catchUp.type === 'update' ? (catchUp.moves as MoveNews[]) : [];
    expect(news.map((m) => m.seat)).toEqual(Array(missed).fill(0));
    expect(frameOf(catchUp)!.seat).toBe(1);
    // The same as a fresh sync would show.
    back.send({ type: 'watch', table });
    const sync = await follower.take();
    expect(frameOf(sync)).toEqual(frameOf(catchUp));
    await back.close();
  });

  it('tells a connection back after more moves than a position keeps events of each move with its events', async () => {
    const { table, ben, seats } = await twoPlayerGame(server.url);
    // Ben's second connection watches, then goes away while both seats play on.
    const away = new Follower(await TestClient.connect(server.url, ben.token), table);
    away.client.send({ type: 'watch', table });
    await away.take();
    const seen = away.version;
    await away.client.close();
    let played = 0;
    await playUntil(seats, () => ++played >= EVENTS_KEPT + 5);
    const back = new Follower(await TestClient.connect(server.url, ben.token), table);
    back.client.send({ type: 'watch', table, seen });
    const catchUp = await back.take();
    expect(catchUp).toMatchObject({ type: 'update', from: seen, version: seats[1].version });
    const news = catchUp.type === 'update' ? (catchUp.moves as MoveNews[]) : [];
    expect(news).toHaveLength(EVENTS_KEPT + 5);
    // Each move's events as Ben's whole log tells them (older ones rebuilt by replay).
    back.client.send({ type: 'watch', table });
    const sync = await back.take();
    const log = sync.type === 'sync' ? sync.log : [];
    for (const move of news) {
      const logged = log.filter((line) => line.moveIndex === move.index).map((line) => line.event);
      expect(move.events).toEqual(logged);
    }
    expect(news.filter((move) => move.events.length > 0).length).toBeGreaterThan(EVENTS_KEPT);
    await back.client.close();
  });

  it('gives a full sync to a client that was away during an undo', async () => {
    const { table, ann, ben, seats } = await twoPlayerGame(server.url);
    const mover = await playUntil(seats, (seat) => seat.frame!.canUndo);
    const other = seats.find((seat) => seat !== mover)!;
    const seen = other.version;
    await other.client.close();
    expect((await mover.undo()).type).toBe('ack');
    await mover.take();
    const token = other === seats[1] ? ben.token : ann.token;
    const back = await TestClient.connect(server.url, token);
    back.send({ type: 'watch', table, seen });
    const follower = new Follower(back, table);
    const sync = await follower.take();
    expect(sync).toMatchObject({ type: 'sync', version: seen + 1 });
    await back.close();
  });

  it('shows each seat as connected while it has a live socket', async () => {
    const { table, seats } = await twoPlayerGame(server.url);
    const [annSeat, benSeat] = seats;
    annSeat.client.clear();
    await benSeat.client.close();
    const info = await annSeat.client.next(
      'table',
      (m) => m.table.id === table && !at(m.table.seats, 1, 'seat').connected,
    );
    expect(info.table.seats[0]?.connected).toBe(true);
  });
});
