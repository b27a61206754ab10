/**
 * Test doubles for the online client: a WebSocket driven by hand, a clock driven by hand, and
 * game frames built by the engine itself (so the frames are real positions, not made up).
 */
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
import {
  type ClientMessage,
  type GameFrame,
  PROTOCOL_VERSION,
  type ServerMessage,
} from '@gangsta/protocol';
import type { SocketLike, Timers } from '../src/online/connection.ts';

export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: ClientMessage[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as ClientMessage);
  }

  close(): void {
    this.closed = true;
    this.readyState = 3;
  }

  /** The server accepts the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(message: ServerMessage | string): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }

  /** The network drops the connection. */
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }

  sentOf<T extends ClientMessage['type']>(type: T): Extract<ClientMessage, { type: T }>[] {
    return this.sent.filter((m): m is Extract<ClientMessage, { type: T }> => m.type === type);
  }
}

/** Timers on a clock that moves only when the test says so. */
export class FakeClock implements Timers {
  time = 0;
  private nextHandle = 1;
  private readonly pending = new Map<number, { at: number; callback: () => void }>();

  setTimeout(callback: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.pending.set(handle, { at: this.time + ms, callback });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  now(): number {
    return this.time;
  }

  /** Moves the clock, running every timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.pending.entries()]
        .filter(([, timer]) => timer.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
  }

  /** The delay of the one pending timer set last (for backoff checks). */
  lastDelay(): number | null {
    const last = [...this.pending.values()].at(-1);
    return last ? last.at - this.time : null;
  }
}

/** A socket factory that keeps every socket it made. */
export function socketFactory(): { make: (url: string) => FakeSocket; sockets: FakeSocket[] } {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    make: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  };
}

export const welcome: ServerMessage = {
  type: 'welcome',
  protocol: PROTOCOL_VERSION,
  player: { id: 'p1', name: 'Ann' },
};

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
  const move = legalMoves(state).find((m) => m.type !== 'bank') ?? legalMoves(state)[0];
  const result = applyMove(state, move);
  if (!result.ok) throw new Error(result.error.message);
  return { state: result.state, move, events: result.events };
}
