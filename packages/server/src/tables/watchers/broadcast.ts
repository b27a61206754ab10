/**
 * Frames for the watchers of a table, each built for its recipient's seat: once per seat, not
 * once per connection. Every spectator (and every connection of one seated player) sees the
 * same thing, so the frame is built and serialised once and the same text goes to all of them.
 */
import type { Seat } from '@gangsta/engine';
import type { ServerMessageOf } from '@gangsta/protocol';
import { carriesDigest, frameDigest } from '@gangsta/protocol';
import type { Peer } from '../../peer.ts';
import { isOver, type Position } from '../game/position.ts';
import type { Room } from '../room.ts';
import { encodeMessage, updateText } from './encode.ts';
import { frameFor, logFor, newsFor, sharedUpdateFrame, UpdatePatches } from './frames.ts';

/** Updates carry at most this many missed moves; a client further behind gets a full sync. */
export const MAX_CATCH_UP = 64;

export function syncFor(room: Room, peer: Peer): ServerMessageOf<'sync'> {
  const sync = syncForSeat(room, room.viewerSeat(peer));
  return hearsEveryone(room, peer) ? sync : { ...sync, chat: chatHeardBy(room, peer) };
}

/** Whether none of the table's chat lines is by a player the watcher blocked. */
function hearsEveryone(room: Room, peer: Peer): boolean {
  const blocked = peer.blocked;
  if (!blocked || blocked.size === 0) return true;
  return !room.chat.some((line) => line.playerId !== undefined && blocked.has(line.playerId));
}

/** The table's chat without the lines of players the watcher blocked. */
function chatHeardBy(room: Room, peer: Peer) {
  return room.chat.filter(
    (line) => line.playerId === undefined || !peer.blocked?.has(line.playerId),
  );
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

/**
 * Sends every watcher the text for its seat, built once per seat (`textOf`); a watcher for
 * whom the shared text is not `fits` (a sync whose chat holds a line by someone they blocked)
 * gets one of its own. `whole` tells `textOf` that the watcher asked for whole frames instead
 * of patches (`watch` with `patches: false`): those share a text of their own.
 */
function sendToAll(
  room: Room,
  textOf: (seat: Seat | null, whole: boolean) => string,
  fits: (peer: Peer) => boolean = () => true,
): void {
  const texts = new Map<string, string>();
  for (const peer of room.watchers) {
    if (!fits(peer)) {
      peer.send(syncFor(room, peer));
      continue;
    }
    const seat = room.viewerSeat(peer);
    const whole = room.wholeFrameWatchers.has(peer);
    const key = whole ? `${seat}/whole` : `${seat}`;
    let text = texts.get(key);
    if (text === undefined) {
      text = textOf(seat, whole);
      encodedFrames.count++;
      texts.set(key, text);
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
  sendToAll(
    room,
    (seat) => encodeMessage(syncForSeat(room, seat)),
    (peer) => hearsEveryone(room, peer),
  );
}

/**
 * Tells every watcher of the moves from `base` (the position they hold) to the committed one:
 * the moves as the watcher's seat may learn of them, and the patch from the frame of `base` to
 * the new one, its parts shared by every seat built once (`UpdatePatches`); or, to a watcher
 * that asked for whole frames, the new frame itself (without the card set).
 */
export function sendUpdateToAll(room: Room, base: Position): void {
  const position = room.committed;
  if (!position) return;
  const patches = new UpdatePatches(base, position);
  const from = base.version;
  const version = position.version;
  const digested = carriesDigest(version, isOver(position));
  sendToAll(room, (seat, whole) => {
    const moves = newsFor(position, version - from, seat);
    const frame = sharedUpdateFrame(position, seat);
    if (whole)
      return encodeMessage({ type: 'update', table: room.id, from, version, moves, frame });
    const digest = digested ? frameDigest(frame) : undefined;
    return updateText(
      { type: 'update', table: room.id, from, version, moves },
      patches.textFor(seat),
      digest,
    );
  });
}
