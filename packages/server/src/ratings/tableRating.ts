/**
 * What a finished game did to the ratings (`GET /api/v1/tables/:id/rating`), for its score
 * screen: rated (each account's move), unrated and why (a guest at the table), or pending (it
 * counts, and `rate.ts` is still writing it: the answer comes moments after the last move).
 */
import { botLevelOfPlayer, type TableRating, type TableRatingChange } from '@gangsta/protocol';
import type { AccountStore } from '../store/accounts.ts';
import type { PlayerStore } from '../store/players.ts';
import type { RatingStore } from '../store/ratings.ts';
import type { TableRow } from '../store/types.ts';
import { conservative, type SkillRating } from './model.ts';

type Store = AccountStore & PlayerStore & RatingStore;

function value(rating: SkillRating) {
  return { mu: rating.mu, sigma: rating.sigma, conservative: conservative(rating) };
}

/** The seats whose person had no account when the game ended (`rate.ts`'s rule). */
async function guestSeats(store: Store, table: TableRow): Promise<number[]> {
  const finished = table.finishedAt ?? '';
  const seats: number[] = [];
  for (const [index, seat] of table.seats.entries()) {
    if (seat.botLevel !== null || seat.playerId === null) continue;
    const account = await store.accountOfPlayer(seat.playerId);
    if (!account || account.createdAt > finished) seats.push(index);
  }
  return seats;
}

/** The seat a rated account's result was for: its own, or a bot level's best placed seat. */
function seatOf(table: TableRow, playerId: string, rank: number, places: number[]): number {
  const level = botLevelOfPlayer(playerId);
  const seat = table.seats.findIndex((s, i) =>
    level ? s.botLevel === level && places[i] === rank : s.playerId === playerId,
  );
  return Math.max(0, seat);
}

export async function tableRating(
  store: Store,
  table: TableRow,
  places: number[],
): Promise<TableRating> {
  const base = { table: table.id, players: table.seats.length, guestSeats: [], changes: [] };
  if (table.status !== 'finished') return { ...base, status: 'unrated', reason: 'notFinished' };
  const history = await store.historyOfTable(table.id);
  if (history.length === 0) {
    const guests = await guestSeats(store, table);
    return guests.length > 0
      ? { ...base, status: 'unrated', reason: 'guest', guestSeats: guests }
      : { ...base, status: 'pending', reason: null };
  }
  const changes: TableRatingChange[] = await Promise.all(
    history.map(async (row) => {
      const bot = botLevelOfPlayer(row.playerId);
      const seat = seatOf(table, row.playerId, row.rank, places);
      const player = bot ? null : await store.playerById(row.playerId);
      return {
        seat,
        playerId: row.playerId,
        name: bot ?? player?.name ?? table.seats[seat]?.name ?? row.playerId,
        bot,
        rank: row.rank,
        before: value(row.before),
        after: value(row.after),
      };
    }),
  );
  changes.sort((a, b) => a.seat - b.seat);
  return { ...base, status: 'rated', reason: null, changes };
}
