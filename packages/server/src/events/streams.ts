/**
 * The accounts' event streams (`GET /api/v1/stream/event`): one line of JSON per event
 * (NDJSON), like lichess's Bot API, so that a program learns that it was challenged or that a
 * table keeps a seat for it, and when its games start. Each process holds the streams opened
 * on it and writes the events raised on it; the stream opens with the challenges still
 * waiting, so a program that connects late (or to another process) misses none of them.
 */
import type { AccountEvent } from '@gangsta/protocol';

/** A stream's way out: writes one line; false when the connection is gone. */
export type LineWriter = (line: string) => boolean;

/** Streams one player may hold open at once (a program and a spare, a few tabs). */
export const STREAMS_PER_PLAYER = 4;

interface OpenStream {
  write: LineWriter;
  /** Ends the answer (shutdown). */
  end: () => void;
}

export class AccountStreams {
  private readonly byPlayer = new Map<string, Set<OpenStream>>();

  /**
   * Adds a stream; null when the player holds `STREAMS_PER_PLAYER` already. Returns the
   * function that removes it (when its connection closes).
   */
  open(playerId: string, write: LineWriter, end: () => void): (() => void) | null {
    let streams = this.byPlayer.get(playerId);
    if (!streams) {
      streams = new Set();
      this.byPlayer.set(playerId, streams);
    }
    if (streams.size >= STREAMS_PER_PLAYER) return null;
    const stream = { write, end };
    streams.add(stream);
    const own = streams;
    return () => {
      own.delete(stream);
      if (own.size === 0 && this.byPlayer.get(playerId) === own) this.byPlayer.delete(playerId);
    };
  }

  /** Ends every stream (the server shuts down; programs reconnect). */
  closeAll(): void {
    for (const streams of this.byPlayer.values()) for (const stream of streams) stream.end();
    this.byPlayer.clear();
  }

  /** Writes the event to every stream of these players. */
  publish(playerIds: Iterable<string>, event: AccountEvent): void {
    const line = `${JSON.stringify(event)}\n`;
    for (const id of new Set(playerIds)) {
      for (const stream of this.byPlayer.get(id) ?? []) stream.write(line);
    }
  }

  /** The players with a stream open here (presence). */
  players(): Iterable<string> {
    return this.byPlayer.keys();
  }

  get size(): number {
    let n = 0;
    for (const streams of this.byPlayer.values()) n += streams.size;
    return n;
  }
}
