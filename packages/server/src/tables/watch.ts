/**
 * Watching a table: a connection that watches it receives its `table` frames and its game as
 * the connection's player may see it. A (re)connecting watcher says which version it has
 * seen and gets the moves it missed, or a full sync.
 */
import type { Peer } from '../peer.ts';
import { catchUpFor, sendTableInfo } from './broadcast.ts';
import type { TableContext } from './context.ts';
import { tableOf } from './lifecycle.ts';
import type { Room } from './room.ts';
import { catchUpTo } from './stored.ts';

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

export async function watch(
  ctx: TableContext,
  peer: Peer,
  id: string,
  seen: number | undefined,
): Promise<void> {
  const room = await tableOf(ctx, id);
  const player = seatedPlayer(room, peer);
  const wasConnected = player !== null && connectedHere(room, player);
  room.watchers.add(peer);
  peer.tables.add(room.id);
  if (player !== null && !wasConnected) {
    ctx.cluster.presenceChanged(room, player, true);
    ctx.armTimers(room);
  }
  // A client ahead of this process has seen moves another process committed: read them first.
  if (seen !== undefined) await catchUpTo(ctx, room, seen);
  // Everyone learns of the new spectator or the seat that is connected again.
  sendTableInfo(room);
  peer.send(catchUpFor(room, peer, seen));
}

export function unwatch(ctx: TableContext, peer: Peer, id: string): void {
  peer.tables.delete(id);
  const room = ctx.rooms.loaded(id);
  if (!room?.watchers.delete(peer)) return;
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
export function peerGone(ctx: TableContext, peer: Peer): void {
  for (const id of [...peer.tables]) unwatch(ctx, peer, id);
}
