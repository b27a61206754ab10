/**
 * Ratings and rematches (HTTP, routes listed in `http.ts`).
 *
 * Finished games between accounts (and the server's bots) rate their players with the
 * Weng-Lin model (OpenSkill): a rating is a skill estimate `mu` with its uncertainty `sigma`,
 * kept apart for 2-, 3- and 4-player games. Leaderboards order by the conservative estimate
 * `mu − 3σ`, which a player only climbs by playing enough games for σ to shrink. The bots have
 * fixed accounts (`bot-easy`, `bot-medium`, `bot-hard`) rated like everyone, so a player can
 * see how strong a level is.
 */
import { z } from 'zod';
import { BOT_LEVELS, type BotLevel } from './limits.ts';

/** The table sizes rated separately. */
export const RATED_PLAYER_COUNTS = [2, 3, 4] as const;
export type RatedPlayerCount = (typeof RATED_PLAYER_COUNTS)[number];

/** How many entries a leaderboard lists. */
export const LEADERBOARD_SIZE = 100;
/** How many rated games a player's history lists per table size (the newest). */
export const RATING_HISTORY_SIZE = 50;

/** The player id of a bot level's account. */
export function botPlayerId(level: BotLevel): string {
  return `bot-${level}`;
}

/** The bot level of a bot account's player id, or null for a person. */
export function botLevelOfPlayer(playerId: string): BotLevel | null {
  return BOT_LEVELS.find((level) => botPlayerId(level) === playerId) ?? null;
}

/** `GET /api/v1/ratings?players=2|3|4`. */
export const leaderboardQuerySchema = z.strictObject({
  players: z.coerce
    .number()
    .int()
    .refine((n) => (RATED_PLAYER_COUNTS as readonly number[]).includes(n), 'players is 2, 3 or 4'),
});

export const ratingSchema = z.object({
  /** The skill estimate (25 for a newcomer). */
  mu: z.number(),
  /** Its uncertainty (25/3 for a newcomer; shrinks with every game). */
  sigma: z.number(),
  /** `mu − 3σ`: what leaderboards order by. */
  conservative: z.number(),
  games: z.number().int().min(0),
});
export type Rating = z.infer<typeof ratingSchema>;

export const leaderboardEntrySchema = ratingSchema.extend({
  /** 1-based place on the board. */
  place: z.number().int().min(1),
  playerId: z.string(),
  /** The display name, as tables show it (a bot's is its level). */
  name: z.string(),
  /** The account's username, for the profile's address (null: a server's bot level). */
  username: z.string().nullable().optional(),
  /** The level, for a bot's account; null for a person. */
  bot: z.enum(BOT_LEVELS).nullable(),
  /** A bot account: a program, not a person (and not one of the server's levels). */
  botAccount: z.boolean().optional(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  players: z.number().int(),
  entries: z.array(leaderboardEntrySchema),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** One rated game of a player: the rating before and after it, and the place taken. */
export const ratingChangeSchema = z.object({
  table: z.string(),
  at: z.string(),
  /** 1-based; players tied after the tie-break (R-END-4) share a rank. */
  rank: z.number().int().min(1),
  muBefore: z.number(),
  sigmaBefore: z.number(),
  muAfter: z.number(),
  sigmaAfter: z.number(),
});
export type RatingChange = z.infer<typeof ratingChangeSchema>;

/** `GET /api/v1/players/:id/ratings`: one entry per table size the player was rated at. */
export const playerRatingsSchema = z.object({
  player: z.object({ id: z.string(), name: z.string() }),
  bot: z.enum(BOT_LEVELS).nullable(),
  /** A bot account: a program, not a person. */
  botAccount: z.boolean().optional(),
  ratings: z.array(
    ratingSchema.extend({
      players: z.number().int(),
      /** Newest first, at most `RATING_HISTORY_SIZE`. */
      history: z.array(ratingChangeSchema),
    }),
  ),
});
export type PlayerRatings = z.infer<typeof playerRatingsSchema>;

/**
 * A finished table's rematch (`TableInfo.rematch`): the new table, and who asked for it (its
 * host). `POST /api/v1/tables/:id/rematch` answers `{ table, seat }` of the new table.
 */
export const rematchInfoSchema = z.object({ table: z.string(), by: z.string() });
export type RematchInfo = z.infer<typeof rematchInfoSchema>;
