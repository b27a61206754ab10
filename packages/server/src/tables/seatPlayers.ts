/**
 * Who plays a seat now: its person, or a bot (a bot's seat, or a person's seat a bot took
 * over, `away`). The clock charges only the seats their people play, the bot runner moves
 * the others; both ask here, so neither depends on the other nor on the takeover itself.
 */
import type { Seat } from '@gangsta/engine';
import type { BotLevel } from '@gangsta/protocol';
import type { StoredSeat, TableRow } from '../store/types.ts';

/** Whether a bot plays the seat: a bot seat, or a person's seat taken over. */
export function botLevelOf(seat: StoredSeat): BotLevel | null {
  return seat.botLevel ?? seat.away?.level ?? null;
}

/** The seats their own person plays now. */
export function peopleSeats(table: TableRow): Seat[] {
  return table.seats.flatMap((seat, i) => (seat.playerId !== null && !seat.away ? [i] : []));
}
