/**
 * Test doubles for the client (and for code built on it, as the web's online table): a
 * WebSocket driven by hand, a clock driven by hand. `@gangsta/client/testing`.
 */
import type { ClientMessage, ServerMessage } from '@gangsta/protocol';
import type { SocketLike, Timers } from './environment.ts';

export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: ClientMessage[] = [];
  /** Texts sent that are not JSON (tests of malformed input). */
  readonly sentRaw: string[] = [];
  closed = false;
  terminated = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    try {
      this.sent.push(JSON.parse(data) as ClientMessage);
    } catch {
      this.sentRaw.push(data);
    }
  }

  close(): void {
    this.closed = true;
    this.readyState = 3;
  }

  terminate(): void {
    this.terminated = true;
    this.close();
  }

  /** The server accepts the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(message: ServerMessage | string | Uint8Array): void {
    const data =
      typeof message === 'string' || message instanceof Uint8Array
        ? message
        : JSON.stringify(message);
    this.onmessage?.({ data });
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
export function socketFactory(): {
  make: (url: string) => FakeSocket;
  sockets: FakeSocket[];
  /** The n-th socket made (0-based); a test that expects one that was never made fails here. */
  socket: (n: number) => FakeSocket;
} {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    socket: (n) => {
      const socket = sockets[n];
      if (!socket) throw new Error(`socket ${n} was never opened (${sockets.length} were)`);
      return socket;
    },
    make: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  };
}
