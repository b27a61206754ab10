/**
 * Storage of game clocks: the table's time control, takeover bot and clock state as JSON in
 * `tables.clock` (the column: `migrations/0005_clocks.ts`).
 */
import type { TableClock } from './records.ts';

/** A table without a stored clock: friendly, the medium bot takes over. */
export const FRIENDLY: TableClock = {
  setting: { kind: 'none' },
  takeoverLevel: 'medium',
  state: null,
};

export function clockFromColumn(text: string | null): TableClock {
  return text === null ? FRIENDLY : (JSON.parse(text) as TableClock);
}

export function clockToColumn(clock: TableClock): string {
  return JSON.stringify(clock);
}
