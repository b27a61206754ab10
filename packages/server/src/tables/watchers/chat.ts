/**
 * Table chat: plain text from a named player who watches the table, rate-limited per player,
 * stored, then sent to every watcher. The text is kept as written, trimmed and without
 * bidirectional controls; clients show it as text (never as HTML), in an isolated run.
 */
import { cleanChatText, LIMITS, textLength } from '@gangsta/protocol';
import type { Peer } from '../../peer.ts';
import { TokenBucket } from '../../rateLimit.ts';
import { refuse } from '../../refusal.ts';
import type { ChatRow } from '../../store/types.ts';
import type { Limits, Platform, TableMemory } from '../context.ts';
import { tableOf } from '../memory/registry.ts';
import type { Chat, ChatFields } from '../parts.ts';
import type { Room } from '../room.ts';

/** One bucket per player, across connections and tables. */
function checkRate(ctx: Pick<Limits, 'chatBuckets'>, playerId: string): void {
  let bucket = ctx.chatBuckets.get(playerId);
  if (!bucket) {
    bucket = new TokenBucket(LIMITS.chatBurst, LIMITS.chatEveryMs);
    ctx.chatBuckets.set(playerId, bucket);
  }
  const retryMs = bucket.take();
  if (retryMs > 0) refuse('RATE_LIMITED', 'too many chat messages; wait a moment', { retryMs });
}

/** Attempts at a free chat sequence number (processes of a cluster may take the same one). */
const CHAT_ATTEMPTS = 5;

/** What the chat uses. */
export type ChatDeps = Pick<Platform, 'store' | 'time'> &
  Pick<TableMemory, 'rooms' | 'cluster'> &
  Pick<Limits, 'chatBuckets'>;

/**
 * The tables' chat: lines checked and rate-limited, stored under each table's next chat
 * number, then shown to its watchers here and on the other processes.
 */
export class TableChat implements Chat {
  constructor(private readonly deps: ChatDeps) {}

  /** A line a watcher of the table writes, checked and rate-limited, then posted. */
  async say(peer: Peer, id: string, text: string): Promise<void> {
    const ctx = this.deps;
    const player = peer.player;
    if (!player) refuse('UNAUTHENTICATED', 'only a player with a name can chat');
    const room = await tableOf(ctx, id);
    if (!room.watchers.has(peer)) refuse('BAD_CHAT', 'watch the table before chatting at it');
    // Direction controls are dropped, not refused (`names.ts` says why).
    const trimmed = cleanChatText(text);
    if (/\p{Cc}/u.test(trimmed)) refuse('BAD_CHAT', 'chat lines have no control characters');
    if (trimmed.length === 0 || textLength(trimmed) > LIMITS.chatMax)
      refuse('BAD_CHAT', `chat lines have 1 to ${LIMITS.chatMax} characters`);
    checkRate(ctx, player.id);
    await this.post(room, {
      playerId: player.id,
      name: player.name,
      seat: room.seatOf(player.id),
      text: trimmed,
    });
  }

  /** Stores a line under the table's next chat number, then shows it to every watcher. */
  async post(room: Room, fields: ChatFields): Promise<void> {
    const row = await this.store(room, fields);
    showChatLine(room, row);
    this.deps.cluster.chatAdded(room, row);
  }

  /** The line as stored, under the first free number from the table's next one on. */
  private async store(room: Room, fields: ChatFields): Promise<ChatRow> {
    for (let attempt = 1; ; attempt++) {
      const row = {
        ...fields,
        tableId: room.id,
        seq: room.takeChatSeq(),
        at: new Date(this.deps.time.now()).toISOString(),
      };
      if ((await this.deps.store.appendChat(row)) === 'appended') return row;
      if (attempt >= CHAT_ATTEMPTS) {
        throw new Error(`no free chat number at table ${room.id} after ${CHAT_ATTEMPTS} attempts`);
      }
    }
  }
}

/** A stored line, here or on another process of the cluster, for every watcher of this one. */
export function showChatLine(room: Room, row: ChatRow): void {
  const line = room.addChat(row);
  for (const watcher of room.watchers) {
    // Someone who blocked the writer does not receive their lines (`moderation.ts`).
    if (!row.notice && watcher.blocked?.has(row.playerId)) continue;
    watcher.send({ type: 'chat', table: room.id, line });
  }
}
