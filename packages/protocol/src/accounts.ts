/**
 * Accounts, sessions, "My games" and webhooks (HTTP, see the routes in `http.ts`).
 *
 * A guest (a player known by its bearer token) may turn its identity into an account: a
 * username and a password. The account is then reached from any device by logging in, which
 * starts a session kept in a signed, HttpOnly cookie; the server accepts either the bearer
 * token or the session cookie, over HTTP and on the WebSocket.
 */
import { z } from 'zod';
import { playerSchema } from './http.ts';
import { tableInfoSchema } from './tables.ts';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 24;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
/** Long enough for any real hook address (Discord's are about 120 characters). */
export const WEBHOOK_URL_MAX = 500;

/** Letters, digits, `_`, `.` and `-`: a username is shown and typed, never rendered as markup. */
export const usernameSchema = z
  .string()
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, "_", "." and "-" only');

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** `POST /api/v1/account`: the authenticated guest becomes this account. */
export const createAccountSchema = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
});
export type CreateAccount = z.infer<typeof createAccountSchema>;

/**
 * `POST /api/v1/login`. Checked loosely: a username or password that could never exist is
 * refused like a wrong one (BAD_CREDENTIALS), so that a refusal says nothing about accounts.
 */
export const loginSchema = z.strictObject({
  username: z.string().max(100),
  password: z.string().max(PASSWORD_MAX),
});
export type Login = z.infer<typeof loginSchema>;

export const accountSchema = z.object({
  username: z.string(),
  /** True for a bot account, which a program plays with its token (`POST /api/v1/account/bot`). */
  bot: z.boolean().optional(),
});
export type Account = z.infer<typeof accountSchema>;

/** `GET /api/v1/me`, and the answer of creating an account and of logging in. */
export const meAnswerSchema = z.object({
  player: playerSchema,
  account: accountSchema.nullable(),
  /** The player's webhook for "your turn" and "game over", if set. */
  webhook: z.string().nullable().optional(),
});
export type MeAnswer = z.infer<typeof meAnswerSchema>;

/**
 * `POST /api/v1/account/bot`: the account becomes a bot account, for good (as lichess's BOT
 * accounts). Only an account that has never taken a seat may; the answer carries a new token,
 * shown once, with which the program says `hello` (the player's former token stops working).
 * A bot account is marked wherever it appears, is rated like anyone, and sits only at tables
 * whose host allows bot accounts.
 */
export const botAccountAnswerSchema = z.object({
  player: playerSchema,
  account: accountSchema,
  token: z.string(),
});
export type BotAccountAnswer = z.infer<typeof botAccountAnswerSchema>;

/** `PUT /api/v1/me/webhook`: a Discord- or Slack-compatible address, or null to remove it. */
export const setWebhookSchema = z.strictObject({
  url: z.string().trim().max(WEBHOOK_URL_MAX).nullable(),
});
export type SetWebhook = z.infer<typeof setWebhookSchema>;

export const webhookAnswerSchema = z.object({ webhook: z.string().nullable() });

/** `POST /api/v1/me/webhook/test`: one delivery attempt, answered with how it went. */
export const webhookTestAnswerSchema = z.object({
  delivered: z.boolean(),
  /** The receiver's HTTP status, when it answered. */
  status: z.number().int().nullable(),
});
export type WebhookTestAnswer = z.infer<typeof webhookTestAnswerSchema>;

/** One of the player's tables on the "My games" page. */
export const myGameSchema = z.object({
  /** The table as its watchers see it (with its clock, when the table has one). */
  table: tableInfoSchema,
  /** The player's seat. */
  seat: z.number().int().min(0).max(3),
  /** The seats that must decide now (empty unless playing). */
  deciding: z.array(z.number().int().min(0).max(3)),
  /** Whether the player's seat is one of them. */
  yourTurn: z.boolean(),
  /**
   * A waiting table keeps a seat for the player that they have not taken yet (a rematch
   * someone else asked for, an invitation): `seat` is that seat. Absent otherwise.
   */
  seatWaiting: z.boolean().optional(),
  /** A finished game: the player's place (1-based, ties share one) and whether they won. */
  result: z.object({ place: z.number().int().min(1), won: z.boolean() }).optional(),
});
export type MyGame = z.infer<typeof myGameSchema>;

/** `GET /api/v1/me/games`: waiting and playing tables first, then the last finished ones. */
export const myGamesSchema = z.object({ games: z.array(myGameSchema) });
export type MyGames = z.infer<typeof myGamesSchema>;

/** The JSON body of a webhook delivery: `content` for Discord, `text` for Slack, details in `gangsta`. */
export interface WebhookBody {
  content: string;
  text: string;
  gangsta: {
    /** `seatWaiting`: a table keeps a seat for the player (a rematch, an invitation). */
    event: 'yourTurn' | 'seatWaiting' | 'gameOver' | 'test';
    table: string | null;
    tableName: string | null;
    url: string;
    /** Game over: the winners' names and everyone's total. */
    result?: { winners: string[]; scores: { name: string; total: number }[] };
  };
}
