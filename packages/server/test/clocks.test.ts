/**
 * Clocks and bots taking seats over, against a real server whose time is a `ManualTime`:
 * time moves only when a test advances it (no sleeping). A real-time timeout hands the seat to
 * the table's takeover bot, which moves; the chat says so; the player takes the seat back and
 * plays on; the increment is credited; a turn-based deadline survives a restart; a friendly
 * table's absent player is replaced; a player may leave a game in play.
 */
import type { BotLevel, ClockSetting, MoveNews, ServerMessageOf } from '@gangsta/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualTime } from '../src/time.ts';
import {
  Follower,
  http,
  type NewPlayer,
  newPlayer,
  startTestServer,
  TestClient,
  type TestServer,
} from './harness.ts';
import { at } from './support/lists.ts';

const REALTIME: ClockSetting = { kind: 'realtime', bankMs: 60_000, incrementMs: 5_000 };
const TURN: ClockSetting = { kind: 'turn', perMoveMs: 3_600_000 };

let server: TestServer | null = null;
let time: ManualTime;

afterEach(async () => {
  await server?.cleanup();
  server = null;
});

async function start(options: { absentMs?: number; botDelayMs?: number } = {}) {
  time = new ManualTime();
  server = await startTestServer({
    time,
    logLevel: process.env.DEBUG_LOG ?? 'silent',
    ...options,
  });
  return server;
}

interface Game {
  table: string;
  players: [NewPlayer, NewPlayer];
  /** Seat 0 is Ann's (the host), seat 1 Ben's. */
  seats: Follower[];
}

/** A started 2-player table with this time control, both players watching. */
async function clockedGame(
  base: string,
  clockSetting: ClockSetting | undefined,
  takeoverLevel: BotLevel = 'easy',
): Promise<Game> {
  const players: Game['players'] = [await newPlayer(base, 'Ann'), await newPlayer(base, 'Ben')];
  const created = await http(base, 'POST', '/api/v1/tables', {
    token: players[0].token,
    body: {
      public: false,
      options: { players: 2 },
      seats: [{ kind: 'host' }, { kind: 'open' }],
      ...(clockSetting ? { clock: clockSetting } : {}),
      takeoverLevel,
    },
  });
  expect(created.status).toBe(201);
  const table: string = created.body.table.id;
  await http(base, 'POST', `/api/v1/tables/${table}/join`, { token: players[1].token, body: {} });
  const seats: Follower[] = [];
  for (const player of players) {
    const client = await TestClient.connect(base, player.token);
    client.send({ type: 'watch', table });
    const follower = new Follower(client, table);
    await follower.take();
    seats.push(follower);
  }
  await http(base, 'POST', `/api/v1/tables/${table}/start`, { token: players[0].token });
  for (const seat of seats) await seat.take();
  return { table, players, seats };
}

type Frame = ServerMessageOf<'sync'> | ServerMessageOf<'update'>;

/** Takes frames until one matches. */
async function takeUntil(follower: Follower, match: (frame: Frame) => boolean): Promise<Frame> {
  for (;;) {
    const frame = await follower.take();
    if (match(frame)) return frame;
  }
}

/** Takes the frames that already arrived. */
async function drain(follower: Follower): Promise<void> {
  while (follower.client.has(['sync', 'update'], follower.table)) await follower.take();
}

function decider(game: Game): number {
  const seat = game.seats.findIndex((s) => s.deciding);
  if (seat < 0) throw new Error('nobody must decide');
  return seat;
}

function tableFrame(
  follower: Follower,
  match: (table: ServerMessageOf<'table'>['table']) => boolean,
) {
  return follower.client.next('table', (m) => m.table.id === follower.table && match(m.table));
}

/** Drops the `table` frames received so far (later ones tell what changed since). */
function forgetTableFrames(follower: Follower): void {
  const received = follower.client.received;
  received.splice(0, received.length, ...received.filter((frame) => frame.type !== 'table'));
}

function notice(follower: Follower, key: string) {
  return follower.client.next(
    'chat',
    (m) => m.table === follower.table && m.line.notice?.key === key,
  );
}

/**
 * People play first legal moves until `seat` must decide (its own moves are not made here);
 * returns the moves the seat's follower heard of meanwhile.
 */
async function playUntilDeciding(game: Game, seat: number): Promise<MoveNews[]> {
  const heard: MoveNews[] = [];
  const take = async (follower: Follower) => {
    const frame = await follower.take();
    if (follower === at(game.seats, seat) && frame.type === 'update') heard.push(...frame.moves);
  };
  for (let i = 0; i < 200; i++) {
    for (const follower of game.seats) {
      while (follower.client.has(['sync', 'update'], follower.table)) await take(follower);
    }
    if (at(game.seats, seat).deciding) return heard;
    const mover = game.seats.find((s, index) => index !== seat && s.deciding);
    if (!mover) {
      // Only a bot decides now: wait for its move.
      await take(at(game.seats, seat));
      continue;
    }
    const answer = await mover.move();
    expect(answer.type).toBe('ack');
    for (const follower of game.seats) await take(follower);
  }
  throw new Error(`seat ${seat} never had to decide`);
}

describe('real-time clocks', () => {
  it('a timeout hands the seat to the bot, which moves; the player takes it back and plays on', async () => {
    const { url } = await start();
    const game = await clockedGame(url, REALTIME);
    const seat = decider(game);
    const me = at(game.seats, seat);
    const other = at(game.seats, 1 - seat);
    const running = await tableFrame(me, (t) => t.clock.running.includes(seat));
    expect(running.table.clock).toEqual({
      setting: REALTIME,
      remainingMs: [60_000, 60_000],
      running: [seat],
    });

    // Almost out of time: nothing happens yet.
    time.advance(59_999);
    expect(me.client.has(['update'], game.table)).toBe(false);
    time.advance(1);
    const away = await tableFrame(me, (t) => at(t.seats, seat).away !== null);
    expect(at(away.table.seats, seat).away).toEqual({ reason: 'timeout', level: 'easy' });
    expect(away.table.clock.remainingMs[seat]).toBe(0);
    expect(away.table.clock.running).not.toContain(seat);
    const line = await notice(other, 'timeout');
    expect(line.line.notice?.params).toMatchObject({
      name: at(game.players, seat).name,
      level: 'easy',
    });
    expect(line.line.text).toContain('ran out of time');

    // The bot plays the seat until the other player must decide.
    const byBot = await takeUntil(
      me,
      (f) => f.type === 'update' && f.moves.some((n) => n.seat === seat && n.byBot),
    );
    expect(byBot.type).toBe('update');
    await takeUntil(other, () => other.deciding);
    // The two sockets hear of the same commit in either order: the seat's own frame of the
    // position where the other player decides may still be on its way.
    while (me.version < other.version) await me.take();
    await drain(me);
    expect(me.deciding).toBe(false);

    // The player takes the seat back while the other decides.
    forgetTableFrames(other);
    me.client.send({ type: 'resume', table: game.table });
    const back = await tableFrame(other, (t) => at(t.seats, seat).away === null);
    // A returning player gets at least a minute (the whole bank here), not running yet.
    expect(back.table.clock.remainingMs[seat]).toBe(60_000);
    expect(back.table.clock.running).toEqual([1 - seat]);
    await notice(other, 'back');

    // From the seat's next decision on, the player decides: no bot moves for it.
    const heard = await playUntilDeciding(game, seat);
    expect(heard.filter((news) => news.byBot)).toEqual([]);
    time.advance(10_000);
    const answer = await me.move();
    expect(answer.type).toBe('ack');
    // 60 s − 10 s spent + 5 s increment.
    const credited = await tableFrame(other, (t) => t.clock.remainingMs[seat] === 55_000);
    expect(at(credited.table.seats, seat).away).toBeNull();
    for (const follower of game.seats) follower.client.close();
  });

  it('a move of an away player takes the seat back too', async () => {
    // Bots wait long here, so the player moves before the bot would.
    const { url } = await start({ botDelayMs: 600_000 });
    const game = await clockedGame(url, REALTIME);
    const seat = decider(game);
    const me = at(game.seats, seat);
    time.advance(60_000);
    await tableFrame(me, (t) => at(t.seats, seat).away?.reason === 'timeout');
    expect(me.deciding).toBe(true);
    const answer = await me.move();
    expect(answer.type).toBe('ack');
    const back = await tableFrame(me, (t) => at(t.seats, seat).away === null);
    expect(at(back.table.seats, seat).away).toBeNull();
    await notice(me, 'back');
    const update = await takeUntil(me, (f) => f.type === 'update');
    expect(update.type === 'update' && update.moves.at(-1)?.byBot).toBe(false);
    for (const follower of game.seats) follower.client.close();
  });
});

describe('turn-based clocks', () => {
  it('a deadline survives a restart: the bot takes over on the new server', async () => {
    const first = await start();
    const game = await clockedGame(first.url, TURN);
    const seat = decider(game);
    time.advance(30 * 60_000);
    for (const follower of game.seats) follower.client.close();
    server = await first.restart();
    const watcher = await TestClient.connect(server.url, at(game.players, 1 - seat).token);
    watcher.send({ type: 'watch', table: game.table });
    const follower = new Follower(watcher, game.table);
    await follower.take();
    const info = await http(server.url, 'GET', `/api/v1/tables/${game.table}`);
    expect(info.body.table.clock.remainingMs[seat]).toBe(30 * 60_000);
    expect(info.body.table.clock.running).toEqual([seat]);
    time.advance(30 * 60_000);
    const away = await tableFrame(follower, (t) => at(t.seats, seat).away !== null);
    expect(at(away.table.seats, seat).away).toEqual({ reason: 'timeout', level: 'easy' });
    await notice(follower, 'timeout');
    await takeUntil(
      follower,
      (f) => f.type === 'update' && f.moves.some((n) => n.seat === seat && n.byBot),
    );
    watcher.close();
  });
});

describe('friendly tables', () => {
  it('a deciding player without a connection for ABSENT_MS gets the bot; a connected one never does', async () => {
    const { url } = await start({ absentMs: 120_000 });
    const game = await clockedGame(url, undefined, 'medium');
    const seat = decider(game);
    const me = at(game.seats, seat);
    const other = at(game.seats, 1 - seat);
    const info = await http(url, 'GET', `/api/v1/tables/${game.table}`);
    expect(info.body.table.clock).toEqual({
      setting: { kind: 'none' },
      remainingMs: [],
      running: [],
    });

    // Thinking for a long time while connected is fine.
    time.advance(600_000);
    const still = await http(url, 'GET', `/api/v1/tables/${game.table}`);
    expect(still.body.table.seats[seat].away).toBeNull();

    forgetTableFrames(other);
    await me.client.close();
    await tableFrame(other, (t) => !at(t.seats, seat).connected);
    time.advance(119_999);
    const soon = await http(url, 'GET', `/api/v1/tables/${game.table}`);
    expect(soon.body.table.seats[seat].away).toBeNull();
    time.advance(1);
    const away = await tableFrame(other, (t) => at(t.seats, seat).away !== null);
    expect(at(away.table.seats, seat).away).toEqual({ reason: 'absent', level: 'medium' });
    const line = await notice(other, 'absent');
    expect(line.line.text).toContain('a bot (medium)');
    await takeUntil(
      other,
      (f) => f.type === 'update' && f.moves.some((n) => n.seat === seat && n.byBot),
    );
    other.client.close();
  });
});

describe('leaving a game in play', () => {
  it('puts the takeover bot in the seat, which stays the player’s', async () => {
    const { url } = await start();
    const game = await clockedGame(url, undefined, 'hard');
    const leaver = game.players[1];
    const left = await http(url, 'POST', `/api/v1/tables/${game.table}/leave`, {
      token: leaver.token,
    });
    expect(left.status).toBe(200);
    expect(left.body.seat).toBe(1);
    expect(left.body.table.seats[1].away).toEqual({ reason: 'left', level: 'hard' });
    expect(left.body.table.seats[1].playerId).toBe(leaver.id);
    const host = at(game.seats, 0);
    const line = await notice(host, 'left');
    expect(line.line.text).toBe('Ben left the game; a bot (hard) plays for them');
    // Leaving twice changes nothing; the bot plays seat 1 whenever it must decide.
    const again = await http(url, 'POST', `/api/v1/tables/${game.table}/leave`, {
      token: leaver.token,
    });
    expect(again.status).toBe(200);
    for (let i = 0; ; i++) {
      if (i > 200) throw new Error('the bot never moved for seat 1');
      if (host.deciding && !host.client.has(['sync', 'update'], game.table)) await host.move();
      const frame = await host.take();
      if (frame.type === 'update' && frame.moves.some((n) => n.seat === 1 && n.byBot)) break;
    }
    for (const follower of game.seats) follower.client.close();
  });

  it('refuses a time control out of bounds, and an unknown takeover bot, with BAD_OPTIONS', async () => {
    const { url } = await start();
    const host = await newPlayer(url, 'Ann');
    const body = {
      public: false,
      options: { players: 2 },
      seats: [{ kind: 'host' }, { kind: 'open' }],
    };
    for (const extra of [
      { clock: { kind: 'realtime', bankMs: 1_000, incrementMs: 0 } },
      { clock: { kind: 'turn', perMoveMs: 30 * 86_400_000 } },
      { clock: { kind: 'blitz' } },
      { takeoverLevel: 'random' },
    ]) {
      const answer = await http(url, 'POST', '/api/v1/tables', {
        token: host.token,
        body: { ...body, ...extra },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('BAD_OPTIONS');
    }
    const waiting = await http(url, 'POST', '/api/v1/tables', {
      token: host.token,
      body: { ...body, clock: { kind: 'turn', perMoveMs: 86_400_000 } },
    });
    expect(waiting.body.table.clock).toEqual({
      setting: { kind: 'turn', perMoveMs: 86_400_000 },
      remainingMs: [86_400_000, 86_400_000],
      running: [],
    });
  });

  it('refuses a resume from someone without a seat', async () => {
    const { url } = await start();
    const stranger = await newPlayer(url, 'Cy');
    const game = await clockedGame(url, REALTIME);
    const client = await TestClient.connect(url, stranger.token);
    client.send({ type: 'resume', table: game.table });
    const refused = await client.next('error');
    expect(refused.error.code).toBe('NOT_SEATED');
    client.close();
    for (const follower of game.seats) follower.client.close();
  });
});
