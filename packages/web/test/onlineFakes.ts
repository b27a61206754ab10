/**
 * Test doubles for the online client: a WebSocket driven by hand, a clock driven by hand (both
 * from `@gangsta/client/testing`), and game frames built by the engine itself (so the frames
 * are real positions, not made up).
 */

import { FakeClock, socketFactory } from '@gangsta/client/testing';
import {
  applyMove,
  createGame,
  type GameEvent,
  type GameState,
  legalMoves,
  type Move,
  pendingDecision,
  type Seat,
  viewFor,
} from '@gangsta/engine';
import { type GameFrame, PROTOCOL_VERSION, type ServerMessage } from '@gangsta/protocol';
import { Connection } from '../src/features/online/state/connection.ts';
import { OnlineTable } from '../src/features/online/state/onlineTable.ts';
import { first } from './helpers.ts';

// The hand-driven socket and clock are the client library's own test doubles.
export { FakeClock, FakeSocket, socketFactory } from '@gangsta/client/testing';

export const welcome: ServerMessage = {
  type: 'welcome',
  protocol: PROTOCOL_VERSION,
  player: { id: 'p1', name: 'Ann' },
};

/**
 * Table `t1` on a connection whose socket is open and welcomed, for screens that need a table
 * but neither hints nor records (asking for either fails the test).
 */
export function connectedTable() {
  const factory = socketFactory();
  const connection = new Connection({
    url: 'ws://test',
    token: () => 'secret',
    socket: factory.make,
    timers: new FakeClock(),
    log: () => {},
  });
  const table = new OnlineTable('t1', {
    connection,
    bots: () => {
      throw new Error('no hints here');
    },
    fetchRecord: () => Promise.reject(new Error('no record')),
    describe: (error) => error.code,
  });
  const socket = factory.sockets[0];
  if (!socket) throw new Error('the connection opened no socket');
  socket.open();
  socket.receive(welcome);
  return { table, socket };
}

/** A real 2-player game (no variants) where seat 0 decides first (the first such seed from `seed`). */
export function newGame(seed = 11): GameState {
  for (let s = seed; s < seed + 100; s++) {
    const created = createGame({ players: 2, seed: s });
    if (!created.ok) throw new Error(created.error.message);
    if (legalMoves(created.state)[0]?.seat === 0) return created.state;
  }
  throw new Error('no game where seat 0 starts');
}

export function frameOf(state: GameState, seat: Seat | null): GameFrame {
  const decision = pendingDecision(state);
  const deciding =
    decision.kind === 'gameOver' ? [] : [...new Set(legalMoves(state).map((m) => m.seat))];
  return {
    seat,
    moveCount: state.moveCount,
    view: viewFor(state, seat),
    legal: seat === null ? [] : legalMoves(state).filter((m) => m.seat === seat),
    canUndo: false,
    deciding,
    over: decision.kind === 'gameOver',
  };
}

/** The first legal move (not a bank shuffle) of whoever decides, applied. */
export function step(state: GameState): { state: GameState; move: Move; events: GameEvent[] } {
  const move = legalMoves(state).find((m) => m.type !== 'bank') ?? first(legalMoves(state));
  const result = applyMove(state, move);
  if (!result.ok) throw new Error(result.error.message);
  return { state: result.state, move, events: result.events };
}
