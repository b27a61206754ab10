/**
 * Who is online, for the friends list: a player is online when seen in the last
 * `ONLINE_MS` — an authenticated request, a WebSocket connection, an open event stream. The
 * moment is written to the store (`players.last_seen_at`) so that every process of a cluster
 * sees it, but at most once a minute per player and process: a request costs no write.
 * Players with a live connection here are written again every minute while it lasts.
 */
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { FriendStore } from '../store/friends.ts';

/** Seen this recently: online. */
export const ONLINE_MS = 5 * 60_000;
/** A player's moment is written at most this often by one process. */
const WRITE_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Who was seen when (friends/presence.ts); absent in setups without friends. */
    presence?: Presence;
  }
}

export class Presence {
  /** When this process last wrote each player's moment (forgotten once stale anyway). */
  private readonly written = new LRUCache<string, number>({ max: 100_000, ttl: WRITE_EVERY_MS });
  /** The players with a live connection here, from each source (sockets, event streams). */
  private readonly live: (() => Iterable<string>)[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: FriendStore,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The player was seen now (a request, a hello). */
  seen(playerId: string): void {
    const now = this.now();
    const last = this.written.get(playerId);
    if (last !== undefined && now - last < WRITE_EVERY_MS) return;
    this.written.set(playerId, now);
    this.write([playerId], now);
  }

  /** Counts the players a source holds live connections for as seen, every minute. */
  addLiveSource(source: () => Iterable<string>): void {
    this.live.push(source);
    if (this.timer) return;
    this.timer = setInterval(() => this.refreshLive(), WRITE_EVERY_MS);
    this.timer.unref();
  }

  private refreshLive(): void {
    const now = this.now();
    const ids = new Set<string>();
    for (const source of this.live) for (const id of source()) ids.add(id);
    for (const id of ids) this.written.set(id, now);
    if (ids.size > 0) this.write([...ids], now);
  }

  private write(ids: string[], now: number): void {
    this.store.markSeen(ids, new Date(now).toISOString()).catch((error: unknown) => {
      // Presence is a nicety: a failed write is retried with the next sighting.
      for (const id of ids) this.written.delete(id);
      this.log.warn({ err: error }, 'could not record that players were seen');
    });
  }

  /** Whether a stored last-seen moment counts as online now. */
  isOnline(lastSeenAt: string | null): boolean {
    return lastSeenAt !== null && this.now() - Date.parse(lastSeenAt) < ONLINE_MS;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
