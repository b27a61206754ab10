/** Frames for the watchers of a table, each built for its recipient's seat. */
import type { ServerMessageOf } from '@gangsta/protocol';
import type { Peer } from '../peer.ts';
import { frameFor, logFor, newsFor } from './frames.ts';
import type { Position } from './position.ts';
import type { Room } from './room.ts';

/** Updates carry at most this many missed moves; a client further behind gets a full sync. */
export const MAX_CATCH_UP = 64;

export function syncFor(room: Room, peer: Peer): ServerMessageOf<'sync'> {
  const position = room.committed;
  const seat = room.viewerSeat(peer);
  return {
    type: 'sync',
    table: room.id,
    version: position?.version ?? 0,
    frame: position ? frameFor(position, seat) : null,
    log: position ? logFor(position, seat) : [],
    chat: [...room.chat],
  };
}

/** The moves after `from` (all of them plain moves, no undo) and the position after them. */
export function updateFor(
  room: Room,
  peer: Peer,
  position: Position,
  from: number,
): ServerMessageOf<'update'> {
  const seat = room.viewerSeat(peer);
  return {
    type: 'update',
    table: room.id,
    from,
    version: position.version,
    moves: newsFor(position, position.version - from, seat),
    frame: frameFor(position, seat),
  };
}

/** What a (re)connecting watcher that has seen `seen` needs: the missed moves, or a sync. */
export function catchUpFor(
  room: Room,
  peer: Peer,
  seen: number | undefined,
): ServerMessageOf<'sync'> | ServerMessageOf<'update'> {
  const position = room.committed;
  if (
    position === null ||
    seen === undefined ||
    seen > position.version ||
    seen < position.undoneAt ||
    position.version - seen > MAX_CATCH_UP
  ) {
    return syncFor(room, peer);
  }
  return updateFor(room, peer, position, seen);
}

export function sendTableInfo(room: Room): void {
  const table = room.info();
  for (const peer of room.watchers) peer.send({ type: 'table', table });
}

export function sendSyncToAll(room: Room): void {
  for (const peer of room.watchers) peer.send(syncFor(room, peer));
}

export function sendUpdateToAll(room: Room, from: number): void {
  const position = room.committed;
  if (!position) return;
  for (const peer of room.watchers) peer.send(updateFor(room, peer, position, from));
}
