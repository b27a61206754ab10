/**
 * The online table source, fed by a fake socket with real engine positions: a sync draws the
 * table, updates append to the log with stable ids, our own move is pending until its ack and
 * the frame after it, others' moves are announced, refusals reach the error line (STALE waits
 * quietly for the sync), spectators get a read-only table, the record is fetched at the end.
 */
import { type GameRecord, type GameState, visibleEvents } from '@gangsta/engine';
import {
  type ChatLine,
  diffFrames,
  frameDigest,
  type GameFrame,
  type MoveNews,
  type ServerMessage,
  type TableInfo,
  type UpdateFrame,
} from '@gangsta/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { BotClient } from '../src/bots/botClient.ts';
import { Connection } from '../src/features/online/state/connection.ts';
import { OnlineError } from '../src/features/online/state/errors.ts';
import { OnlineTable, type OnlineTableDeps } from '../src/features/online/state/onlineTable.ts';
import { first, itemOf } from './helpers.ts';
import { FakeClock, frameOf, newGame, socketFactory, step, welcome } from './onlineFakes.ts';

const info: TableInfo = {
  id: 't1',
  name: 'Friday',
  public: false,
  status: 'playing',
  options: {
    players: 2,
    families: false,
    resources: false,
    expertResources: false,
    minimumPassIncome: false,
    catchUpCash: false,
    privateHeistInfluence: false,
    ruleset: 'online',
  },
  seats: [
    {
      seat: 0,
      kind: 'player',
      name: 'Ann',
      playerId: 'p1',
      botLevel: null,
      connected: true,
      host: true,
      away: null,
    },
    {
      seat: 1,
      kind: 'bot',
      name: 'hard',
      playerId: null,
      botLevel: 'hard',
      connected: true,
      host: false,
      away: null,
    },
  ],
  hostId: 'p1',
  spectators: 0,
  createdAt: '2026-11-23T07:00:00Z',
  moveCount: 0,
  clock: { setting: { kind: 'none' }, remainingMs: [], running: [] },
};

const hintBots: BotClient = {
  ask: async (_kind, _seed, _view, legal) => ({
    move: itemOf(legal, legal.length - 1),
    reason: { id: 'onlyMove', params: {} },
  }),
  dispose() {},
};

function setup(options: { record?: () => Promise<GameRecord> } = {}) {
  const clock = new FakeClock();
  const factory = socketFactory();
  let ids = 0;
  const connection = new Connection({
    url: 'ws://test',
    token: () => 'secret',
    socket: factory.make,
    timers: clock,
    newId: () => `m${++ids}`,
    log: () => {},
  });
  const records: string[] = [];
  const deps: OnlineTableDeps = {
    connection,
    bots: () => hintBots,
    fetchRecord: async (table) => {
      records.push(table);
      if (options.record) return options.record();
      throw new OnlineError('NOT_FOUND', 'no record');
    },
    describe: (error) => `translated ${error.code}`,
  };
  const table = new OnlineTable('t1', deps, info);
  const socket = first(factory.sockets);
  socket.open();
  socket.receive(welcome);
  return { table, socket, clock, records };
}

function syncOf(
  state: GameState,
  seat: 0 | 1 | null,
  version: number,
  chat: ChatLine[] = [],
): ServerMessage {
  return {
    type: 'sync',
    table: 't1',
    version,
    frame: frameOf(state, seat),
    log: [{ moveIndex: -1, event: { type: 'gameStarted' } as never }],
    chat,
  };
}

function news(
  index: number,
  seat: number,
  events: MoveNews['events'],
  byBot = false,
  move: MoveNews['move'] = null,
): MoveNews {
  return { index, seat, byBot, move, events };
}

describe('OnlineTable', () => {
  it('draws the position of the sync, for our seat, with the players of the table', () => {
    const { table, socket } = setup();
    expect(table.hasGame()).toBe(false);
    const state = newGame();
    socket.receive(syncOf(state, 0, 0));
    const snapshot = table.getSnapshot();
    expect(table.hasGame()).toBe(true);
    expect(snapshot.viewer).toBe(0);
    expect(snapshot.view).toEqual(frameOf(state, 0).view);
    expect(snapshot.legal).toEqual(frameOf(state, 0).legal);
    expect(snapshot.seats).toEqual(['human', 'hard']);
    expect(snapshot.players.map((p) => [p.name, p.kind, p.connected])).toEqual([
      ['Ann', 'human', true],
      [null, 'hard', true],
    ]);
    expect(snapshot.connection).toBe('online');
    expect(snapshot.passTo).toBeNull();
    expect(snapshot.log.map((e) => e.id)).toEqual([0]);
  });

  it('our move is pending (no second one) until its ack and the frame after it', () => {
    const { table, socket } = setup();
    const state = newGame();
    socket.receive(syncOf(state, 0, 0));
    const legal = table.getSnapshot().legal;
    const mine = first(legal);
    expect(table.play(mine)).toBe(true);
    expect(socket.sentOf('move')).toEqual([
      { type: 'move', table: 't1', id: 'm1', seen: 0, move: mine },
    ]);
    expect(table.getSnapshot().pending).toBe(true);
    expect(table.getSnapshot().legal).toEqual([]);
    expect(table.play(legal[1] ?? mine)).toBe(false); // no second move meanwhile
    socket.receive({ type: 'ack', table: 't1', id: 'm1', version: 1 });
    expect(table.getSnapshot().pending).toBe(true); // the new position has not come yet
    const next = step(state);
    socket.receive({
      type: 'update',
      table: 't1',
      from: 0,
      version: 1,
      moves: [news(0, 0, visibleEvents(next.events, 0))],
      frame: frameOf(next.state, 0),
    });
    const snapshot = table.getSnapshot();
    expect(snapshot.pending).toBe(false);
    expect(snapshot.moveCount).toBe(1);
    expect(snapshot.lastMove).toEqual({ index: 0, move: mine, byBot: false });
  });

  it('the committed news of our move ends the wait even before its ack', () => {
    const { table, socket } = setup();
    const state = newGame();
    socket.receive(syncOf(state, 0, 0));
    table.play(first(table.getSnapshot().legal));
    const next = step(state);
    socket.receive({
      type: 'update',
      table: 't1',
      from: 0,
      version: 1,
      moves: [news(0, 0, visibleEvents(next.events, 0))],
      frame: frameOf(next.state, 0),
    });
    expect(table.getSnapshot().pending).toBe(false);
    socket.receive({ type: 'ack', table: 't1', id: 'm1', version: 1 }); // late: changes nothing
    expect(table.getSnapshot().pending).toBe(false);
    expect(table.getSnapshot().moveCount).toBe(1);
  });

  it('applies a live update’s patch to the frame it holds, and asks for a sync when the digest differs', () => {
    const { table, socket } = setup();
    const state = newGame();
    socket.receive(syncOf(state, 0, 0));
    const strip = (frame: GameFrame): UpdateFrame => {
      const { cards: _cards, ...view } = frame.view;
      return { ...frame, view };
    };
    const next = step(state);
    const after = strip(frameOf(next.state, 0));
    socket.receive({
      type: 'update',
      table: 't1',
      from: 0,
      version: 1,
      moves: [news(0, next.move.seat, visibleEvents(next.events, 0))],
      patch: diffFrames(strip(frameOf(state, 0)), after),
      digest: frameDigest(after),
    });
    expect(table.getSnapshot().moveCount).toBe(1);
    expect(table.getSnapshot().view).toEqual(frameOf(next.state, 0).view);
    // A patch that gives a frame other than the server's (its digest says so): not drawn.
    const third = step(next.state);
    socket.receive({
      type: 'update',
      table: 't1',
      from: 1,
      version: 2,
      moves: [news(1, third.move.seat, visibleEvents(third.events, 0))],
      patch: [],
      digest: frameDigest(strip(frameOf(third.state, 0))),
    });
    expect(table.getSnapshot().moveCount).toBe(1);
    expect(socket.sentOf('watch').at(-1)).toEqual({ type: 'watch', table: 't1' });
  });

  it('appends the log on updates, keeping the ids, and rebuilds it on a sync', () => {
    const { table, socket } = setup();
    let state = newGame();
    socket.receive(syncOf(state, 1, 0));
    const before = table.getSnapshot().log;
    const moves: MoveNews[] = [];
    for (let i = 0; i < 3; i++) {
      const next = step(state);
      moves.push(news(i, next.move.seat, visibleEvents(next.events, 1), true));
      state = next.state;
    }
    socket.receive({
      type: 'update',
      table: 't1',
      from: 0,
      version: 3,
      moves,
      frame: frameOf(state, 1),
    });
    const after = table.getSnapshot().log;
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.map((e) => e.id)).toEqual(after.map((_, i) => i));
    expect(after.length).toBe(1 + moves.reduce((n, m) => n + m.events.length, 0));
    expect(after.at(-1)?.moveIndex).toBe(2);
    socket.receive(syncOf(state, 1, 3));
    expect(table.getSnapshot().log).toHaveLength(1);
  });

  it('a gap is not drawn: the table asks again with the version it has', () => {
    const { table, socket } = setup();
    const state = newGame();
    socket.receive(syncOf(state, 0, 0));
    const next = step(step(state).state);
    socket.receive({
      type: 'update',
      table: 't1',
      from: 1,
      version: 2,
      moves: [],
      frame: frameOf(next.state, 0),
    });
    expect(table.getSnapshot().moveCount).toBe(0);
    expect(socket.sentOf('watch').at(-1)).toEqual({ type: 'watch', table: 't1', seen: 0 });
  });

  it('an engine refusal reaches the error line in words; STALE waits for the sync', () => {
    const { table, socket } = setup();
    socket.receive(syncOf(newGame(), 0, 0));
    table.play(first(table.getSnapshot().legal));
    socket.receive({
      type: 'rejected',
      table: 't1',
      id: 'm1',
      error: { code: 'ILLEGAL_MOVE', message: 'not now', params: {} },
    });
    expect(table.getSnapshot().error).toEqual({
      code: 'ILLEGAL_MOVE',
      message: 'translated ILLEGAL_MOVE',
      params: {},
    });
    expect(table.getSnapshot().pending).toBe(false);
    table.clearError();
    table.play(first(table.getSnapshot().legal));
    socket.receive({
      type: 'rejected',
      table: 't1',
      id: 'm2',
      error: { code: 'STALE', message: 'old', params: {} },
    });
    expect(table.getSnapshot().error).toBeNull();
    expect(table.getSnapshot().pending).toBe(false);
  });

  it('shows another seat’s move as announced (byBot) when the news names it', () => {
    const { table, socket } = setup();
    let state = newGame();
    // play on until seat 1 decides; seat 0 watches its move
    while (frameOf(state, 1).legal.length === 0) state = step(state).state;
    socket.receive(syncOf(state, 0, state.moveCount));
    const next = step(state);
    const other: MoveNews & { move: unknown } = {
      ...news(state.moveCount, next.move.seat, visibleEvents(next.events, 0)),
      move: next.move,
    };
    socket.receive({
      type: 'update',
      table: 't1',
      from: state.moveCount,
      version: state.moveCount + 1,
      moves: [other],
      frame: frameOf(next.state, 0),
    });
    const last = table.getSnapshot().lastMove;
    expect(last?.move).toEqual(next.move);
    expect(next.move.seat).toBe(1);
    expect(last).toEqual({ index: state.moveCount, move: next.move, byBot: true });
  });

  it('a spectator gets a read-only table', () => {
    const { table, socket } = setup();
    const state = newGame();
    socket.receive(syncOf(state, null, 0));
    const snapshot = table.getSnapshot();
    expect(snapshot.viewer).toBeNull();
    expect(snapshot.legal).toEqual([]);
    expect(table.play(first(frameOf(state, 0).legal))).toBe(false);
    expect(socket.sentOf('move')).toEqual([]);
  });

  it('undo is sent through the queue where the server allows it', () => {
    const { table, socket } = setup();
    const frame = { ...frameOf(newGame(), 0), canUndo: true };
    socket.receive({ type: 'sync', table: 't1', version: 4, frame, log: [], chat: [] });
    expect(table.getSnapshot().canUndo).toBe(true);
    expect(table.undo()).toBe(true);
    expect(socket.sentOf('undo')).toEqual([{ type: 'undo', table: 't1', id: 'm1', seen: 4 }]);
    expect(table.getSnapshot().canUndo).toBe(false);
  });

  it('keeps the chat, and shows a rate limit on the chat, not on the table', () => {
    const { table, socket } = setup();
    const line: ChatLine = { from: 'Ann', seat: 0, text: '<b>hi</b>', at: 'now' };
    socket.receive(syncOf(newGame(), 0, 0, [line]));
    expect(table.sendChat('hello')).toBe(true);
    expect(socket.sentOf('chat')).toEqual([{ type: 'chat', table: 't1', text: 'hello' }]);
    socket.receive({ type: 'chat', table: 't1', line: { ...line, text: 'hello' } });
    expect(table.getRoom().chat.map((l) => l.text)).toEqual(['<b>hi</b>', 'hello']);
    socket.receive({
      type: 'error',
      table: 't1',
      error: { code: 'RATE_LIMITED', message: 'slow', params: { retryMs: 1500 } },
    });
    expect(table.getRoom().chatError?.code).toBe('RATE_LIMITED');
    expect(table.getSnapshot().error).toBeNull();
  });

  it('asks the hint of the local bot with this seat’s view', async () => {
    const { table, socket } = setup();
    socket.receive(syncOf(newGame(), 0, 0));
    await table.requestHint();
    const hint = table.getSnapshot().hint;
    const legal = table.getSnapshot().legal;
    expect(hint).toEqual({
      status: 'ready',
      moveCount: 0,
      move: itemOf(legal, legal.length - 1),
      reason: { id: 'onlyMove', params: {} },
    });
  });

  it('fetches the record once the game is over (seated players)', async () => {
    const record: GameRecord = {
      format: 'gangsta-game',
      version: 1,
      options: {} as never,
      moves: [],
    };
    const { table, socket, records } = setup({ record: async () => record });
    const frame = { ...frameOf(newGame(), 0), over: true, legal: [] };
    socket.receive({ type: 'sync', table: 't1', version: 9, frame, log: [], chat: [] });
    await vi.waitFor(() => expect(table.record()).toBe(record));
    expect(records).toEqual(['t1']);
    expect(table.getRoom().record).toBe(record);
  });

  it('follows the seats of `table` frames and asks for the game when it starts', () => {
    const { table, socket } = setup();
    table.setInfo({ ...info, status: 'waiting' });
    socket.receive({ type: 'sync', table: 't1', version: 0, frame: null, log: [], chat: [] });
    expect(table.hasGame()).toBe(false);
    const watches = socket.sentOf('watch').length;
    socket.receive({ type: 'table', table: { ...info, status: 'playing' } });
    expect(table.getRoom().info?.status).toBe('playing');
    expect(socket.sentOf('watch')).toHaveLength(watches + 1);
  });
});
