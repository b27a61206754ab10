/**
 * The `table_players` index also holds the player a free seat is kept for (a rematch someone
 * else asked for, an invitation to a person), so that the table is in that player's "My games"
 * before they take the seat. The rows of seats kept before this migration are added here: the
 * seats of waiting tables whose stored seat names `reservedFor` and holds nobody yet.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** Recorded in every database that ran it: never renamed. */
export const name = '2026_11_27e_seat_reservations';

interface KeptSeat {
  reservedFor?: string | null;
  playerId: string | null;
}

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { rows } = await sql<{ id: string; seats: string }>`
      select id, seats from tables where status = 'waiting'
    `.execute(db);
    for (const row of rows) {
      const seats = JSON.parse(row.seats) as KeptSeat[];
      for (const [index, seat] of seats.entries()) {
        if (seat.playerId !== null || !seat.reservedFor) continue;
        await sql`
          insert into table_players (table_id, seat, player_id)
          values (${row.id}, ${index}, ${seat.reservedFor})
          on conflict do nothing
        `.execute(db);
      }
    }
  },
};
