/**
 * Watching a table: a connection that watches it receives its `table` frames and its game as
 * the connection's player may see it. A (re)connecting watcher says which version it has
 * seen and gets the moves it missed, or a full sync.
 */
import type { Peer } from '../peer.ts';
import { catchUpFor, sendTableInfo } from './broadcast.ts';
import type { TableContext } from './context.ts';
import { tableOf } from './lifecycle.ts';

export async function watch(
  ctx: TableContext,
  peer: Peer,
  id: string,
  seen: number | undefined,
): Promise<void> {
  const room = await tableOf(ctx, id);
  room.watchers.add(peer);
  peer.tables.add(room.id);
  // Everyone learns of the new spectator or the seat that is connected again.
  sendTableInfo(room);
  peer.send(catchUpFor(room, peer, seen));
}

export function unwatch(ctx: TableContext, peer: Peer, id: string): void {
  peer.tables.delete(id);
  const room = ctx.rooms.loaded(id);
  if (!room?.watchers.delete(peer)) return;
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
