/**
 * Frames for the watchers of a table, each built for its recipient's seat: once per seat, not
 * once per connection. Every spectator (and every connection of one seated player) sees the
 * same thing, so the frame is built and serialised once and the same text goes to all of them.
 */
import type { Seat } from '@gangsta/engine';
import type { ServerMessage, ServerMessageOf } from '@gangsta/protocol';
import { carriesDigest, diffFrames, frameDigest } from '@gangsta/protocol';
import type { Peer } from '../peer.ts';
import { encodeMessage } from '../ws/encode.ts';
import { frameFor, logFor, newsFor, sharedUpdateFrame } from './frames.ts';
import { isOver, type Position } from './position.ts';
import type { Room } from './room.ts';

/** Updates carry at most this many missed moves; a client further behind gets a full sync. */
export const MAX_CATCH_UP = 64;

export function syncFor(room: Room, peer: Peer): ServerMessageOf<'sync'> {
  return syncForSeat(room, room.viewerSeat(peer));
}

function syncForSeat(room: Room, seat: Seat | null): ServerMessageOf<'sync'> {
  const position = room.committed;
  return {
    type: 'sync',
    table: room.id,
    version: position?.version ?? 0,
    frame: position ? frameFor(position, seat) : null,
    log: position ? logFor(position, seat) : [],
    chat: [...room.chat],
  };
}

/**
 * The moves after `from` (all of them plain moves, no undo) and the whole frame after them:
 * for a watcher catching up, whose frame the server does not know.
 */
export function updateFor(
  room: Room,
  peer: Peer,
  position: Position,
  from: number,
): ServerMessageOf<'update'> {
  return updateForSeat(room, room.viewerSeat(peer), position, from);
}

function updateForSeat(
  room: Room,
  seat: Seat | null,
  position: Position,
  from: number,
): ServerMessageOf<'update'> {
  return {
    type: 'update',
    table: room.id,
    from,
    version: position.version,
    moves: newsFor(position, position.version - from, seat),
    frame: frameFor(position, seat),
  };
}

/** Whether a watcher that has seen `seen` needs a full sync (else an update with the missed moves). */
export function syncNeeded(room: Room, seen: number | undefined): boolean {
  const position = room.committed;
  return (
    position === null ||
    seen === undefined ||
    seen > position.version ||
    seen < position.undoneAt ||
    position.version - seen > MAX_CATCH_UP
  );
}

/** What a (re)connecting watcher that has seen `seen` needs: the missed moves, or a sync. */
export function catchUpFor(
  room: Room,
  peer: Peer,
  seen: number | undefined,
): ServerMessageOf<'sync'> | ServerMessageOf<'update'> {
  const position = room.committed;
  if (position === null || seen === undefined || syncNeeded(room, seen)) {
    return syncFor(room, peer);
  }
  return updateFor(room, peer, position, seen);
}

/** Frames encoded by `sendToAll` (tests and metrics count them: one per seat, not per watcher). */
export const encodedFrames = { count: 0 };

/** Sends every watcher the frame for its seat, building and encoding it once per seat. */
function sendToAll(room: Room, frameOf: (seat: Seat | null) => ServerMessage): void {
  const texts = new Map<Seat | null, string>();
  for (const peer of room.watchers) {
    const seat = room.viewerSeat(peer);
    let text = texts.get(seat);
    if (text === undefined) {
      text = encodeMessage(frameOf(seat));
      encodedFrames.count++;
      texts.set(seat, text);
    }
    peer.sendText(text);
  }
}

export function sendTableInfo(room: Room): void {
  if (room.watchers.size === 0) return;
  const text = encodeMessage({ type: 'table', table: room.info() });
  for (const peer of room.watchers) peer.sendText(text);
}

export function sendSyncToAll(room: Room): void {
  sendToAll(room, (seat) => syncForSeat(room, seat));
}

/**
 * The live update after moves: every watcher holds the frame of `base` (the position it was
 * last told of), so it gets the moves and the patch from that frame to the new one.
 */
function patchUpdateForSeat(
  room: Room,
  seat: Seat | null,
  base: Position,
  position: Position,
): ServerMessageOf<'update'> {
  const frame = sharedUpdateFrame(position, seat);
  const message: ServerMessageOf<'update'> = {
    type: 'update',
    table: room.id,
    from: base.version,
    version: position.version,
    moves: newsFor(position, position.version - base.version, seat),
    patch: diffFrames(sharedUpdateFrame(base, seat), frame),
  };
  if (carriesDigest(position.version, isOver(position))) message.digest = frameDigest(frame);
  return message;
}

/** Tells every watcher of the moves from `base` (the position they hold) to the committed one. */
export function sendUpdateToAll(room: Room, base: Position): void {
  const position = room.committed;
  if (!position) return;
  sendToAll(room, (seat) => patchUpdateForSeat(room, seat, base, position));
}
