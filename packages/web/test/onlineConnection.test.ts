/**
 * The online connection with a fake socket and a hand-driven clock: hello and watch on every
 * connection, the move queue (resend after a silence and after a reconnection, with the same
 * id; done on ack or rejection), a version gap answered by a new watch, backoff with jitter,
 * and bad frames dropped without harm.
 */
import { LIMITS, PROTOCOL_VERSION, type ServerMessage } from '@gangsta/protocol';
import { describe, expect, it } from 'vitest';
import {
  BACKOFF_MAX_MS,
  BACKOFF_MIN_MS,
  backoffDelay,
  Connection,
  storeRetryDelay,
  type TableHandler,
  type TableMessage,
} from '../src/online/connection.ts';
import { FakeClock, socketFactory, welcome } from './onlineFakes.ts';

const move = { type: 'pass', seat: 0 } as const;

function setup(options: { random?: () => number; token?: string | null } = {}) {
  const clock = new FakeClock();
  const factory = socketFactory();
  const logs: string[] = [];
  let ids = 0;
  const connection = new Connection({
    url: 'ws://test/api/v1/ws',
    token: () => (options.token === undefined ? 'secret' : options.token),
    socket: factory.make,
    timers: clock,
    random: options.random ?? (() => 0.5),
    newId: () => `m${++ids}`,
    log: (problem) => logs.push(problem),
  });
  const socket = () => {
    const last = factory.sockets.at(-1);
    if (!last) throw new Error('no socket');
    return last;
  };
  /** Opens the newest socket and lets the server welcome us. */
  const connect = () => {
    socket().open();
    socket().receive(welcome);
  };
  return { clock, factory, connection, socket, connect, logs };
}

function handler(version: number | undefined = undefined) {
  const received: TableMessage[] = [];
  const h: TableHandler & { at: number | undefined; received: TableMessage[] } = {
    at: version,
    received,
    version: () => h.at,
    receive: (message) => received.push(message),
  };
  return h;
}

const ack = (id: string, version: number): ServerMessage => ({
  type: 'ack',
  table: 't1',
  id,
  version,
});

describe('connecting', () => {
  it('says hello with the token and is online after the welcome', () => {
    const { connection, socket, connect } = setup();
    expect(connection.getSnapshot().state).toBe('connecting');
    connect();
    expect(socket().sent[0]).toEqual({
      type: 'hello',
      protocol: PROTOCOL_VERSION,
      token: 'secret',
    });
    expect(connection.getSnapshot().state).toBe('online');
  });

  it('tells who the server says we are after each hello', () => {
    const clock = new FakeClock();
    const factory = socketFactory();
    const told: unknown[] = [];
    new Connection({
      url: 'ws://test',
      token: () => 'stale',
      socket: factory.make,
      timers: clock,
      log: () => {},
      welcomed: (player) => told.push(player),
    });
    factory.sockets[0].open();
    factory.sockets[0].receive({ type: 'welcome', protocol: PROTOCOL_VERSION, player: null });
    expect(told).toEqual([null]);
  });

  it('says hello without a token when the player has none', () => {
    const { socket } = setup({ token: null });
    socket().open();
    expect(socket().sent[0]).toEqual({ type: 'hello', protocol: PROTOCOL_VERSION });
  });

  it('watches its tables once online, with the version each has', () => {
    const { connection, socket, connect } = setup();
    connection.watch('t1', handler(4));
    connection.watch('t2', handler());
    expect(socket().sent).toEqual([]); // nothing before the socket opens
    connect();
    expect(socket().sentOf('watch')).toEqual([
      { type: 'watch', table: 't1', seen: 4 },
      { type: 'watch', table: 't2' },
    ]);
  });

  it('routes a table’s frames to its handler only', () => {
    const { connection, socket, connect } = setup();
    const one = handler(0);
    const two = handler(0);
    connection.watch('t1', one);
    connection.watch('t2', two);
    connect();
    socket().receive({
      type: 'chat',
      table: 't2',
      line: { from: 'Bo', seat: 1, text: 'hi', at: 'now' },
    });
    expect(one.received).toEqual([]);
    expect(two.received).toHaveLength(1);
  });

  it('unwatches a table when its last handler leaves', () => {
    const { connection, socket, connect } = setup();
    connect();
    const stop = connection.watch('t1', handler());
    stop();
    expect(socket().sentOf('unwatch')).toEqual([{ type: 'unwatch', table: 't1' }]);
  });
});

describe('the move queue', () => {
  it('sends a move with its id and the version seen, and forgets it on ack', () => {
    const { connection, socket, connect, clock } = setup();
    connect();
    const h = handler(3);
    connection.watch('t1', h);
    const id = connection.sendMove('t1', move, 3);
    expect(socket().sentOf('move')).toEqual([{ type: 'move', table: 't1', id, seen: 3, move }]);
    expect(connection.getSnapshot().queued).toBe(1);
    socket().receive(ack(id, 4));
    expect(connection.getSnapshot().queued).toBe(0);
    expect(h.received).toEqual([ack(id, 4)]);
    clock.advance(LIMITS.resendAfterMs * 3);
    expect(socket().sentOf('move')).toHaveLength(1); // never resent once answered
  });

  it('resends an unanswered move after the timeout, with the same id', () => {
    const { connection, socket, connect, clock } = setup();
    connect();
    const id = connection.sendMove('t1', move, 3);
    clock.advance(LIMITS.resendAfterMs - 1);
    expect(socket().sentOf('move')).toHaveLength(1);
    clock.advance(1);
    const sent = socket().sentOf('move');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[1].id).toBe(id);
  });

  it('a move refused for speed (RATE_LIMITED) stays queued and goes again after retryMs', () => {
    const { connection, socket, connect, clock } = setup();
    connect();
    const h = handler(3);
    connection.watch('t1', h);
    const id = connection.sendMove('t1', move, 3);
    socket().receive({
      type: 'rejected',
      table: 't1',
      id,
      error: { code: 'RATE_LIMITED', message: 'slow down', params: { retryMs: 300 } },
    });
    expect(h.received).toEqual([]); // not a refusal the table needs to show
    expect(connection.getSnapshot().queued).toBe(1);
    clock.advance(299);
    expect(socket().sentOf('move')).toHaveLength(1);
    clock.advance(1);
    const sent = socket().sentOf('move');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    socket().receive(ack(id, 4));
    expect(connection.getSnapshot().queued).toBe(0);
  });

  it('after a second silence drops the dead socket and resends on the new one', () => {
    const { connection, factory, socket, connect, clock } = setup();
    connect();
    const id = connection.sendMove('t1', move, 3);
    clock.advance(LIMITS.resendAfterMs * 2);
    expect(factory.sockets).toHaveLength(1);
    expect(connection.getSnapshot().state).toBe('reconnecting');
    clock.advance(BACKOFF_MAX_MS);
    expect(factory.sockets).toHaveLength(2);
    connect();
    expect(
      socket()
        .sentOf('move')
        .map((m) => m.id),
    ).toEqual([id]);
  });

  it('resends a move after a reconnection with the same id, and only once answered forgets it', () => {
    const { connection, factory, socket, connect, clock } = setup();
    connect();
    connection.watch('t1', handler(3));
    const id = connection.sendMove('t1', move, 3);
    factory.sockets[0].drop();
    expect(connection.getSnapshot().state).toBe('reconnecting');
    clock.advance(BACKOFF_MIN_MS);
    expect(factory.sockets).toHaveLength(2);
    connect();
    const second = socket();
    // watch first (to learn what was missed), then the move again
    expect(second.sent.map((m) => m.type)).toEqual(['hello', 'watch', 'move']);
    expect(second.sentOf('move')[0]).toEqual({ type: 'move', table: 't1', id, seen: 3, move });
    second.receive({
      type: 'rejected',
      table: 't1',
      id,
      error: { code: 'ILLEGAL_MOVE', message: 'no', params: {} },
    });
    expect(connection.getSnapshot().queued).toBe(0);
  });

  it('a move made while disconnected waits for the connection', () => {
    const { connection, socket, connect, clock } = setup();
    const id = connection.sendMove('t1', move, 0);
    expect(socket().sent).toEqual([]);
    clock.advance(LIMITS.resendAfterMs); // still no socket open: nothing to send to
    connect();
    expect(
      socket()
        .sentOf('move')
        .map((m) => m.id),
    ).toEqual([id]);
  });

  it('undo goes through the same queue', () => {
    const { connection, socket, connect, clock } = setup();
    connect();
    const id = connection.sendUndo('t1', 5);
    clock.advance(LIMITS.resendAfterMs);
    expect(socket().sentOf('undo')).toEqual([
      { type: 'undo', table: 't1', id, seen: 5 },
      { type: 'undo', table: 't1', id, seen: 5 },
    ]);
  });
});

describe('versions', () => {
  const update = (from: number, version: number): ServerMessage => ({
    type: 'update',
    table: 't1',
    from,
    version,
    moves: [],
    frame: {} as never,
  });

  it('delivers an update that continues the handler’s version', () => {
    const { connection, socket, connect } = setup();
    const h = handler(4);
    connection.watch('t1', h);
    connect();
    socket().receive(update(4, 5));
    expect(h.received).toHaveLength(1);
  });

  it('a gap is not applied: the table is watched again with the version it has', () => {
    const { connection, socket, connect } = setup();
    const h = handler(4);
    connection.watch('t1', h);
    connect();
    socket().receive(update(6, 7));
    expect(h.received).toEqual([]);
    expect(socket().sentOf('watch')).toEqual([
      { type: 'watch', table: 't1', seen: 4 },
      { type: 'watch', table: 't1', seen: 4 },
    ]);
  });

  it('an update it already has is dropped without a new watch', () => {
    const { connection, socket, connect } = setup();
    const h = handler(7);
    connection.watch('t1', h);
    connect();
    socket().receive(update(5, 6));
    expect(h.received).toEqual([]);
    expect(socket().sentOf('watch')).toHaveLength(1);
  });
});

describe('reconnecting', () => {
  it('waits 0.5 s doubling to 10 s, with jitter, and starts over once welcomed', () => {
    const { factory, clock, connection, connect } = setup({ random: () => 0 });
    connect();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      factory.sockets.at(-1)?.drop();
      const delay = clock.lastDelay();
      if (delay === null) throw new Error('no retry scheduled');
      delays.push(delay);
      expect(connection.getSnapshot().retryAt).toBe(clock.now() + delay);
      clock.advance(delay);
    }
    // random() = 0: the fixed half of 0.5, 1, 2, 4, 8, 10, 10 seconds
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
    connect();
    factory.sockets.at(-1)?.drop();
    expect(clock.lastDelay()).toBe(250);
  });

  it('the jitter spreads the delay between half and all of it', () => {
    expect(backoffDelay(0, () => 0)).toBe(BACKOFF_MIN_MS / 2);
    expect(backoffDelay(0, () => 0.999_999)).toBe(BACKOFF_MIN_MS);
    expect(backoffDelay(20, () => 0.999_999)).toBe(BACKOFF_MAX_MS);
  });

  it('waits as long as the server says when it paces connections from our address', () => {
    const { factory, clock, connection, connect } = setup({ random: () => 0 });
    factory.sockets[0].open();
    factory.sockets[0].receive({
      type: 'error',
      table: null,
      error: { code: 'RATE_LIMITED', message: 'come back later', params: { retryMs: 7300 } },
    });
    factory.sockets[0].drop();
    // The backoff alone would be 250 ms; the server's time wins.
    expect(clock.lastDelay()).toBe(7300);
    clock.advance(7299);
    expect(factory.sockets).toHaveLength(1);
    clock.advance(1);
    expect(factory.sockets).toHaveLength(2);
    // The pace applies once: after a later drop the backoff is its own again.
    connect();
    factory.sockets[1].drop();
    expect(clock.lastDelay()).toBe(250);
    expect(connection.getSnapshot().state).toBe('reconnecting');
  });

  it('a socket that fails to open is retried too', () => {
    const { factory, clock, connection } = setup();
    factory.sockets[0].drop();
    expect(connection.getSnapshot().state).toBe('reconnecting');
    clock.advance(BACKOFF_MIN_MS);
    expect(factory.sockets).toHaveLength(2);
  });

  it('drops the socket when the browser loses the network, and retries at once when it is back', () => {
    const { factory, connection, connect } = setup();
    connect();
    connection.networkLost();
    expect(connection.getSnapshot().state).toBe('reconnecting');
    expect(factory.sockets[0].closed).toBe(true);
    connection.retryNow();
    expect(factory.sockets).toHaveLength(2);
    connect();
    expect(connection.getSnapshot().state).toBe('online');
  });

  it('close() stops for good', () => {
    const { factory, clock, connection, connect } = setup();
    connect();
    connection.close();
    expect(connection.getSnapshot().state).toBe('offline');
    clock.advance(BACKOFF_MAX_MS * 10);
    expect(factory.sockets).toHaveLength(1);
  });
});

describe('bad frames', () => {
  it('are logged and dropped; the connection goes on', () => {
    const { connection, socket, connect, logs } = setup();
    const h = handler(0);
    connection.watch('t1', h);
    connect();
    socket().receive('not json');
    socket().receive(JSON.stringify({ type: 'update', table: 't1' }));
    socket().receive(JSON.stringify({ type: 'mystery' }));
    expect(logs).toHaveLength(3);
    expect(h.received).toEqual([]);
    socket().receive({
      type: 'chat',
      table: 't1',
      line: { from: 'A', seat: 0, text: 'ok', at: 'x' },
    });
    expect(h.received).toHaveLength(1);
    expect(connection.getSnapshot().state).toBe('online');
  });

  it('a handler that throws does not break the connection', () => {
    const { connection, socket, connect, logs } = setup();
    connection.watch('t1', {
      version: () => 0,
      receive: () => {
        throw new Error('bug');
      },
    });
    connect();
    socket().receive({
      type: 'chat',
      table: 't1',
      line: { from: 'A', seat: 0, text: 'ok', at: 'x' },
    });
    expect(logs[0]).toMatch(/bug/);
    expect(connection.getSnapshot().state).toBe('online');
  });
});

describe('while the server cannot reach its database (UNAVAILABLE)', () => {
  const unavailable = (retryMs = 1000) => ({
    code: 'UNAVAILABLE' as const,
    message: 'the server cannot reach its database just now',
    params: { retryMs },
  });

  it('waits at least retryMs, and longer with each refusal in a row', () => {
    // random 0.5: the backoff is 3/4 of 500 ms doubled per step.
    const half = () => 0.5;
    expect([0, 1, 2, 3, 9].map((n) => storeRetryDelay(1000, n, half))).toEqual([
      1000, 1000, 1500, 3000, 7500,
    ]);
    expect(storeRetryDelay(4000, 0, half)).toBe(4000);
  });

  it('keeps a refused move queued and sends it again with the same id, backing off', () => {
    const { connection, socket, connect, clock } = setup();
    connect();
    const h = handler(3);
    connection.watch('t1', h);
    const id = connection.sendMove('t1', move, 3);
    const refuse = () =>
      socket().receive({ type: 'rejected', table: 't1', id, error: unavailable() });
    const sends = () => socket().sentOf('move').length;
    refuse();
    // Not a refusal of the move: the table is not told, the move is still ours to deliver.
    expect(h.received).toEqual([]);
    expect(connection.getSnapshot().queued).toBe(1);
    clock.advance(999);
    expect(sends()).toBe(1);
    clock.advance(1);
    expect(sends()).toBe(2);
    refuse();
    clock.advance(999);
    expect(sends()).toBe(2);
    clock.advance(1);
    expect(sends()).toBe(3);
    // The third refusal in a row: 1.5 s.
    refuse();
    clock.advance(1499);
    expect(sends()).toBe(3);
    clock.advance(1);
    expect(sends()).toBe(4);
    const sent = socket().sentOf('move');
    expect(new Set(sent.map((m) => JSON.stringify(m))).size).toBe(1);
    expect(sent[0]).toEqual({ type: 'move', table: 't1', id, seen: 3, move });
    socket().receive(ack(id, 4));
    expect(connection.getSnapshot().queued).toBe(0);
    expect(h.received).toEqual([ack(id, 4)]);
  });

  it('says hello again on the same socket after a refused hello, then watches', () => {
    const { connection, factory, socket, clock } = setup();
    connection.watch('t1', handler(2));
    socket().open();
    const hellos = () => socket().sentOf('hello').length;
    expect(hellos()).toBe(1);
    socket().receive({ type: 'error', table: null, error: unavailable() });
    expect(connection.getSnapshot().state).toBe('connecting');
    expect(connection.getSnapshot().retryAt).toBe(1000);
    clock.advance(999);
    expect(hellos()).toBe(1);
    clock.advance(1);
    expect(hellos()).toBe(2);
    socket().receive({ type: 'error', table: null, error: unavailable() });
    clock.advance(1000);
    expect(hellos()).toBe(3);
    expect(socket().sentOf('watch')).toEqual([]);
    socket().receive(welcome);
    expect(connection.getSnapshot().state).toBe('online');
    expect(socket().sentOf('watch')).toEqual([{ type: 'watch', table: 't1', seen: 2 }]);
    expect(factory.sockets).toHaveLength(1);
    // Online now: no hello is pending any more.
    clock.advance(60_000);
    expect(hellos()).toBe(3);
  });

  it('does not say hello on a socket that was dropped meanwhile', () => {
    const { factory, socket, clock } = setup();
    socket().open();
    socket().receive({ type: 'error', table: null, error: unavailable() });
    factory.sockets[0].drop();
    clock.advance(60_000);
    expect(factory.sockets[0].sentOf('hello')).toHaveLength(1);
    expect(factory.sockets.length).toBeGreaterThan(1);
  });

  it('watches a table again after an UNAVAILABLE error about it, and shows it', () => {
    const { connection, socket, connect, clock } = setup();
    connect();
    const h = handler(2);
    connection.watch('t1', h);
    const refusal: ServerMessage = { type: 'error', table: 't1', error: unavailable() };
    socket().receive(refusal);
    expect(h.received).toEqual([refusal]);
    clock.advance(999);
    expect(socket().sentOf('watch')).toHaveLength(1);
    clock.advance(1);
    expect(socket().sentOf('watch')).toEqual([
      { type: 'watch', table: 't1', seen: 2 },
      { type: 'watch', table: 't1', seen: 2 },
    ]);
  });
});
