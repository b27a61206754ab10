/**
 * Changes of a table's row that people make (seats taken and given back, a bot taking a seat
 * over, the start), written on the seats' revision: when another process of a cluster changed
 * the table first nothing is written, and the room reads the store again instead. A request
 * that changes seats runs again on the table as the store has it then (`onFreshTable`).
 */
import { Refusal, refuse } from '../../refusal.ts';
import type { TableChange } from '../../store/types.ts';
import type { Platform, TableMemory } from '../context.ts';
import type { CatchUp, SeatWrites, WriteOptions } from '../parts.ts';
import type { Room } from '../room.ts';

/** What writing a table's row uses. */
export type SeatWritesDeps = Pick<Platform, 'store'> &
  Pick<TableMemory, 'rooms' | 'commits' | 'cluster'> & { catchUp: CatchUp };

/** Another process changed the table first; the room has read it again. */
class ChangedElsewhere extends Error {}

/** Tries of a seat change that another process's change beat (each reads the table again). */
const SEAT_CHANGE_TRIES = 4;

/**
 * Refusals that another process may have made untrue a moment ago (a seat filled or freed,
 * the game started there): looked at again after reading the store.
 */
const RECHECKED = new Set<string>([
  'SEATS_NOT_FILLED',
  'SEAT_TAKEN',
  'NOT_SEATED',
  'WRONG_STATUS',
  'ALREADY_SEATED',
]);

export class SeatRowWrites implements SeatWrites {
  constructor(private readonly deps: SeatWritesDeps) {}

  /**
   * Waits until no move of the table is being committed, so that the row's clock is the
   * head's: a seat change is charged from the clock of the last move, never an older one.
   */
  async settled(room: Room): Promise<void> {
    while (room.head !== room.committed) await this.deps.commits.drained();
  }

  /**
   * Writes the change; returns whether it was written. Written, it is applied to the room
   * and the other processes hear of it; not written (another process changed the table
   * first, or the write failed), `notWritten` runs and the room reads the store again.
   */
  async write(room: Room, change: TableChange, options: WriteOptions = {}): Promise<boolean> {
    let written = false;
    try {
      written = await this.deps.store.updateTable(change);
    } finally {
      if (!written) {
        options.notWritten?.();
        await this.deps.catchUp.run(room);
      }
    }
    if (!written) return false;
    if (!options.applied) room.applyChange(change);
    this.deps.cluster.tableChanged(room);
    return true;
  }

  /** Writes the change like `write`; when it was not written, the `onFreshTable` around it runs again. */
  async change(room: Room, change: TableChange, options: WriteOptions = {}): Promise<void> {
    if (!(await this.write(room, change, options))) {
      throw new ChangedElsewhere(`table ${room.id} changed on another process`);
    }
  }

  /**
   * Runs a change of the seats again, on the table as the store has it now, when another
   * process changed it first (two people joining at once through two processes); refuses
   * with STALE only when that keeps happening.
   */
  async onFreshTable<T>(id: string, work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (error instanceof Refusal && RECHECKED.has(error.error.code) && attempt === 1) {
          // Refused on what this process knows of the table: read the store and look again.
          const room = this.deps.rooms.loaded(id);
          if (!room || !(await this.caughtUpAnything(room))) throw error;
          continue;
        }
        if (!(error instanceof ChangedElsewhere)) throw error;
        if (attempt >= SEAT_CHANGE_TRIES)
          refuse('STALE', 'the table kept changing at the same moment; try again');
      }
    }
  }

  /** Reads the table from the store; whether its row had changed. */
  private async caughtUpAnything(room: Room): Promise<boolean> {
    const { revision, status } = room.table;
    await this.deps.catchUp.run(room);
    return room.table.revision !== revision || room.table.status !== status;
  }
}
