/**
 * Changes of a table's row that people make (seats taken and given back, a bot taking a seat
 * over, the start), written on the seats' revision: when another process of a cluster changed
 * the table first nothing is written, and the room reads the store again instead.
 */
import type { TableChange } from '../../store/types.ts';
import type { Platform, TableMemory } from '../context.ts';
import type { CatchUp, SeatWrites, WriteOptions } from '../parts.ts';
import type { Room } from '../room.ts';

/** What writing a table's row uses. */
export type SeatWritesDeps = Pick<Platform, 'store'> &
  Pick<TableMemory, 'commits' | 'cluster'> & { catchUp: CatchUp };

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
}
