/**
 * Moderation: what a player can do about another one, and a host about their table's chat.
 *
 * - Mute: the other player's chat lines are hidden for this player only. The server keeps the
 *   list (per player, so an account has it on every device) and clients hide the lines.
 * - Block: enforced here. The blocked player's chat lines are not sent to the blocker (live or
 *   in a sync); the blocked player cannot take a seat at a waiting table where the blocker
 *   sits (their own table or one they joined, whether by an open seat, an invitation or a
 *   rematch's kept seat). The blocker may still join a table where the blocked player sits:
 *   the choice is theirs. Blocking says nothing to the blocked player beyond the refusal.
 * - Report: a chat line is stored for an operator with the 10 lines before it, the table, the
 *   reporter and the time (`npm run reports -w packages/server` prints them). Rate-limited.
 * - Remove: the host of a table removes a spectator's line; it disappears for every watcher
 *   at once (`chatRemoved`) and after a reload (it stays stored, marked, for reports).
 */
import { LRUCache } from 'lru-cache';
import { randomId } from '../../ids.ts';
import type { Peer } from '../../peer.ts';
import { TokenBucket } from '../../rateLimit.ts';
import { refuse } from '../../refusal.ts';
import { type ModerationList, REPORT_CONTEXT } from '../../store/moderation.ts';
import type { PlayerRow } from '../../store/types.ts';
import type { Platform, TableMemory } from '../context.ts';
import { tableOf } from '../memory/registry.ts';
import type { Room } from '../room.ts';

/** Reports per player: a few at once, then one a minute. */
export const REPORT_BURST = 5;
export const REPORT_EVERY_MS = 60_000;
/** Players listed as muted or blocked at most. */
export const LIST_MAX = 500;

/** Report buckets, per server (a test runs several in one process). */
const reportBuckets = new WeakMap<object, LRUCache<string, TokenBucket>>();

/** One bucket per reporter, kept per server: its store tells one server from another. */
function checkReportRate(ctx: Pick<Platform, 'store'>, playerId: string): void {
  let buckets = reportBuckets.get(ctx.store);
  if (!buckets) {
    buckets = new LRUCache({ max: 10_000, ttl: REPORT_BURST * REPORT_EVERY_MS });
    reportBuckets.set(ctx.store, buckets);
  }
  let bucket = buckets.get(playerId);
  if (!bucket) {
    bucket = new TokenBucket(REPORT_BURST, REPORT_EVERY_MS);
    buckets.set(playerId, bucket);
  }
  const retryMs = bucket.take();
  if (retryMs > 0) refuse('RATE_LIMITED', 'too many reports; wait a moment', { retryMs });
}

/** The players the connection's player blocked, read once per connection. */
export async function loadBlocked(ctx: Pick<Platform, 'store'>, peer: Peer): Promise<void> {
  if (!peer.player || peer.blocked !== undefined) return;
  const listed = await ctx.store.listOf('blocks', peer.player.id);
  peer.blocked = new Set(listed.map((other) => other.id));
}

/** Puts a player on (or takes them off) one of the player's lists. */
export async function setListed(
  ctx: Pick<Platform, 'store' | 'time'> & Pick<TableMemory, 'rooms' | 'cluster'>,
  player: PlayerRow,
  list: ModerationList,
  otherId: string,
  on: boolean,
): Promise<void> {
  if (otherId === player.id) refuse('BAD_MESSAGE', 'you cannot mute or block yourself');
  if (on) {
    const other = await ctx.store.playerById(otherId);
    if (!other) refuse('NOT_FOUND', 'there is no such player');
    const listed = await ctx.store.listOf(list, player.id);
    if (listed.length >= LIST_MAX)
      refuse('TOO_MANY_LISTED', `a list holds at most ${LIST_MAX} players`, { max: LIST_MAX });
  }
  await ctx.store.setListed(list, player.id, otherId, on, new Date(ctx.time.now()).toISOString());
  if (list === 'blocks') {
    updateBlocked(ctx, player.id, otherId, on);
    ctx.cluster.blockChanged(player.id, otherId, on);
  }
}

/** The player's connections on this process hear (or stop hearing) the other player at once. */
export function updateBlocked(
  ctx: Pick<TableMemory, 'rooms'>,
  playerId: string,
  otherId: string,
  on: boolean,
): void {
  for (const room of ctx.rooms.all()) {
    for (const peer of room.watchers) {
      if (peer.player?.id !== playerId || !peer.blocked) continue;
      if (on) peer.blocked.add(otherId);
      else peer.blocked.delete(otherId);
    }
  }
}

/** Refuses a seat to a player whom someone seated at the table blocked. */
export async function refuseIfBlocked(
  ctx: Pick<Platform, 'store'>,
  seatedIds: string[],
  playerId: string,
): Promise<void> {
  const blockers = await ctx.store.blockersAmong(
    seatedIds.filter((id) => id !== playerId),
    playerId,
  );
  if (blockers.length > 0) refuse('BLOCKED', 'a player at this table does not play with you');
}

/** Stores a report of a chat line, with the lines before it. Idempotent per reporter. */
export async function reportChatLine(
  ctx: Pick<Platform, 'store' | 'time'> & Pick<TableMemory, 'rooms'>,
  reporter: PlayerRow,
  tableId: string,
  seq: number,
): Promise<void> {
  const room = await tableOf(ctx, tableId);
  ctx.rooms.release(room);
  const lines = await ctx.store.chatContext(room.id, seq, REPORT_CONTEXT);
  const line = lines?.at(-1);
  if (!lines || !line || line.notice) refuse('NOT_FOUND', 'there is no such chat line');
  if (line.playerId === reporter.id) refuse('BAD_MESSAGE', 'you cannot report your own line');
  checkReportRate(ctx, reporter.id);
  await ctx.store.addChatReport({
    id: randomId(),
    tableId: room.id,
    seq,
    reporterId: reporter.id,
    reportedId: line.playerId,
    lines,
    createdAt: new Date(ctx.time.now()).toISOString(),
  });
}

/** The host removes a spectator's line, for everyone. */
export async function removeChatLine(
  ctx: Pick<Platform, 'store' | 'time'> & Pick<TableMemory, 'rooms' | 'cluster'>,
  host: PlayerRow,
  tableId: string,
  seq: number,
): Promise<void> {
  const room = await tableOf(ctx, tableId);
  if (room.table.hostId !== host.id) refuse('NOT_HOST', 'only the host may remove a chat line');
  const lines = await ctx.store.chatContext(room.id, seq, 0);
  const line = lines?.[0];
  if (!line) refuse('NOT_FOUND', 'there is no such chat line');
  if (line.notice || line.seat !== null)
    refuse('BAD_MESSAGE', 'a host removes spectators’ lines only');
  await ctx.store.removeChatLine(room.id, seq, new Date(ctx.time.now()).toISOString());
  hideChatLine(room, seq);
  // Watchers connected to other processes see the line through those processes' copies.
  ctx.cluster.chatRemoved(room, seq);
}

/** Drops a removed line from the room's chat and tells every watcher. */
export function hideChatLine(room: Room, seq: number) {
  room.removeChatLine(seq);
  for (const watcher of room.watchers) watcher.send({ type: 'chatRemoved', table: room.id, seq });
}
