/**
 * Waiting tables that will never start leave the store and memory: the host deletes one
 * (`DELETE /api/v1/tables/:id`), or it expires `WAITING_TABLE_TTL_MS` after its creation.
 * Its watchers are told (an `error` frame UNKNOWN_TABLE with `params.reason`), and the other
 * processes of a cluster, which read the store and find the table gone, drop theirs too.
 */
import { protocolError } from '@gangsta/protocol';
import { refuse } from '../../refusal.ts';
import type { PlayerRow } from '../../store/types.ts';
import type { Ownership, Platform, TableMemory } from '../context.ts';
import type { Room } from '../room.ts';
import { Deadlines } from './deadlines.ts';

export type GoneReason = 'deleted' | 'expired';

/** The room of a table no longer in the store: out of memory, its watchers told. */
export function dropGoneTable(
  ctx: Pick<TableMemory, 'rooms'>,
  room: Room,
  reason: GoneReason,
): void {
  ctx.rooms.forget(room);
  const message =
    reason === 'expired'
      ? 'the table expired before its game started'
      : 'the host deleted the table before its game started';
  const error = protocolError('UNKNOWN_TABLE', message, { table: room.id, reason });
  for (const peer of room.dropWatchers()) {
    peer.tables.delete(room.id);
    peer.send({ type: 'error', table: room.id, error });
  }
}

/** Deletes a waiting table everywhere; false when it is not waiting (any more). */
async function deleteWaiting(
  ctx: Pick<Platform, 'store'> & Pick<TableMemory, 'rooms' | 'cluster'>,
  room: Room,
  reason: GoneReason,
): Promise<boolean> {
  if (room.table.status !== 'waiting') return false;
  if (!(await ctx.store.deleteWaitingTable(room.id))) return false;
  dropGoneTable(ctx, room, reason);
  ctx.cluster.tableChanged(room);
  return true;
}

/** The host deletes a table of theirs that has not started. */
export async function deleteTable(
  ctx: Pick<Platform, 'store'> & Pick<TableMemory, 'rooms' | 'cluster'>,
  host: PlayerRow,
  room: Room,
): Promise<void> {
  if (room.table.hostId !== host.id) refuse('NOT_HOST', 'only the host may delete the table');
  const refuseStarted = () =>
    refuse('WRONG_STATUS', `the table is ${room.table.status}: only a waiting table is deleted`, {
      status: room.table.status,
    });
  if (room.table.status !== 'waiting') refuseStarted();
  if (!(await deleteWaiting(ctx, room, 'deleted'))) refuseStarted();
}

/** Whether a waiting table has waited longer than `waitingTableTtlMs` at `now`. */
export function expired(ttlMs: number, room: Room, now: number): boolean {
  return room.table.status === 'waiting' && expiresAt(ttlMs, room) <= now;
}

/**
 * Deletes each waiting table in memory at its expiry (`waitingTableTtlMs` after its creation,
 * on the server's clock), by its own deadline: no round over every table. Only the process
 * that runs a table deletes it; another one, or a failed delete, looks again
 * `min(TTL, 1 min)` later. Returns the function that stops it.
 */
export function startExpiry(
  ctx: Pick<Platform, 'store' | 'time' | 'log'> &
    Pick<TableMemory, 'rooms' | 'cluster'> &
    Pick<Ownership, 'runs'>,
  ttlMs: number,
): () => void {
  const retryMs = Math.min(ttlMs, 60_000);
  const deadlines: Deadlines<Room> = new Deadlines(ctx.time, (room) => {
    if (ctx.rooms.loaded(room.id) !== room || room.table.status !== 'waiting') return;
    const now = ctx.time.now();
    if (!expired(ttlMs, room, now)) return deadlines.set(room, expiresAt(ttlMs, room));
    if (!ctx.runs(room)) return deadlines.set(room, now + retryMs);
    deleteWaiting(ctx, room, 'expired').catch((error: unknown) => {
      ctx.log.warn({ err: error, table: room.id }, 'an expired table could not be deleted yet');
      deadlines.set(room, ctx.time.now() + retryMs);
    });
  });
  const entered = (room: Room) => {
    if (room.table.status === 'waiting') deadlines.set(room, expiresAt(ttlMs, room));
  };
  ctx.rooms.onEntered(entered);
  ctx.rooms.onLeft((room) => deadlines.delete(room));
  for (const room of ctx.rooms.all()) entered(room);
  return () => deadlines.stop();
}

function expiresAt(ttlMs: number, room: Room): number {
  return Date.parse(room.table.createdAt) + ttlMs;
}
