/**
 * What a finished game did to the ratings, and a player's profile (HTTP, routes in `http.ts`).
 *
 * A table's rating says whether the game counted and, if not, why; when it did, how each
 * rated account's conservative estimate (`mu − 3σ`, what leaderboards order by) moved. A
 * profile gathers a player's statistics from their finished games as the server stored them
 * (the engine's final scoring and events, replayed), and their rating history per table size.
 */
import { FAMILIES, SCORE_SOURCES } from '@gangsta/engine';
import { z } from 'zod';
import { BOT_LEVELS } from './limits.ts';

/** A rating at one moment: the estimate, its uncertainty, and what leaderboards show. */
export const ratingValueSchema = z.object({
  mu: z.number(),
  sigma: z.number(),
  /** `mu − 3σ`. */
  conservative: z.number(),
});
export type RatingValue = z.infer<typeof ratingValueSchema>;

/**
 * Why a finished game did not count: `guest` (a person at the table had no account when it
 * ended; `guestSeats` names them), `notFinished` (the game has not ended).
 */
export const UNRATED_REASONS = ['guest', 'notFinished'] as const;
export type UnratedReason = (typeof UNRATED_REASONS)[number];

export const tableRatingChangeSchema = z.object({
  /** The seat this result was rated for (a bot level at two seats is rated once: its best). */
  seat: z.number().int().min(0).max(3),
  playerId: z.string(),
  /** The display name (a server bot's is its level). */
  name: z.string(),
  /** The level, for a server bot's account; null for an account. */
  bot: z.enum(BOT_LEVELS).nullable(),
  /** 1-based place. */
  rank: z.number().int().min(1),
  before: ratingValueSchema,
  after: ratingValueSchema,
});
export type TableRatingChange = z.infer<typeof tableRatingChangeSchema>;

/**
 * `GET /api/v1/tables/:id/rating`. `rated`: `changes` lists every rated account; `unrated`:
 * `reason` says why; `pending`: the game counts but its rating is still being written (the
 * moments after the last move): ask again.
 */
export const tableRatingSchema = z.object({
  table: z.string(),
  /** The table size, whose ratings the game moved. */
  players: z.number().int(),
  status: z.enum(['rated', 'unrated', 'pending']),
  reason: z.enum(UNRATED_REASONS).nullable(),
  /** The seats whose person had no account (with `reason: 'guest'`). */
  guestSeats: z.array(z.number().int().min(0).max(3)),
  changes: z.array(tableRatingChangeSchema),
});
export type TableRating = z.infer<typeof tableRatingSchema>;

/** How many recent games a profile lists. */
export const PROFILE_RECENT_GAMES = 10;
/** How many finished games (the newest) a profile's statistics are drawn from. */
export const PROFILE_GAMES_MAX = 500;

/** IP by where it came from (the engine's `SCORE_SOURCES`), summed over the games counted. */
export const ipBySourceSchema = z.object(
  Object.fromEntries(SCORE_SOURCES.map((source) => [source, z.number()])) as Record<
    (typeof SCORE_SOURCES)[number],
    z.ZodNumber
  >,
);
export type IpBySource = z.infer<typeof ipBySourceSchema>;

/** Statistics of one table size (or all of them). */
export const profileFiguresSchema = z.object({
  games: z.number().int().min(0),
  /** Games won (a shared victory counts for each winner). */
  wins: z.number().int().min(0),
  /** Mean final IP; null without games. */
  meanIp: z.number().nullable(),
});
export type ProfileFigures = z.infer<typeof profileFiguresSchema>;

/** One point of a rating history: the rating after a game. */
export const ratingPointSchema = z.object({
  table: z.string(),
  at: z.string(),
  rank: z.number().int().min(1),
  after: ratingValueSchema,
  /** The conservative estimate's change in this game. */
  change: z.number(),
});
export type RatingPoint = z.infer<typeof ratingPointSchema>;

export const profileSizeSchema = profileFiguresSchema.extend({
  players: z.number().int().min(2).max(4),
  /** The rating now (null: never rated at this size). */
  rating: ratingValueSchema.nullable(),
  /** Oldest first, the newest `RATING_HISTORY_SIZE` rated games. */
  history: z.array(ratingPointSchema),
});
export type ProfileSize = z.infer<typeof profileSizeSchema>;

export const recentGameSchema = z.object({
  table: z.string(),
  tableName: z.string(),
  finishedAt: z.string(),
  players: z.number().int(),
  seat: z.number().int().min(0).max(3),
  /** 1-based place (R-END-4's order; ties share a place). */
  rank: z.number().int().min(1),
  won: z.boolean(),
  ip: z.number(),
  /** The other seats' display names (a server bot's: `null` with its level in `bots`). */
  opponents: z.array(z.object({ name: z.string().nullable(), bot: z.enum(BOT_LEVELS).nullable() })),
});
export type RecentGame = z.infer<typeof recentGameSchema>;

/** `GET /api/v1/players/:username/profile` (a server bot's username is its level's id, `bot-easy`). */
export const playerProfileSchema = z.object({
  player: z.object({
    id: z.string(),
    /** The display name, as tables show it. */
    name: z.string(),
    /** The profile's address part. */
    username: z.string(),
  }),
  /** The level, for a server bot. */
  bot: z.enum(BOT_LEVELS).nullable(),
  /** A bot account (a program). */
  botAccount: z.boolean(),
  /** Every finished game counted (at most `PROFILE_GAMES_MAX`, the newest). */
  overall: profileFiguresSchema,
  /** One entry per table size played or rated at, 2 to 4. */
  sizes: z.array(profileSizeSchema),
  ipBySource: ipBySourceSchema,
  /** Money paid to snitches (R-SNITCH-2), summed. */
  moneyToSnitches: z.number().int().min(0),
  /** Members in the final gangs, by family, summed; the favourite is the most (null: none). */
  families: z.record(z.enum(FAMILIES), z.number().int().min(0)),
  favouriteFamily: z.enum(FAMILIES).nullable(),
  /** Newest first, at most `PROFILE_RECENT_GAMES`. */
  recent: z.array(recentGameSchema),
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;
