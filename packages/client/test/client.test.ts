/**
 * The client with a fake socket and a hand-driven clock: hello and watch on every connection,
 * the move queue (resend after a silence and after a reconnection, with the same id; done on
 * ack or rejection; RATE_LIMITED and UNAVAILABLE retried after the server's pause), versions
 * (a gap answered by a new watch with the version held), frame deltas (patches applied and
 * checked by their digest), backoff with jitter, the `closing` frame, and bad frames turned
 * into problem events without harm.
 */
import {
  diffFrames,
  frameDigest,
  type GameFrame,
  LIMITS,
  PROTOCOL_VERSION,
  type ServerMessage,
  type UpdateFrame,
} from '@gangsta/protocol';
import { describe, expect, it } from 'vitest';
import {
  BACKOFF_MAX_MS,
  BACKOFF_MIN_MS,
  backoffDelay,
  type ClientOptions,
  type ClientProblem,
  GangstaClient,
  type MoveAnswer,
  type ReceivedFrame,
  storeRetryDelay,
  type TableHandler,
  type TableMessage,
  type TableView,
} from '../src/index.ts';
import { FakeClock, socketFactory } from '../src/testing.ts';

const move = { type: 'pass', seat: 0 } as const;

const welcome: ServerMessage = {
  type: 'welcome',
  protocol: PROTOCOL_VERSION,
  player: { id: 'p1', name: 'Ann' },
};

function setup(options: { token?: string | null } & Partial<Omit<ClientOptions, 'token'>> = {}) {
  const clock = new FakeClock();
  const factory = socketFactory();
  const logs: string[] = [];
  const problems: ClientProblem[] = [];
  const answers: MoveAnswer[] = [];
  const frames: ReceivedFrame[] = [];
  let ids = 0;
  const { token, ...rest } = options;
  const client = new GangstaClient({
    url: 'ws://test/api/v1/ws',
    token: () => (token === undefined ? 'secret' : token),
    socket: factory.make,
    timers: clock,
    random: () => 0.5,
    newId: () => `m${++ids}`,
    log: (problem) => logs.push(problem),
    ...rest,
  });
  client.on('problem', (problem) => problems.push(problem));
  client.on('answer', (answer) => answers.push(answer));
  client.on('frame', (frame) => frames.push(frame));
  client.connect();
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
  return { clock, factory, client, socket, connect, logs, problems, answers, frames };
}

function handler() {
  const received: TableMessage[] = [];
  const views: TableView[] = [];
  const h: TableHandler & { received: TableMessage[]; views: TableView[] } = {
    received,
    views,
    receive: (message, view) => {
      received.push(message);
      views.push(view);
    },
  };
  return h;
}

const ack = (id: string, version: number): ServerMessage => ({
  type: 'ack',
  table: 't1',
  id,
  version,
});

/** A small frame: the schema checks frames loosely, and patches and digests work on any. */
function frame(step: number, cards: unknown = ['c1', 'c2']): GameFrame {
  return {
    seat: 0,
    moveCount: step,
    view: { cards, cash: [step * 10, 5], hand: ['a', 'b', `x${step}`] },
    legal: [],
    canUndo: false,
    deciding: [0],
    over: false,
  } as unknown as GameFrame;
}

const strip = (f: GameFrame): UpdateFrame => {
  const { cards: _cards, ...view } = f.view as GameFrame['view'];
  return { ...f, view } as UpdateFrame;
};

const sync = (version: number, table = 't1'): ServerMessage => ({
  type: 'sync',
  table,
  version,
  frame: frame(version),
  log: [],
  chat: [],
});

/** A live update from `from` to `version`: the patch between the two frames, with a digest. */
/** A catching-up update: the moves after `from` (none here) and the whole frame, no patch. */
const wholeUpdate = (from: number, version: number): ServerMessage => ({
  type: 'update',
  table: 't1',
  from,
  version,
  moves: [],
  frame: strip(frame(version)),
});

const patched = (from: number, version: number, digest = true): ServerMessage => {
  const after = strip(frame(version));
  return {
    type: 'update',
    table: 't1',
    from,
    version,
    moves: [],
    patch: diffFrames(strip(frame(from)), after),
    ...(digest ? { digest: frameDigest(after) } : {}),
  };
};

describe('connecting', () => {
  it('says hello with the token and is online after the welcome', () => {
    const { client, socket, connect } = setup();
    expect(client.getSnapshot().state).toBe('connecting');
    connect();
    expect(socket().sent[0]).toEqual({
      type: 'hello',
      protocol: PROTOCOL_VERSION,
      token: 'secret',
    });
    expect(client.getSnapshot().state).toBe('online');
    expect(client.online).toBe(true);
  });

  it('tells who the server says we are after each hello', () => {
    const told: unknown[] = [];
    const { factory } = setup({ welcomed: (player) => told.push(player) });
    factory.socket(0).open();
    factory.socket(0).receive({ type: 'welcome', protocol: PROTOCOL_VERSION, player: null });
    expect(told).toEqual([null]);
  });

  it('says hello without a token when the player has none (a cookie may say who)', () => {
    const { socket } = setup({ token: null });
    socket().open();
    expect(socket().sent[0]).toEqual({ type: 'hello', protocol: PROTOCOL_VERSION });
  });

  it('takes its address from a function on each connection', () => {
    let url = 'ws://one/api/v1/ws';
    const { factory, clock } = setup({ url: () => url });
    url = 'ws://two/api/v1/ws';
    factory.socket(0).drop();
    clock.advance(BACKOFF_MAX_MS);
    expect(factory.sockets.map((s) => s.url)).toEqual(['ws://one/api/v1/ws', url]);
  });

  it('watches its tables once online, then with the version each holds', () => {
    const { client, socket, connect, clock } = setup();
    client.watch('t1', handler());
    client.watch('t2', handler());
    expect(socket().sent).toEqual([]); // nothing before the socket opens
    connect();
    expect(socket().sentOf('watch')).toEqual([
      { type: 'watch', table: 't1' },
      { type: 'watch', table: 't2' },
    ]);
    socket().receive(sync(4));
    socket().drop();
    clock.advance(BACKOFF_MAX_MS);
    connect();
    expect(socket().sentOf('watch')).toEqual([
      { type: 'watch', table: 't1', seen: 4 },
      { type: 'watch', table: 't2' },
    ]);
  });

  it('asks for whole frames with patches: false, again after every reconnection', () => {
    const { client, socket, connect, clock } = setup();
    client.watch('t1', handler(), { patches: false });
    client.watch('t2', handler());
    connect();
    expect(socket().sentOf('watch')).toEqual([
      { type: 'watch', table: 't1', patches: false },
      { type: 'watch', table: 't2' },
    ]);
    socket().receive(sync(4));
    socket().drop();
    clock.advance(BACKOFF_MAX_MS);
    connect();
    expect(socket().sentOf('watch')).toEqual([
      { type: 'watch', table: 't1', seen: 4, patches: false },
      { type: 'watch', table: 't2' },
    ]);
  });

  it('routes a table’s frames to its handlers only, and keeps each table’s position', () => {
    const { client, socket, connect } = setup();
    const one = handler();
    const two = handler();
    client.watch('t1', one);
    client.watch('t2', two);
    connect();
    socket().receive(sync(3, 't1'));
    socket().receive(sync(8, 't2'));
    socket().receive({
      type: 'chat',
      table: 't2',
      line: { from: 'Bo', seat: 1, text: 'hi', at: 'now' },
    });
    expect(one.received.map((m) => m.type)).toEqual(['sync']);
    expect(two.received.map((m) => m.type)).toEqual(['sync', 'chat']);
    expect(client.table('t1').version).toBe(3);
    expect(client.table('t2')).toEqual({ version: 8, frame: frame(8), gap: false });
    expect(client.table('t3')).toEqual({ version: 0, frame: null, gap: false });
  });

  it('unwatches a table when its last handler leaves', () => {
    const { client, socket, connect } = setup();
    connect();
    const stop = client.watch('t1', handler());
    const stopToo = client.watch('t1');
    stop();
    expect(socket().sentOf('unwatch')).toEqual([]);
    stopToo();
    expect(socket().sentOf('unwatch')).toEqual([{ type: 'unwatch', table: 't1' }]);
  });
});

describe('the move queue', () => {
  it('sends a move with its id and the version seen, and forgets it on ack', () => {
    const { client, socket, connect, clock, answers } = setup();
    connect();
    const h = handler();
    client.watch('t1', h);
    const id = client.sendMove('t1', move, 3);
    expect(socket().sentOf('move')).toEqual([{ type: 'move', table: 't1', id, seen: 3, move }]);
    expect(client.getSnapshot().queued).toBe(1);
    socket().receive(ack(id, 4));
    expect(client.getSnapshot().queued).toBe(0);
    expect(h.received).toEqual([ack(id, 4)]);
    expect(answers).toEqual([ack(id, 4)]);
    clock.advance(LIMITS.resendAfterMs * 3);
    expect(socket().sentOf('move')).toHaveLength(1); // never resent once answered
  });

  it('resends an unanswered move after the timeout, with the same id', () => {
    const { client, socket, connect, clock } = setup();
    connect();
    const id = client.sendMove('t1', move, 3);
    clock.advance(LIMITS.resendAfterMs - 1);
    expect(socket().sentOf('move')).toHaveLength(1);
    clock.advance(1);
    const sent = socket().sentOf('move');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[1]?.id).toBe(id);
  });

  it('a move refused for speed (RATE_LIMITED) stays queued and goes again after retryMs', () => {
    const { client, socket, connect, clock, answers } = setup();
    connect();
    const h = handler();
    client.watch('t1', h);
    const retries: number[] = [];
    client.on('retry', (_message, _answer, delay) => retries.push(delay));
    const id = client.sendMove('t1', move, 3);
    socket().receive({
      type: 'rejected',
      table: 't1',
      id,
      error: { code: 'RATE_LIMITED', message: 'slow down', params: { retryMs: 300 } },
    });
    expect(h.received).toEqual([]); // not a refusal the table needs to show
    expect(answers).toEqual([]);
    expect(retries).toEqual([300]);
    expect(client.getSnapshot().queued).toBe(1);
    clock.advance(299);
    expect(socket().sentOf('move')).toHaveLength(1);
    clock.advance(1);
    const sent = socket().sentOf('move');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    socket().receive(ack(id, 4));
    expect(client.getSnapshot().queued).toBe(0);
    expect(answers).toEqual([ack(id, 4)]);
  });

  it('after a second silence drops the dead socket and resends on the new one', () => {
    const { client, factory, socket, connect, clock } = setup();
    connect();
    const id = client.sendMove('t1', move, 3);
    clock.advance(LIMITS.resendAfterMs * 2);
    expect(factory.sockets).toHaveLength(1);
    expect(factory.socket(0).terminated).toBe(true);
    expect(client.getSnapshot().state).toBe('reconnecting');
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
    const { client, factory, socket, connect, clock } = setup();
    connect();
    client.watch('t1', handler());
    socket().receive(sync(3));
    const id = client.sendMove('t1', move, 3);
    factory.socket(0).drop();
    expect(client.getSnapshot().state).toBe('reconnecting');
    clock.advance(BACKOFF_MIN_MS);
    expect(factory.sockets).toHaveLength(2);
    connect();
    const second = socket();
    // watch first (to learn what was missed), then the move again
    expect(second.sent.map((m) => m.type)).toEqual(['hello', 'watch', 'move']);
    expect(second.sentOf('watch')[0]).toEqual({ type: 'watch', table: 't1', seen: 3 });
    expect(second.sentOf('move')[0]).toEqual({ type: 'move', table: 't1', id, seen: 3, move });
    second.receive({
      type: 'rejected',
      table: 't1',
      id,
      error: { code: 'ILLEGAL_MOVE', message: 'no', params: {} },
    });
    expect(client.getSnapshot().queued).toBe(0);
  });

  it('a move made while disconnected waits for the connection', () => {
    const { client, socket, connect, clock } = setup();
    const id = client.sendMove('t1', move, 0);
    expect(socket().sent).toEqual([]);
    clock.advance(LIMITS.resendAfterMs); // still no socket open: nothing to send to
    connect();
    expect(
      socket()
        .sentOf('move')
        .map((m) => m.id),
    ).toEqual([id]);
  });

  it('undo goes through the same queue; an id may be given; a cancelled move is not resent', () => {
    const { client, socket, connect, clock } = setup();
    connect();
    const id = client.sendUndo('t1', 5);
    clock.advance(LIMITS.resendAfterMs);
    expect(socket().sentOf('undo')).toEqual([
      { type: 'undo', table: 't1', id, seen: 5 },
      { type: 'undo', table: 't1', id, seen: 5 },
    ]);
    expect(client.sendMove('t1', move, 5, 'mine')).toBe('mine');
    expect(client.cancel('mine')).toBe(true);
    expect(client.cancel('mine')).toBe(false);
    clock.advance(LIMITS.resendAfterMs);
    expect(socket().sentOf('move')).toHaveLength(1);
  });
});

describe('versions and frame deltas', () => {
  it('applies a live update’s patch to the frame held, checked by its digest', () => {
    const { client, socket, connect } = setup();
    const h = handler();
    client.watch('t1', h);
    connect();
    socket().receive(sync(4));
    socket().receive(patched(4, 5));
    socket().receive(patched(5, 6, false));
    expect(client.table('t1')).toEqual({ version: 6, frame: frame(6), gap: false });
    expect(client.patched).toBe(2);
    // Handlers get the whole frame (the cards with the view), and the update its frame.
    expect(h.views.at(-1)?.frame).toEqual(frame(6));
    const last = h.received.at(-1);
    expect(last?.type === 'update' && last.frame).toEqual(strip(frame(6)));
  });

  it('an update that catches up carries the whole frame, and keeps the cards of the sync', () => {
    const { client, socket, connect } = setup();
    client.watch('t1', handler());
    connect();
    socket().receive(sync(4));
    socket().receive(wholeUpdate(4, 9));
    expect(client.table('t1')).toEqual({ version: 9, frame: frame(9), gap: false });
  });

  it('a gap is not applied: the table is watched again with the version it holds', () => {
    const { client, socket, connect, problems } = setup();
    const h = handler();
    client.watch('t1', h);
    connect();
    socket().receive(sync(4));
    socket().receive(patched(6, 7));
    expect(h.received.map((m) => m.type)).toEqual(['sync']);
    expect(client.table('t1')).toMatchObject({ version: 4, gap: true });
    expect(problems.map((p) => [p.kind, p.table])).toEqual([['gap', 't1']]);
    expect(socket().sentOf('watch')).toEqual([
      { type: 'watch', table: 't1' },
      { type: 'watch', table: 't1', seen: 4 },
    ]);
    // The server's answer closes the gap.
    socket().receive(wholeUpdate(4, 7));
    expect(client.table('t1')).toEqual({ version: 7, frame: frame(7), gap: false });
  });

  it('an update it already has is dropped without a new watch', () => {
    const { client, socket, connect, problems } = setup();
    const h = handler();
    client.watch('t1', h);
    connect();
    socket().receive(sync(7));
    socket().receive(patched(5, 6));
    expect(h.received).toHaveLength(1);
    expect(socket().sentOf('watch')).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('a patch that does not give back the server’s frame asks for a fresh sync', () => {
    const { client, socket, connect, problems, frames } = setup();
    const h = handler();
    client.watch('t1', h);
    connect();
    socket().receive(sync(1));
    const wrong = { ...patched(1, 2), patch: [] } as ServerMessage;
    socket().receive(wrong);
    expect(client.table('t1')).toMatchObject({ version: 1, gap: true });
    expect(problems.map((p) => p.kind)).toEqual(['patch']);
    expect(frames.at(-1)?.problem?.kind).toBe('patch');
    expect(socket().sentOf('watch').at(-1)).toEqual({ type: 'watch', table: 't1' });
    const bad = { ...patched(1, 2), patch: [{ op: 'replace', path: '/nowhere/x', value: 1 }] };
    socket().receive(bad as ServerMessage);
    expect(problems.map((p) => p.kind)).toEqual(['patch', 'patch']);
    socket().receive(sync(2));
    expect(client.table('t1')).toEqual({ version: 2, frame: frame(2), gap: false });
  });

  it('a table not watched through the client is kept, but not watched again', () => {
    const { client, socket, connect, problems } = setup();
    connect();
    client.send({ type: 'watch', table: 't1' });
    socket().receive(sync(2));
    socket().receive(patched(2, 3));
    expect(client.table('t1').version).toBe(3);
    socket().receive(patched(5, 6));
    expect(client.table('t1')).toMatchObject({ version: 3, gap: true });
    expect(problems.map((p) => p.kind)).toEqual(['gap']);
    expect(socket().sentOf('watch')).toHaveLength(1);
  });

  it('rewatch asks for what came after the version held, or a fresh sync', () => {
    const { client, socket, connect } = setup();
    client.watch('t1', handler());
    connect();
    socket().receive(sync(5));
    client.rewatch('t1');
    client.rewatch('t1', { fresh: true });
    client.rewatch('t1', { seen: 2 });
    expect(socket().sentOf('watch').slice(1)).toEqual([
      { type: 'watch', table: 't1', seen: 5 },
      { type: 'watch', table: 't1' },
      { type: 'watch', table: 't1', seen: 2 },
    ]);
  });
});

describe('reconnecting', () => {
  it('waits 0.5 s doubling to 10 s, with jitter, and starts over once welcomed', () => {
    const { factory, clock, client, connect } = setup({ random: () => 0 });
    connect();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      factory.sockets.at(-1)?.drop();
      const delay = clock.lastDelay();
      if (delay === null) throw new Error('no retry scheduled');
      delays.push(delay);
      expect(client.getSnapshot().retryAt).toBe(clock.now() + delay);
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
    const { factory, clock, client, connect } = setup({ random: () => 0 });
    factory.socket(0).open();
    factory.socket(0).receive({
      type: 'error',
      table: null,
      error: { code: 'RATE_LIMITED', message: 'come back later', params: { retryMs: 7300 } },
    });
    factory.socket(0).drop();
    // The backoff alone would be 250 ms; the server's time wins.
    expect(clock.lastDelay()).toBe(7300);
    clock.advance(7299);
    expect(factory.sockets).toHaveLength(1);
    clock.advance(1);
    expect(factory.sockets).toHaveLength(2);
    // The pace applies once: after a later drop the backoff is its own again.
    connect();
    factory.socket(1).drop();
    expect(clock.lastDelay()).toBe(250);
    expect(client.getSnapshot().state).toBe('reconnecting');
  });

  it('after a closing frame comes back after about the announced pause, backoff reset', () => {
    const { factory, clock, client, connect } = setup({ random: () => 0.5 });
    connect();
    for (let i = 0; i < 3; i++) {
      factory.sockets.at(-1)?.drop();
      clock.advance(BACKOFF_MAX_MS);
    }
    connect();
    const h = handler();
    client.watch('t1', h);
    factory.sockets.at(-1)?.receive({ type: 'closing', reason: 'restart', retryMs: 2000 });
    expect(h.received).toEqual([]); // not a table's business
    factory.sockets.at(-1)?.drop();
    // 2000 × (0.5 + random): the clients of a process spread over 1–3 s.
    expect(clock.lastDelay()).toBe(2000);
    clock.advance(2000);
    expect(factory.sockets).toHaveLength(5);
    connect();
    factory.sockets.at(-1)?.drop();
    expect(clock.lastDelay()).toBe(backoffDelay(0, () => 0.5));
  });

  it('a socket that fails to open is retried too', () => {
    const { factory, clock, client } = setup();
    factory.socket(0).drop();
    expect(client.getSnapshot().state).toBe('reconnecting');
    clock.advance(BACKOFF_MIN_MS);
    expect(factory.sockets).toHaveLength(2);
  });

  it('a socket factory that throws is a problem event, and retried with the backoff', () => {
    let tries = 0;
    const { clock, client, problems } = setup({
      random: () => 0,
      socket: () => {
        tries++;
        throw new Error('refused');
      },
    });
    expect(problems.map((p) => p.kind)).toEqual(['socket']);
    expect(client.getSnapshot().state).toBe('reconnecting');
    clock.advance(250 + 500);
    expect(tries).toBe(3);
  });

  it('drops the socket when the network is lost, and retries at once when it is back', () => {
    const { factory, client, connect } = setup();
    connect();
    client.networkLost();
    expect(client.getSnapshot().state).toBe('reconnecting');
    expect(factory.socket(0).closed).toBe(true);
    client.retryNow();
    expect(factory.sockets).toHaveLength(2);
    connect();
    expect(client.getSnapshot().state).toBe('online');
  });

  it('restart() opens a new socket at once (a new token)', () => {
    const { factory, client, connect } = setup();
    connect();
    client.restart();
    expect(factory.sockets).toHaveLength(2);
    expect(factory.socket(0).closed).toBe(true);
    connect();
    expect(client.getSnapshot().state).toBe('online');
  });

  it('close() stops for good; a later connect() starts afresh', async () => {
    const { factory, clock, client, connect, socket } = setup();
    connect();
    client.watch('t1', handler());
    socket().receive(sync(3));
    client.sendMove('t1', move, 3);
    const closed = client.close();
    expect(client.getSnapshot()).toEqual({ state: 'offline', retryAt: null, queued: 0 });
    clock.advance(BACKOFF_MAX_MS * 10);
    await closed;
    expect(factory.sockets).toHaveLength(1);
    client.connect();
    connect();
    expect(socket().sent.map((m) => m.type)).toEqual(['hello']);
    expect(client.table('t1').version).toBe(0);
  });

  it('without reconnect, a drop leaves it offline until connect(), and the queue goes on', () => {
    const { factory, clock, client, connect } = setup({ reconnect: false });
    const drops: unknown[] = [];
    client.on('drop', (info) => drops.push(info));
    connect();
    const id = client.sendMove('t1', move, 0);
    clock.advance(LIMITS.resendAfterMs * 3); // silences do not drop the socket here
    expect(factory.sockets).toHaveLength(1);
    factory.socket(0).drop();
    expect(drops).toEqual([{ connection: 0, retryAt: null }]);
    expect(client.getSnapshot().state).toBe('offline');
    clock.advance(BACKOFF_MAX_MS * 10);
    expect(factory.sockets).toHaveLength(1);
    client.connect();
    connect();
    expect(
      factory
        .socket(1)
        .sentOf('move')
        .map((m) => m.id),
    ).toEqual([id]);
  });
});

describe('bad input', () => {
  it('becomes a typed problem event; the client goes on', () => {
    const { client, socket, connect, logs, problems, frames } = setup();
    const h = handler();
    client.watch('t1', h);
    connect();
    socket().receive('not json');
    socket().receive(JSON.stringify({ type: 'update', table: 't1' }));
    socket().receive(JSON.stringify({ type: 'mystery' }));
    socket().receive(new Uint8Array([1, 2]));
    expect(problems.map((p) => p.kind)).toEqual(['malformed', 'invalid', 'unknown-type', 'binary']);
    expect(logs).toHaveLength(4);
    expect(frames.slice(1).map((f) => f.message)).toEqual([null, null, null, null]);
    expect(frames[1]?.raw).toBe('not json');
    expect(h.received).toEqual([]);
    socket().receive({
      type: 'chat',
      table: 't1',
      line: { from: 'A', seat: 0, text: 'ok', at: 'x' },
    });
    expect(h.received).toHaveLength(1);
    expect(client.getSnapshot().state).toBe('online');
  });

  it('a handler or listener that throws does not break the client', () => {
    const { client, socket, connect, logs, problems } = setup();
    const other = handler();
    client.watch('t1', {
      receive: () => {
        throw new Error('bug');
      },
    });
    client.watch('t1', other);
    client.on('frame', () => {
      throw new Error('listener bug');
    });
    connect();
    socket().receive({
      type: 'chat',
      table: 't1',
      line: { from: 'A', seat: 0, text: 'ok', at: 'x' },
    });
    expect(logs.some((line) => /bug/.test(line))).toBe(true);
    expect(problems.every((p) => p.kind === 'handler')).toBe(true);
    expect(other.received).toHaveLength(1);
    expect(client.getSnapshot().state).toBe('online');
  });

  it('stops when the server speaks another protocol version', () => {
    const { client, socket, problems } = setup();
    socket().open();
    socket().receive({ type: 'welcome', protocol: PROTOCOL_VERSION + 1, player: null });
    expect(problems.map((p) => p.kind)).toEqual(['protocol-version']);
    expect(client.getSnapshot().state).toBe('offline');
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
    const { client, socket, connect, clock } = setup();
    connect();
    const h = handler();
    client.watch('t1', h);
    const id = client.sendMove('t1', move, 3);
    const refuse = () =>
      socket().receive({ type: 'rejected', table: 't1', id, error: unavailable() });
    refuse();
    expect(h.received).toEqual([]);
    expect(client.getSnapshot().queued).toBe(1);
    clock.advance(999);
    expect(socket().sentOf('move')).toHaveLength(1);
    clock.advance(1);
    expect(socket().sentOf('move')).toHaveLength(2);
    refuse();
    clock.advance(1000);
    expect(socket().sentOf('move')).toHaveLength(3);
    refuse();
    clock.advance(1499);
    expect(socket().sentOf('move')).toHaveLength(3);
    clock.advance(1);
    const sent = socket().sentOf('move');
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((m) => m.id))).toEqual(new Set([id]));
    socket().receive(ack(id, 4));
    expect(client.getSnapshot().queued).toBe(0);
    expect(h.received).toEqual([ack(id, 4)]);
  });

  it('says hello again on the same socket after a refused hello, then watches', () => {
    const { client, factory, socket, clock } = setup();
    client.watch('t1', handler());
    socket().open();
    const hellos = () => socket().sentOf('hello').length;
    expect(hellos()).toBe(1);
    socket().receive({ type: 'error', table: null, error: unavailable() });
    expect(client.getSnapshot().state).toBe('connecting');
    expect(client.getSnapshot().retryAt).toBe(1000);
    clock.advance(999);
    expect(hellos()).toBe(1);
    clock.advance(1);
    expect(hellos()).toBe(2);
    socket().receive({ type: 'error', table: null, error: unavailable() });
    clock.advance(1000);
    expect(hellos()).toBe(3);
    expect(socket().sentOf('watch')).toEqual([]);
    socket().receive(welcome);
    expect(client.getSnapshot().state).toBe('online');
    expect(socket().sentOf('watch')).toEqual([{ type: 'watch', table: 't1' }]);
    expect(factory.sockets).toHaveLength(1);
    // Online now: no hello is pending any more.
    clock.advance(60_000);
    expect(hellos()).toBe(3);
  });

  it('does not say hello on a socket that was dropped meanwhile', () => {
    const { factory, socket, clock } = setup();
    socket().open();
    socket().receive({ type: 'error', table: null, error: unavailable() });
    factory.socket(0).drop();
    clock.advance(60_000);
    expect(factory.socket(0).sentOf('hello')).toHaveLength(1);
    expect(factory.sockets.length).toBeGreaterThan(1);
  });

  it('watches a table again after an UNAVAILABLE error about it, and shows it', () => {
    const { client, socket, connect, clock } = setup();
    connect();
    const h = handler();
    client.watch('t1', h);
    socket().receive(sync(2));
    const refusal: ServerMessage = { type: 'error', table: 't1', error: unavailable() };
    socket().receive(refusal);
    expect(h.received.at(-1)).toEqual(refusal);
    clock.advance(999);
    expect(socket().sentOf('watch')).toHaveLength(1);
    clock.advance(1);
    expect(socket().sentOf('watch')).toEqual([
      { type: 'watch', table: 't1' },
      { type: 'watch', table: 't1', seen: 2 },
    ]);
  });
});
