/**
 * What the client needs from its surroundings, injected so that the same code runs in a
 * browser tab, a worker and Node (give it `ws`'s WebSocket there: Node 20 has none), and so
 * that tests drive it by hand. Nothing here names a DOM or Node type.
 */

/** The part of a WebSocket the client uses (the browser's and `ws`'s both fit). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /** Cuts the connection without a closing handshake (`ws` has it; browsers do not). */
  terminate?(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** `readyState` of an open socket. */
export const OPEN = 1;

/** What every JavaScript host has, typed here without a DOM or Node library. */
interface HostGlobals {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  WebSocket?: new (url: string) => SocketLike;
  crypto?: { randomUUID?: () => string };
}

const host = globalThis as unknown as HostGlobals;

/** The host's timers and clock. */
export const hostTimers: Timers = {
  setTimeout: (callback, ms) => host.setTimeout(callback, ms),
  clearTimeout: (handle) => host.clearTimeout(handle),
  now: () => Date.now(),
};

/** The host's WebSocket (browsers, workers); Node callers pass a factory instead. */
export function hostSocket(url: string): SocketLike {
  if (!host.WebSocket) {
    throw new Error('no WebSocket here: pass a socket factory (in Node, one of the ws package)');
  }
  return new host.WebSocket(url);
}

/** A fresh id for a move (the server dedupes on it). */
export function hostId(): string {
  const uuid = host.crypto?.randomUUID?.();
  if (uuid) return uuid;
  // Without a secure context: unique enough for one client's moves.
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
