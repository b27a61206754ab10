/** What the processes of a cluster tell each other on Redis (one channel, JSON). */
import type { ChatRow, MoveRow, TableChange } from '../store/types.ts';

export type BusMessage =
  /** Rows of a table's log this process committed, with the row changes written with them. */
  | { kind: 'moves'; table: string; rows: MoveRow[]; changes: TableChange[] }
  /** A table's row changed in the store: read it again. */
  | { kind: 'table'; table: string }
  | { kind: 'chat'; table: string; row: ChatRow }
  /** A seated player's connections to a table here went from none to some, or back. */
  | { kind: 'presence'; table: string; player: string; connected: boolean }
  /** Everyone connected here, now (sent regularly: a process that stops sending is gone). */
  | { kind: 'presenceAll'; entries: string[] }
  /** The sender gave up these tables' leases (it is stopping): take them now. */
  | { kind: 'released'; tables: string[] };

export interface Envelope {
  /** The sending process. */
  from: string;
  message: BusMessage;
}

export const CHANNEL = 'gangsta:cluster';
