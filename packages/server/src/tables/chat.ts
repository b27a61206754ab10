/**
 * Table chat: plain text from a named player who watches the table, rate-limited per player,
 * stored, then sent to every watcher. The text is kept exactly as written (after trimming);
 * clients show it as text, never as HTML.
 */
import { LIMITS } from '@gangsta/protocol';
import type { Peer } from '../peer.ts';
import { TokenBucket } from '../rateLimit.ts';
import { refuse } from '../refusal.ts';
import type { ChatRow } from '../store/types.ts';
import type { TableContext } from './context.ts';
import { tableOf } from './lifecycle.ts';

/** One bucket per player, across connections and tables. */
function checkRate(ctx: TableContext, playerId: string): void {
  let bucket = ctx.chatBuckets.get(playerId);
  if (!bucket) {
    bucket = new TokenBucket(LIMITS.chatBurst, LIMITS.chatEveryMs);
    ctx.chatBuckets.set(playerId, bucket);
  }
  const retryMs = bucket.take();
  if (retryMs > 0) refuse('RATE_LIMITED', 'too many chat messages; wait a moment', { retryMs });
}

export async function chat(ctx: TableContext, peer: Peer, id: string, text: string): Promise<void> {
  const player = peer.player;
  if (!player) refuse('UNAUTHENTICATED', 'only a player with a name can chat');
  const room = await tableOf(ctx, id);
  if (!room.watchers.has(peer)) refuse('BAD_CHAT', 'watch the table before chatting at it');
  const trimmed = text.trim();
  if (/\p{Cc}/u.test(trimmed)) refuse('BAD_CHAT', 'chat lines have no control characters');
  if (trimmed.length === 0 || trimmed.length > LIMITS.chatMax)
    refuse('BAD_CHAT', `chat lines have 1 to ${LIMITS.chatMax} characters`);
  checkRate(ctx, player.id);
  room.chatSeq += 1;
  const row: ChatRow = {
    tableId: room.id,
    seq: room.chatSeq,
    playerId: player.id,
    name: player.name,
    seat: room.seatOf(player.id),
    text: trimmed,
    at: new Date().toISOString(),
  };
  await ctx.store.appendChat(row);
  const line = room.addChat(row);
  for (const watcher of room.watchers) watcher.send({ type: 'chat', table: room.id, line });
}
