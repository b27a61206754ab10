/**
 * Refusals. The engine's typed error codes pass through unchanged (a move the rules refuse);
 * the server adds its own for everything around the game. Clients translate by `code`, with
 * `params` for the details; `message` is an English sentence for logs and tests.
 */
import { z } from 'zod';

export const SERVER_ERROR_CODES = [
  /** The message is not JSON or does not match its schema. */
  'BAD_MESSAGE',
  /** The frame or body is larger than the limits allow. */
  'TOO_LARGE',
  /** Too many messages (per connection or per address); try again after `params.retryMs`. */
  'RATE_LIMITED',
  /** The client speaks another protocol version. */
  'PROTOCOL_VERSION',
  /** No player token, or an unknown one. */
  'UNAUTHENTICATED',
  'UNKNOWN_TABLE',
  /** Only the host may do this (start, remove a player). */
  'NOT_HOST',
  /** The sender holds no seat at this table (or not the seat the move names). */
  'NOT_SEATED',
  'SEAT_TAKEN',
  /** The seat is reserved for an invitation and the code is missing or wrong. */
  'BAD_INVITE',
  'ALREADY_SEATED',
  /** Not possible in the table's current status (joining a started table, a move before the start…). */
  'WRONG_STATUS',
  /** The host starts only when every seat is filled. */
  'SEATS_NOT_FILLED',
  /** The move was made against an older position than the current one: a `sync` follows. */
  'STALE',
  /** The same client move id was already used for another move. */
  'DUPLICATE_ID',
  'CANNOT_UNDO',
  'BAD_NAME',
  'BAD_OPTIONS',
  'BAD_CARD_SET',
  'BAD_CHAT',
  'NOT_FOUND',
  /** Login: the username and password do not match an account (never says which is wrong). */
  'BAD_CREDENTIALS',
  /** Creating an account: another account has this username (compared case-insensitively). */
  'USERNAME_TAKEN',
  /** Creating an account: this player already is one. */
  'ALREADY_ACCOUNT',
  /** Becoming a bot account: only an account may, and only one that has never taken a seat. */
  'NOT_BOT_ELIGIBLE',
  /** A bot account may sit only at tables whose host allows bot accounts (`allowBots`). */
  'BOTS_NOT_ALLOWED',
  /** A password has 8 to 200 characters. */
  'BAD_PASSWORD',
  /** A username has 3 to 24 letters, digits, "_", "." or "-". */
  'BAD_USERNAME',
  /** The seat is kept for another player (a rematch). */
  'SEAT_RESERVED',
  /** A webhook address that is not http(s), or that points into a private network. */
  'BAD_WEBHOOK',
  /** Not a mail address (email notifications), or none is set. */
  'BAD_EMAIL',
  /** The player hosts as many open (waiting or playing) tables as allowed (`params.max`). */
  'TOO_MANY_TABLES',
  /** The connection watches as many tables as allowed (`params.max`): unwatch one first. */
  'TOO_MANY_WATCHED',
  /** The table has as many spectators as allowed (`params.max`). */
  'TOO_MANY_SPECTATORS',
  /**
   * The server cannot reach its database for the moment (a restart, a network blip): nothing
   * was changed or acknowledged. Not a refusal of the request itself: the client sends it again
   * (a move with the same id, a `hello` anew) after `params.retryMs`, backing off while it
   * lasts. The same `retryMs` as RATE_LIMITED, so one retry path serves both.
   */
  'UNAVAILABLE',
  /** A player at the table blocked the one who asks for a seat (`moderation.ts`). */
  'BLOCKED',
  /** The player's mute or block list holds as many players as allowed (`params.max`). */
  'TOO_MANY_LISTED',
  /** A page of another site may not do this (a WebSocket, a change by cookie): `params.origin`. */
  'BAD_ORIGIN',
  /** The server failed; nothing was changed. */
  'INTERNAL',
] as const;

export const ENGINE_ERROR_CODES = [
  'MALFORMED_MOVE',
  'GAME_OVER',
  'WRONG_SEAT',
  'UNKNOWN_CARD',
  'ILLEGAL_MOVE',
  'INVALID_OPTIONS',
  'INVALID_STATE',
  'INVALID_SCENARIO',
  'NOTHING_TO_UNDO',
] as const;

export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];
export type ProtocolErrorCode = ServerErrorCode | (typeof ENGINE_ERROR_CODES)[number];

export const protocolErrorSchema = z.object({
  code: z.enum([...SERVER_ERROR_CODES, ...ENGINE_ERROR_CODES]),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type ProtocolError = z.infer<typeof protocolErrorSchema>;

export function protocolError(
  code: ProtocolErrorCode,
  message: string,
  params: ProtocolError['params'] = {},
): ProtocolError {
  return { code, message, params };
}
