/**
 * Rating finished games: on `gameFinished` (which runs on exactly one process), and at start
 * for the games a stopped process left unrated. Ratings are observers: a failure is logged and
 * never touches the game, its moves or their acknowledgements.
 *
 * Who is rated: a game is rated when every person at it was an account when it ended (a guest
 * at the table leaves the game unrated); bots always count, each seat as its level's account.
 * A seat that ended `away` (its bot played after a timeout, an absence or the player leaving)
 * is rated as its player's, with the place it reached: leaving is no way to dodge a loss.
 */

import { itemAt } from '@gangsta/engine';
import type { GameToRate, RatingOutcome, RatingStore } from '../store/ratings.ts';
import type { TableRow } from '../store/types.ts';
import type { Observers, Platform, TableMemory } from '../tables/context.ts';
import type { Room } from '../tables/room.ts';
import {
  NEWCOMER,
  participantsOf,
  placesOf,
  type RatedSeat,
  rateGame as rateWithModel,
} from './model.ts';

/**
 * How many times a game's ratings are read, computed and offered to the store before giving
 * up: each `conflict` means another game of one of its players was rated in between, so a
 * few tries outlast any real burst of games ending together.
 */
export const RATING_ATTEMPTS = 5;

/**
 * Rates a finished game once: reads its participants' ratings, computes the new ones with
 * the model, and asks the store to record them if none has changed since the read (the
 * store's compare-and-set); on a `conflict` it reads again. Throws, naming the table, when
 * every attempt met a conflict.
 */
export async function rateGame(store: RatingStore, game: GameToRate): Promise<RatingOutcome> {
  const ids = game.participants.map((p) => p.playerId);
  const ranks = game.participants.map((p) => p.rank);
  for (let attempt = 1; attempt <= RATING_ATTEMPTS; attempt++) {
    const read = await store.ratingsForGame(game.players, ids);
    const before = read.map((rating) =>
      rating ? { mu: rating.mu, sigma: rating.sigma } : { ...NEWCOMER },
    );
    // A game of fewer than two accounts has nothing to compute; the store answers `unrated`.
    const after = before.length < 2 ? before : rateWithModel(before, ranks);
    const changes = read.map((rating, i) => ({
      read: rating,
      before: itemAt(before, i, 'rating before the game'),
      after: itemAt(after, i, 'rating computed by the model'),
    }));
    const outcome = await store.recordRatings(game, changes);
    if (outcome !== 'conflict') return outcome;
  }
  throw new Error(
    `the ratings of table ${game.tableId} changed under each of ${RATING_ATTEMPTS} attempts to rate it`,
  );
}

/** The seats as the rating sees them; null when a seat is empty (never in a played game). */
function ratedSeats(table: TableRow): RatedSeat[] | null {
  const seats: RatedSeat[] = [];
  for (const seat of table.seats) {
    if (seat.botLevel !== null) seats.push({ botLevel: seat.botLevel });
    else if (seat.playerId !== null) seats.push({ playerId: seat.playerId });
    else return null;
  }
  return seats;
}

/** What a finished table gives to rate, or null when it has no result to rate. */
export function gameToRate(room: Room): GameToRate | null {
  const result = room.committed?.state.result;
  const seats = ratedSeats(room.table);
  if (room.table.status !== 'finished' || !result || !seats) return null;
  return {
    tableId: room.id,
    players: room.table.seats.length,
    at: room.table.finishedAt ?? new Date(0).toISOString(),
    participants: participantsOf(seats, placesOf(result)),
  };
}

/** Rates a finished table once; `already` also when another process won the race. */
export async function rateTable(
  ctx: Pick<Platform, 'store' | 'log'>,
  room: Room,
): Promise<RatingOutcome | null> {
  const game = gameToRate(room);
  if (!game) return null;
  const outcome = await rateGame(ctx.store, game);
  ctx.log.debug({ table: room.id, outcome }, 'table rated');
  return outcome;
}

/** Rates every game the store says should have been rated; returns how many were. */
export async function rateMissed(
  ctx: Pick<Platform, 'store' | 'log'> & Pick<TableMemory, 'rooms'>,
): Promise<number> {
  let rated = 0;
  for (const id of await ctx.store.unratedTables()) {
    try {
      const room = await ctx.rooms.get(id);
      if (room && (await rateTable(ctx, room)) === 'rated') rated++;
      if (room) ctx.rooms.release(room);
    } catch (error) {
      ctx.log.error({ err: error, table: id }, 'a missed rating failed');
    }
  }
  return rated;
}

/** Rates each game that ends on this process, without ever holding up or failing the move. */
export function installRating(
  ctx: Pick<Platform, 'store' | 'log'> & Pick<Observers, 'hooks'>,
): void {
  ctx.hooks.gameFinished.push((room) => {
    rateTable(ctx, room).catch((error: unknown) => {
      ctx.log.error({ err: error, table: room.id }, 'rating a finished game failed');
    });
  });
}
