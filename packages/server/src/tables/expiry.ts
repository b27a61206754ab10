/**
 * Waiting tables that will never start leave the store and memory: the host deletes one
 * (`DELETE /api/v1/tables/:id`), or it expires `WAITING_TABLE_TTL_MS` after its creation.
 * Its watchers are told (an `error` frame UNKNOWN_TABLE with `params.reason`), and the other
 * processes of a cluster, which read the store and find the table gone, drop theirs too.
 */
import { protocolError } from '@gangsta/protocol';
import { refuse } from '../refusal.ts';
import type { PlayerRow } from '../store/types.ts';
import type { TableContext } from './context.ts';
import type { Room } from './room.ts';

export type GoneReason = 'deleted' | 'expired';

/** The room of a table no longer in the store: out of memory, its watchers told. */
export function dropGoneTable(ctx: TableContext, room: Room, reason: GoneReason): void {
  ctx.rooms.forget(room);
  const message =
    reason === 'expired'
      ? 'the table expired before its game started'
      : 'the host deleted the table before its game started';
  const error = protocolError('UNKNOWN_TABLE', message, { table: room.id, reason });
  for (const peer of room.watchers) {
    peer.tables.delete(room.id);
    peer.send({ type: 'error', table: room.id, error });
  }
  room.watchers.clear();
  room.wholeFrameWatchers.clear();
}

/** Deletes a waiting table everywhere; false when it is not waiting (any more). */
async function deleteWaiting(ctx: TableContext, room: Room, reason: GoneReason): Promise<boolean> {
  if (room.table.status !== 'waiting') return false;
  if (!(await ctx.store.deleteWaitingTable(room.id))) return false;
  dropGoneTable(ctx, room, reason);
  ctx.cluster.tableChanged(room);
  return true;
}

/** The host deletes a table of theirs that has not started. */
export async function deleteTable(ctx: TableContext, host: PlayerRow, room: Room): Promise<void> {
  if (room.table.hostId !== host.id) refuse('NOT_HOST', 'only the host may delete the table');
  const refuseStarted = () =>
    refuse('WRONG_STATUS', `the table is ${room.table.status}: only a waiting table is deleted`, {
      status: room.table.status,
    });
  if (room.table.status !== 'waiting') refuseStarted();
  if (!(await deleteWaiting(ctx, room, 'deleted'))) refuseStarted();
}

/** Whether a waiting table has waited longer than `waitingTableTtlMs` at `now`. */
export function expired(ctx: TableContext, room: Room, now: number): boolean {
  const created = Date.parse(room.table.createdAt);
  return room.table.status === 'waiting' && created + ctx.limits.waitingTableTtlMs <= now;
}

/**
 * Looks for expired waiting tables every `min(TTL, 1 min)` on the server's clock (so a table
 * goes between one and two TTLs after its creation at worst); only the process that runs a
 * table deletes it. Returns the function that stops the rounds.
 */
export function startExpiry(ctx: TableContext): () => void {
  const every = Math.min(ctx.limits.waitingTableTtlMs, 60_000);
  let cancel = () => {};
  let stopped = false;
  const round = () => {
    if (stopped) return;
    const now = ctx.now();
    for (const room of [...ctx.rooms.all()]) {
      if (!expired(ctx, room, now) || !ctx.runs(room)) continue;
      deleteWaiting(ctx, room, 'expired').catch((error: unknown) => {
        ctx.log.warn({ err: error, table: room.id }, 'an expired table could not be deleted yet');
      });
    }
    cancel = ctx.clock.setTimer(now + every, round);
  };
  cancel = ctx.clock.setTimer(ctx.now() + every, round);
  return () => {
    stopped = true;
    cancel();
  };
}
