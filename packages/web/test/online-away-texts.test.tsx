// @vitest-environment jsdom
/**
 * The words around a seat whose player is away, and around several deciders:
 * - online, a bot playing the viewer's seat after they left is named in the log ("Bot (easy)
 *   for you passes."), never "You pass.": the news of its moves marks their log lines;
 * - the leave dialog says one true thing in every language: a bot plays the seat until the
 *   player takes it back with the banner's own button, while the game lasts (the server's
 *   `leaveGame` is a takeover that `resume` undoes);
 * - several seats deciding at once read "Ann and Ben are deciding", not "Ann, Ben is deciding".
 */
import {
  applyMove,
  CLASSIC_CARDS,
  cardsOf,
  createGame,
  legalMoves,
  pendingDecision,
  visibleEvents,
} from '@gangsta/engine';
import type { MoveNews, TableInfo } from '@gangsta/protocol';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BotClient } from '../src/bots/botClient.ts';
import { Connection } from '../src/features/online/state/connection.ts';
import { OnlineError } from '../src/features/online/state/errors.ts';
import { OnlineTable } from '../src/features/online/state/onlineTable.ts';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { LANGUAGES } from '../src/i18n/languages.ts';
import { Log } from '../src/table/Log.tsx';
import type { TablePlayer } from '../src/table/tableSource.ts';
import { statusLine } from '../src/table/widgets/statusLine.ts';
import type { TextContext } from '../src/text/context.ts';
import { first } from './helpers.ts';
import { FakeClock, frameOf, newGame, socketFactory, welcome } from './onlineFakes.ts';

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

/** Ann (seat 0, who left: an easy bot plays for her) against a hard server bot. */
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
  } as TableInfo['options'],
  seats: [
    {
      seat: 0,
      kind: 'player',
      name: 'Ann',
      playerId: 'p1',
      botLevel: null,
      connected: true,
      host: true,
      away: { reason: 'left', level: 'easy' },
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

const noBots: BotClient = {
  ask: async () => {
    throw new Error('no hints here');
  },
  dispose() {},
};

function onlineTable() {
  const factory = socketFactory();
  let ids = 0;
  const connection = new Connection({
    url: 'ws://test',
    token: () => 'secret',
    socket: factory.make,
    timers: new FakeClock(),
    newId: () => `m${++ids}`,
    log: () => {},
  });
  const table = new OnlineTable(
    't1',
    {
      connection,
      bots: () => noBots,
      fetchRecord: async () => {
        throw new OnlineError('NOT_FOUND', 'no record');
      },
      describe: (error) => error.code,
    },
    info,
  );
  const socket = first(factory.sockets);
  socket.open();
  socket.receive(welcome);
  return { table, socket };
}

function contextOf(players: TablePlayer[], you: number | null): TextContext {
  return {
    t: i18n.t,
    cards: cardsOf(CLASSIC_CARDS),
    seats: players.map((p) => p.kind),
    viewer: you,
    players,
    you,
  };
}

describe('the log of a seat a bot plays for its player', () => {
  it('names the bot for the moves it makes in the viewer’s seat, and the viewer for their own', () => {
    const { table, socket } = onlineTable();
    const start = newGame();
    socket.receive({
      type: 'sync',
      table: 't1',
      version: 0,
      frame: frameOf(start, 0),
      log: [],
      chat: [],
    });
    // Seat 0's pass, once by the bot playing it (Ann left), once by Ann herself (she is back).
    const pass = legalMoves(start).find((m) => m.type === 'pass' && m.seat === 0);
    if (!pass) throw new Error('seat 0 cannot pass at the start');
    const played = applyMove(start, pass);
    if (!played.ok) throw new Error(played.error.message);
    const byBot: MoveNews = {
      index: 0,
      seat: 0,
      byBot: true,
      move: pass,
      events: visibleEvents(played.events, 0),
    };
    socket.receive({
      type: 'update',
      table: 't1',
      from: 0,
      version: 1,
      moves: [byBot],
      frame: frameOf(played.state, 0),
    } as never);
    const snapshot = table.getSnapshot();
    const passed = snapshot.log.filter((e) => e.event.type === 'passed');
    expect(passed).toHaveLength(1);
    const botPass = first(passed);
    expect(botPass.standIn).toEqual({ seat: 0, level: 'easy' });

    const ctx = contextOf(snapshot.players, 0);
    const own = { id: 99, moveIndex: botPass.moveIndex, event: botPass.event };
    render(<Log ctx={ctx} entries={[botPass, own]} />);
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toContain('Bot (easy) for you passes.');
    // Ann's own pass, with no bot in her seat, still speaks to her.
    expect(lines).toContain('You pass.');
    expect(lines.filter((line) => line === 'You pass.')).toHaveLength(1);
  });

  it('after a reload, the sync’s log still names the bot for its moves in a person’s seat', () => {
    const { table, socket } = onlineTable();
    // Ann is back now: the bot that played for her while she was away is the table's takeover level.
    socket.receive({
      type: 'table',
      table: {
        ...info,
        takeoverLevel: 'hard',
        seats: [{ ...info.seats[0], away: null }, info.seats[1]],
      },
    } as never);
    const start = newGame();
    const pass = legalMoves(start).find((m) => m.type === 'pass' && m.seat === 0);
    if (!pass) throw new Error('seat 0 cannot pass at the start');
    const played = applyMove(start, pass);
    if (!played.ok) throw new Error(played.error.message);
    const events = visibleEvents(played.events, 0);
    socket.receive({
      type: 'sync',
      table: 't1',
      version: 1,
      frame: frameOf(played.state, 0),
      log: [
        ...events.map((event) => ({ moveIndex: 0, event, botSeat: 0 })),
        ...events.map((event) => ({ moveIndex: 1, event })),
      ],
      chat: [],
    });
    const passed = table.getSnapshot().log.filter((e) => e.event.type === 'passed');
    expect(passed.map((e) => e.standIn)).toEqual([{ seat: 0, level: 'hard' }, undefined]);
  });

  it('names the bot and the player for the others at the table', () => {
    const players: TablePlayer[] = [
      { seat: 0, kind: 'human', name: 'Ann', connected: true },
      { seat: 1, kind: 'human', name: 'Ben', connected: true },
    ];
    render(
      <Log
        ctx={contextOf(players, 1)}
        entries={[
          {
            id: 0,
            moveIndex: 0,
            event: { type: 'passed', seat: 0 },
            standIn: { seat: 0, level: 'medium' },
          },
        ]}
      />,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Bot (medium) for Ann passes.');
  });
});

describe('the leave dialog', () => {
  it('says in every language that the seat can be taken back, with the banner’s button', async () => {
    for (const { code } of LANGUAGES) {
      await i18n.changeLanguage(code);
      const confirm = i18n.t('online.table.leaveConfirm');
      // The button of the banner shown after leaving ("Take my seat back"), named as it reads.
      expect(confirm, code).toContain(i18n.t('online.away.resume'));
    }
    await i18n.changeLanguage('en');
    expect(i18n.t('online.table.leaveConfirm')).not.toMatch(/for good/);
  });
});

describe('several seats deciding at once', () => {
  function keepResourcesStart() {
    for (let seed = 1; seed < 50; seed++) {
      const created = createGame({ players: 3, seed, resources: true });
      if (!created.ok) throw new Error(created.error.message);
      const decision = pendingDecision(created.state);
      if (decision.kind === 'keepResources' && decision.seats.length === 3) return created.state;
    }
    throw new Error('no game starts with every seat keeping resources');
  }

  it('joins the names in words and the verb agrees, in English and German', async () => {
    const state = keepResourcesStart();
    const players: TablePlayer[] = [
      { seat: 0, kind: 'human', name: 'Alice', connected: true },
      { seat: 1, kind: 'human', name: 'Bob', connected: true },
      { seat: 2, kind: 'human', name: 'Cleo', connected: true },
    ];
    // A spectator's view: nobody is "you", all three still choose.
    const frame = frameOf(state, null);
    const input = {
      view: frame.view,
      decision: frame.view.decision,
      players,
      mine: false,
      thinking: null,
    };
    const line = statusLine(contextOf(players, null), input);
    expect(line).toMatch(/^Alice, Bob,? and Cleo are deciding: /);
    await i18n.changeLanguage('de');
    expect(statusLine(contextOf(players, null), input)).toMatch(
      /^Alice, Bob und Cleo entscheiden: /,
    );
    await i18n.changeLanguage('en');
  });
});
