/**
 * The rating model: who takes part in a finished game, in which place, and how their ratings
 * move (Weng-Lin / OpenSkill's Plackett-Luce model with its default constants: a newcomer is
 * mu 25, sigma 25/3).
 *
 * Places come from the engine's final scoring. R-END-4 names the winner by the most IP, then
 * the most members; the same two keys order everyone else, and players still equal on both
 * share a place (and are rated as a tie).
 */
import type { GameResult } from '@gangsta/engine';
import { type BotLevel, botPlayerId } from '@gangsta/protocol';
import { rate, rating } from 'openskill';
import type { Participant, SkillRating } from '../store/ratings.ts';

// The shapes the store keeps ratings in are the ones the model takes and gives.
export type { Participant, SkillRating } from '../store/ratings.ts';

/** A seat as the rating sees it: the person's id, or the bot level that played it. */
export type RatedSeat = { playerId: string } | { botLevel: BotLevel };

export const NEWCOMER: SkillRating = rating();

/** The 1-based place of every seat (standard competition ranking: 1, 1, 3…). */
export function placesOf(result: GameResult): number[] {
  const bySeat = [...result.scores].sort((a, b) => a.seat - b.seat);
  return bySeat.map(
    (score) =>
      1 +
      bySeat.filter(
        (other) =>
          other.total > score.total ||
          (other.total === score.total && other.gangSize > score.gangSize),
      ).length,
  );
}

/**
 * The accounts a game rates. A bot seat is rated as its level's account. One account can
 * have only one result per game, so when two seats are the same bot level only the better
 * placed of them is rated (the first in seat order when they tie); the other seat still
 * counts for everyone else's place.
 */
export function participantsOf(seats: RatedSeat[], places: number[]): Participant[] {
  const best = new Map<string, Participant>();
  seats.forEach((seat, index) => {
    const place = places[index];
    if (place === undefined) throw new Error(`no place for seat ${index} of ${seats.length}`);
    const human = 'playerId' in seat;
    const playerId = human ? seat.playerId : botPlayerId(seat.botLevel);
    const known = best.get(playerId);
    if (!known || place < known.rank) {
      best.set(playerId, { playerId, rank: place, human });
    }
  });
  return [...best.values()];
}

/** The ratings after a game, in the participants' order. */
export function rateGame(before: SkillRating[], ranks: number[]): SkillRating[] {
  const after = rate(
    before.map((r) => [{ mu: r.mu, sigma: r.sigma }]),
    { rank: ranks },
  );
  // Every participant is a team of one, so each team after the game has its one rating.
  return after.map(([r], index) => {
    if (!r) throw new Error(`no rating after the game for participant ${index}`);
    return { mu: r.mu, sigma: r.sigma };
  });
}

/** The conservative estimate leaderboards order by: OpenSkill's ordinal, mu − 3σ. */
export function conservative(r: SkillRating): number {
  return r.mu - 3 * r.sigma;
}
