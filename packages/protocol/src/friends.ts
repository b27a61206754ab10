/**
 * Friends, challenges, the account's event stream and email notifications (HTTP, routes in
 * `documents.ts`).
 *
 * A player follows accounts (one way, like lichess): their friends list says who of them is
 * online. A challenge is a new private table with a seat kept for the challenged account: it
 * appears in their "My games" as a seat waiting for them, they are told (the event stream, a
 * mail if they opted in), and they accept (take the seat: the game starts by itself) or decline
 * (the table is gone) with one request. A program (a bot account) learns of its challenges
 * from `GET /api/v1/stream/event`, one JSON object per line (NDJSON), like lichess's Bot API.
 */
import { z } from 'zod';
import { clockSettingSchema } from './clock.ts';
import { BOT_LEVELS } from './limits.ts';
import { tableInfoSchema, tableOptionsSchema } from './tables.ts';

/** A followed account, as the friends list shows it. */
export const friendSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  /** Seen in the last few minutes (a request, an open connection or event stream). */
  online: z.boolean(),
  /** A bot account (a program). */
  bot: z.boolean().optional(),
});
export type Friend = z.infer<typeof friendSchema>;

/** `GET /api/v1/me/friends`: the followed accounts, those online first, then by name. */
export const friendsSchema = z.object({ friends: z.array(friendSchema) });
export type Friends = z.infer<typeof friendsSchema>;

/** `PUT /api/v1/me/friends/:username`: the account now followed. */
export const friendAnswerSchema = z.object({ friend: friendSchema });
export type FriendAnswer = z.infer<typeof friendAnswerSchema>;

/** `DELETE /api/v1/me/friends/:username`. */
export const unfollowAnswerSchema = z.object({ unfollowed: z.string() });

/**
 * `POST /api/v1/challenges`: a private table for `options.players` seats: the challenger's,
 * one kept for the account `to` (a username), and server bots of `botLevel` at the others.
 */
export const createChallengeSchema = z.strictObject({
  to: z.string().min(1).max(100),
  options: tableOptionsSchema,
  /** The time control (friendly when absent). */
  clock: clockSettingSchema.optional(),
  /** The bots at the seats beyond the two players' (3- and 4-player games). */
  botLevel: z.enum(BOT_LEVELS).default('medium'),
});
export type CreateChallenge = z.input<typeof createChallengeSchema>;

/** A challenge as both sides and the event stream see it: its table and who sent it. */
export const challengeSchema = z.object({
  /** The table's id: accept and decline name it. */
  id: z.string(),
  from: z.object({ id: z.string(), name: z.string() }),
  to: z.object({ id: z.string(), name: z.string() }),
  /** The seat kept for the challenged account. */
  seat: z.number().int().min(0).max(3),
  table: tableInfoSchema,
});
export type Challenge = z.infer<typeof challengeSchema>;

/** `POST /api/v1/challenges` (201). */
export const challengeAnswerSchema = z.object({ challenge: challengeSchema });
export type ChallengeAnswer = z.infer<typeof challengeAnswerSchema>;

/** `GET /api/v1/me/challenges`: the challenges waiting for the caller's answer, oldest first. */
export const challengesSchema = z.object({ challenges: z.array(challengeSchema) });
export type Challenges = z.infer<typeof challengesSchema>;

/** `POST /api/v1/challenges/:id/decline`: the table kept for you is gone (or the seat freed). */
export const declineAnswerSchema = z.object({ declined: z.string() });
export type DeclineAnswer = z.infer<typeof declineAnswerSchema>;

/**
 * One line of `GET /api/v1/stream/event`. On opening, the stream sends a `challenge` line for
 * each challenge still waiting for the account, then every event as it happens:
 * `challenge` (someone challenged you), `challengeDeclined` (your challenge was declined),
 * `seatWaiting` (a table keeps a seat for you: a rematch, an invitation), `gameStart` (a game
 * you sit at started: play it over the WebSocket). An empty line every few seconds keeps the
 * connection open through proxies; skip it.
 */
export const accountEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('challenge'), challenge: challengeSchema }),
  z.object({ type: z.literal('challengeDeclined'), challenge: challengeSchema }),
  z.object({ type: z.literal('seatWaiting'), table: tableInfoSchema, seat: z.number().int() }),
  z.object({ type: z.literal('gameStart'), table: tableInfoSchema, seat: z.number().int() }),
]);
export type AccountEvent = z.infer<typeof accountEventSchema>;

export const EMAIL_ADDRESS_MAX = 254;

/** What an account may be mailed about, each chosen on its own. */
export const emailOptInsSchema = z.object({
  /** "Your turn" in a game with a clock of days (at most one mail per table an hour). */
  yourTurn: z.boolean(),
  /** A challenge, an invitation to a table. */
  invitations: z.boolean(),
  /** A rematch someone asked for, keeping your seat. */
  rematches: z.boolean(),
});
export type EmailOptIns = z.infer<typeof emailOptInsSchema>;

/**
 * `PUT /api/v1/me/email`: the address (null removes it) and the opt-ins. A new address is
 * mailed a verification link; nothing else is sent to it until the link is opened.
 */
export const setEmailSchema = z.strictObject({
  address: z.string().trim().max(EMAIL_ADDRESS_MAX).nullable(),
  yourTurn: z.boolean().default(false),
  invitations: z.boolean().default(false),
  rematches: z.boolean().default(false),
});
export type SetEmail = z.input<typeof setEmailSchema>;

/** `GET /api/v1/me/email` and the answer of setting it. */
export const emailSettingsSchema = z.object({
  email: emailOptInsSchema
    .extend({
      address: z.string(),
      /** The verification link was opened. */
      verified: z.boolean(),
    })
    .nullable(),
  /** Whether this server sends mail at all (an SMTP server is configured). */
  enabled: z.boolean(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;
