/**
 * Rows that another process of a cluster stored, applied to a table in memory. They arrive
 * published on Redis right after their commit (the fast path), or are read from the store
 * when this process sees a gap, loses a commit race, or a client is ahead of it. Either way
 * the store's log is the truth: the room ends at the position its rows give.
 */
import { itemAt } from '@gangsta/engine';
import { gameOptionsOf } from '../../gameOptions.ts';
import { StoreUnavailable } from '../../store/health.ts';
import type { MoveRow } from '../../store/types.ts';
import type { Platform, TableMemory } from '../context.ts';
import { type Position, playMove, startPosition, undoLast } from '../game/position.ts';
import type { CatchUp } from '../parts.ts';
import { keyOfRow, type Room } from '../room.ts';
import { sendSyncToAll, sendTableInfo, sendUpdateToAll } from '../watchers/broadcast.ts';
import { dropGoneTable } from './expiry.ts';
import { roomFromStore } from './rebuild.ts';
import { refreshRematch } from './registry.ts';

/** Remembers a stored row's client id, and acknowledges whoever here waited for it. */
function markSent(room: Room, row: MoveRow): void {
  const moveKey = keyOfRow(row);
  const before = room.moveSettled(row.seat, row.clientId, moveKey, row.seq);
  if (before && before.version === null && before.key === moveKey) {
    for (const peer of before.waiters) {
      peer.send({ type: 'ack', table: room.id, id: row.clientId, version: row.seq });
    }
  }
}

/** What bringing tables up to the store's position uses. */
export type CatchUpDeps = Pick<Platform, 'store' | 'log' | 'metrics'> &
  Pick<TableMemory, 'rooms' | 'wakeBots'>;

const STATUS_ORDER = { waiting: 0, playing: 1, finished: 2 } as const;

/**
 * Brings tables in memory to the store's position: rows another process committed, applied
 * (`rows`), or the table's row and log read again (`run`). One catch-up at a time per table.
 */
export class StoreCatchUp implements CatchUp {
  /** The catch-up of each table running now; a request during one runs once more after it. */
  private readonly running = new WeakMap<Room, Promise<void>>();

  constructor(private readonly deps: CatchUpDeps) {}

  /**
   * Applies rows that follow the room's committed position; returns false when they do not
   * (a gap, or a row the engine refuses), so that the caller reads the store instead.
   */
  rows(room: Room, rows: MoveRow[]): boolean {
    const base = room.committed;
    if (!base) return false;
    const fresh = rows.filter((row) => row.seq > base.version);
    if (fresh.length === 0) return true;
    if (itemAt(fresh, 0, 'stored row').seq !== base.version + 1) return false;
    let position: Position = base;
    for (const row of fresh) {
      const next =
        row.kind === 'undo' ? undoLast(position) : playMove(position, row.move, row.byBot);
      if (!next.ok || next.position.version !== row.seq) return false;
      position = next.position;
      markSent(room, row);
      this.deps.metrics.remoteMoves.inc();
    }
    // Moves of this process still being committed were built on the old position: they will
    // collide with these rows in the store and be answered then.
    room.resetTo(position);
    if (fresh.some((row) => row.kind === 'undo')) sendSyncToAll(room);
    else sendUpdateToAll(room, base);
    this.deps.wakeBots(room);
    return true;
  }

  /**
   * A client that has seen more than this process (it was connected to another one) is
   * ahead: the rows it saw are read before its message is judged.
   */
  async ifBehind(room: Room, seen: number): Promise<void> {
    if (room.committed && seen > room.committed.version) await this.run(room);
  }

  /** Brings the room to the store's state: its row, then the rows of its log it lacks. */
  run(room: Room): Promise<void> {
    const before = this.running.get(room) ?? Promise.resolve();
    const next = before
      .then(() => this.readStore(room))
      .catch((error: unknown) => {
        // An outage is logged by the store's health (once, then every few seconds); the next
        // gap, commit race or reconnection catches up again.
        if (error instanceof StoreUnavailable) return;
        this.deps.log.error({ err: error, table: room.id }, 'catching up with the store failed');
      });
    this.running.set(room, next);
    return next;
  }

  private async readStore(room: Room): Promise<void> {
    const { store } = this.deps;
    const row = await store.tableRow(room.id);
    // A waiting table deleted (or expired) on another process of the cluster.
    if (!row) {
      if (room.table.status === 'waiting') dropGoneTable(this.deps, room, 'deleted');
      return;
    }
    // The row replaces the room's only where it is ahead: this process may have applied a
    // change of its own that is still being written.
    const seatsChanged = row.revision > room.table.revision;
    const statusChanged = STATUS_ORDER[row.status] > STATUS_ORDER[room.table.status];
    if (seatsChanged || statusChanged) room.rowFromStore(row);
    if (row.status !== 'waiting' && row.seed !== null && !room.committed) {
      const started = startPosition(gameOptionsOf(row.options, row.seed));
      if (!started.ok) throw new Error(started.error.message);
      room.resetTo(started.position);
    }
    if (room.committed) {
      const rows = await store.movesAfter(room.id, room.committed.version);
      if (!this.rows(room, rows)) await this.reload(room);
      // Moves made elsewhere moved the clock (written with them).
      else if (rows.length > 0) room.clockFromStore(row.clock);
    }
    // A finished table's rematch made by another process.
    const rematchChanged = await refreshRematch(store, room);
    if (seatsChanged || statusChanged) {
      sendTableInfo(room);
      // A watcher who took or lost a seat now sees the table from another place.
      sendSyncToAll(room);
      this.deps.wakeBots(room);
    } else if (rematchChanged) {
      sendTableInfo(room);
    }
  }

  /** The whole table again from the store (rows that do not follow on from what is here). */
  private async reload(room: Room): Promise<void> {
    const loaded = await this.deps.store.loadTable(room.id, 0);
    if (!loaded) return;
    const fresh = roomFromStore(loaded);
    room.rowFromStore(fresh.table);
    if (fresh.committed) room.resetTo(fresh.committed);
    for (const row of loaded.moves) markSent(room, row);
    sendSyncToAll(room);
    this.deps.wakeBots(room);
  }
}
