/**
 * Everything sent to one socket within one tick leaves in one write. The `ws` library writes
 * each frame on its own (a `writev` system call per frame); after a move the mover gets its
 * `ack` and its `update` in the same tick, and a socket that watches several tables gets one
 * frame per table from one group commit. Corking the TCP socket at the first frame and
 * uncorking it once the tick's work is done sends them together: one system call instead of
 * one per frame, which on loopback also spares the receiving side's stack work billed to us.
 *
 * `ws` keeps its TCP socket in the undocumented `_socket` field (test/tick-writes.test.ts
 * pins that, so an upgrade that renames it fails a test rather than silently stops batching).
 * Without it frames are simply sent one by one.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/** The TCP socket under a `ws` WebSocket, if the library still exposes it where we expect. */
export function rawSocketOf(socket: WebSocket): Socket | undefined {
  const raw = (socket as unknown as { _socket?: Partial<Socket> })._socket;
  return typeof raw?.cork === 'function' && typeof raw.uncork === 'function'
    ? (raw as Socket)
    : undefined;
}

/**
 * The sockets corked in this tick, uncorked together by one `nextTick`: a commit's cascade
 * corks every watcher's socket, and a callback queued per socket was a measurable share of
 * the server's time per move.
 */
const corkedThisTick = new Set<Socket>();

function uncorkAll(): void {
  for (const raw of corkedThisTick) raw.uncork();
  corkedThisTick.clear();
}

export class TickWrites {
  /** The TCP socket to cork, found once (none: frames are sent one by one). */
  private readonly raw: Socket | undefined;

  constructor(private readonly socket: WebSocket) {
    this.raw = rawSocketOf(socket);
  }

  send(text: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.corkUntilTickEnds();
    this.socket.send(text);
  }

  private corkUntilTickEnds(): void {
    const raw = this.raw;
    if (!raw || corkedThisTick.has(raw)) return;
    raw.cork();
    // nextTick runs after the promise continuations already queued (the commit's whole
    // cascade of acks and updates), before any new I/O is read.
    if (corkedThisTick.size === 0) process.nextTick(uncorkAll);
    corkedThisTick.add(raw);
  }
}
