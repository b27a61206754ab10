/** The routes of ratings, profiles and rematches. */
import { tableAnswerSchema } from '../http.ts';
import { playerProfileSchema, tableRatingSchema } from '../profiles.ts';
import { leaderboardQuerySchema, leaderboardSchema, playerRatingsSchema } from '../ratings.ts';
import { defineRoutes } from './route.ts';

export const RATING_ROUTES = defineRoutes({
  rematch: {
    method: 'POST',
    path: '/api/v1/tables/:id/rematch',
    tag: 'ratings',
    summary: 'Ask for a rematch (a seated player of a finished table)',
    description:
      'Idempotent: every call answers the same new table, with the seat kept for the caller.',
    auth: 'required',
    kind: 'json',
    answer: tableAnswerSchema,
    status: 200,
    answerDescription: 'The new table and the seat',
    errors: ['UNKNOWN_TABLE', 'NOT_SEATED', 'WRONG_STATUS'],
  },
  leaderboard: {
    method: 'GET',
    path: '/api/v1/ratings',
    tag: 'ratings',
    summary: 'The leaderboard of one table size (`players` is 2, 3 or 4), by mu − 3σ',
    auth: 'none',
    query: leaderboardQuerySchema,
    kind: 'json',
    answer: leaderboardSchema,
    status: 200,
    answerDescription: 'The leaderboard',
    errors: [],
  },
  playerRatings: {
    method: 'GET',
    path: '/api/v1/players/:id/ratings',
    tag: 'ratings',
    summary: 'A player’s ratings, with their history',
    auth: 'none',
    kind: 'json',
    answer: playerRatingsSchema,
    status: 200,
    answerDescription: 'One entry per table size',
    errors: ['NOT_FOUND'],
  },
  playerProfile: {
    method: 'GET',
    path: '/api/v1/players/:username/profile',
    tag: 'ratings',
    summary: 'A player’s profile: statistics of their finished games, rating history',
    description:
      'By username (a server bot’s is `bot-easy`, `bot-medium`, `bot-hard`). Statistics come from the newest 500 finished games.',
    auth: 'none',
    kind: 'json',
    answer: playerProfileSchema,
    status: 200,
    answerDescription: 'The profile',
    errors: ['NOT_FOUND'],
  },
  tableRating: {
    method: 'GET',
    path: '/api/v1/tables/:id/rating',
    tag: 'ratings',
    summary: 'Whether a finished game was rated (if not, why) and how the ratings moved',
    auth: 'none',
    kind: 'json',
    answer: tableRatingSchema,
    status: 200,
    answerDescription: 'The game’s rating',
    errors: ['UNKNOWN_TABLE'],
  },
});
