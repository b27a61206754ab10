/**
 * Watching a table: a connection that watches it receives its `table` frames and its game as
 * the connection's player may see it. A (re)connecting watcher says which version it has
 * seen and gets the moves it missed, or a full sync.
 */
import type { ResourceLimits } from '../../config.ts';
import type { LocalPeer, Peer } from '../../peer.ts';
import { refuse } from '../../refusal.ts';
import type { ClusterLink, Platform, TableMemory } from '../context.ts';
import { tableOf } from '../memory/registry.ts';
import type { CatchUp, Watching } from '../parts.ts';
import type { Room } from '../room.ts';
import { catchUpFor, sendTableInfo, syncNeeded } from './broadcast.ts';
import { loadBlocked } from './moderation.ts';

/** The player of a connection when they hold a seat at the table. */
function seatedPlayer(room: Room, peer: Peer): string | null {
  const id = peer.player?.id;
  return id !== undefined && room.seatOf(id) !== null ? id : null;
}

/** Whether the player has a connection watching the table on this process. */
export function connectedHere(room: Room, playerId: string): boolean {
  for (const peer of room.watchers) if (peer.player?.id === playerId) return true;
  return false;
}

/** What watching tables uses. */
export type WatchingDeps = Pick<Platform, 'store'> &
  Pick<TableMemory, 'rooms' | 'cluster' | 'armTimers'> & { catchUp: CatchUp };

/** How many tables a connection watches, and spectators a table has, at most. */
export type WatchLimits = Pick<ResourceLimits, 'watchedPerConnection' | 'spectatorsPerTable'>;

/** Connections that watch tables: who watches what, within the limits, and who is connected. */
export class TableWatching implements Watching {
  constructor(
    private readonly deps: WatchingDeps,
    private readonly limits: WatchLimits,
  ) {}

  /** The connection watches the table from now on, and gets what it missed. */
  async watch(peer: Peer, id: string, seen: number | undefined, patches = true): Promise<void> {
    const ctx = this.deps;
    const found = await tableOf(ctx, id);
    await loadBlocked(ctx, peer);
    const player = seatedPlayer(found, peer);
    admit(ctx.cluster, this.limits, found, peer, player, seen);
    // A finished table is kept in memory only while watched: this watch keeps it.
    const room = ctx.rooms.keep(found);
    const wasConnected = player !== null && connectedHere(room, player);
    room.watch(peer, patches);
    peer.tables.add(room.id);
    if (player !== null && !wasConnected) {
      ctx.cluster.presenceChanged(room, player, true);
      ctx.armTimers(room);
    }
    // A client ahead of this process has seen moves another process committed: read them first.
    if (seen !== undefined) await ctx.catchUp.ifBehind(room, seen);
    // Everyone learns of the new spectator or the seat that is connected again.
    sendTableInfo(room);
    peer.send(catchUpFor(room, peer, seen));
  }

  /** The connection stops watching the table. */
  unwatch(peer: Peer, id: string): void {
    const ctx = this.deps;
    peer.tables.delete(id);
    const room = ctx.rooms.loaded(id);
    if (!room?.unwatch(peer)) return;
    const player = seatedPlayer(room, peer);
    if (player !== null && !connectedHere(room, player)) {
      ctx.cluster.presenceChanged(room, player, false);
      // A friendly table counts the absence of a deciding player from now.
      ctx.armTimers(room);
    }
    sendTableInfo(room);
    ctx.rooms.release(room);
  }

  /**
   * A closed connection leaves every table it watched. (Acks it still awaited are dropped when
   * their commit ends: sending to a closed socket does nothing.)
   */
  peerGone(peer: Peer): void {
    for (const id of [...peer.tables]) this.unwatch(peer, id);
  }
}

/**
 * The limits of a watch, checked before it changes anything: tables per connection, spectators
 * per table (a seated player always gets in), and full syncs per connection (a catch-up with
 * the missed moves is cheap and not counted).
 */
function admit(
  cluster: Pick<ClusterLink, 'watchedElsewhere'>,
  limits: WatchLimits,
  room: Room,
  peer: Peer,
  player: string | null,
  seen: number | undefined,
): void {
  const { watchedPerConnection, spectatorsPerTable } = limits;
  const again = room.watchers.has(peer);
  const watched = peer.tables.size + cluster.watchedElsewhere(peer);
  if (!again && !peer.tables.has(room.id) && watched >= watchedPerConnection) {
    refuse('TOO_MANY_WATCHED', `a connection watches at most ${watchedPerConnection} tables`, {
      max: watchedPerConnection,
    });
  }
  if (!again && player === null) {
    let spectators = 0;
    for (const watcher of room.watchers) if (room.viewerSeat(watcher) === null) spectators++;
    if (spectators >= spectatorsPerTable) {
      refuse('TOO_MANY_SPECTATORS', `a table has at most ${spectatorsPerTable} spectators`, {
        max: spectatorsPerTable,
      });
    }
  }
  // (A client ahead of this process is counted too: rare, and then mostly an update.)
  if (syncNeeded(room, seen)) takeSync(peer);
}

/** Takes one of the peer's full syncs, or refuses the request that would cause one. */
export function takeSync(peer: Peer): void {
  const retryMs = peer.takeSync();
  if (retryMs > 0) {
    refuse('RATE_LIMITED', 'too many full syncs on this connection; wait a moment', {
      retryMs,
    });
  }
}

/**
 * Moves a connection of this process that watches a copy of a table run by another process to
 * that owner: it leaves the copy without a word to the others (the player is still connected,
 * now through the relay; this process's next presence snapshot drops its entry) and its watch
 * is handled again, which the relay forwards. The version it has seen goes with it, so the
 * owner answers with the moves it lacks, not a full sync.
 */
export function handOverWatch(room: Room, peer: LocalPeer): void {
  const patches = room.unwatch(peer)?.patches ?? true;
  peer.tables.delete(room.id);
  peer.replay({
    type: 'watch',
    table: room.id,
    seen: room.committed?.version,
    ...(patches ? {} : { patches }),
  });
}
