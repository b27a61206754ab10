/**
 * The HTTP side of the protocol: request bodies and answers under `/api/v1`. A player is
 * identified by `Authorization: Bearer <token>`; the token is created by the server once
 * (≥ 128 random bits), kept by the browser, and stored by the server only as a hash.
 *
 *   POST /api/v1/players            { name }                 → PlayerCreated
 *   GET  /api/v1/me                                          → { player }
 *   PATCH /api/v1/me                { name }                 → { player }
 *   GET  /api/v1/tables             (public tables; ?list=waiting|playing&offset=N: a page) → Lobby
 *   DELETE /api/v1/tables/:id       (the host, before the start) → TableDeleted
 *   POST /api/v1/tables             CreateTable              → { table: HostTableInfo }
 *   GET  /api/v1/tables/:id                                  → { table: TableInfo | HostTableInfo }
 *   POST /api/v1/tables/:id/join    JoinTable                → { table, seat }
 *   POST /api/v1/tables/:id/leave                            → { table, seat }
 *                                   (during a game: the table's takeover bot plays the seat
 *                                   until its player sends `resume`)
 *   POST /api/v1/tables/:id/kick    { seat }                 → { table }
 *   POST /api/v1/tables/:id/start                            → { table }
 *   GET  /api/v1/tables/:id/record  (finished games, seated players) → GameRecord
 *
 * Accounts and sessions (schemas in `accounts.ts`). A session is a signed cookie
 * (HttpOnly, SameSite=Lax, 30 days); every route that takes the bearer token takes the
 * session cookie instead, and so does the WebSocket's `hello` without a token.
 *
 *   POST /api/v1/account            { username, password }  → 201 MeAnswer + session cookie
 *                                   (the authenticated guest becomes an account)
 *   POST /api/v1/login              { username, password }  → MeAnswer + session cookie
 *   POST /api/v1/logout                                      → { ok } (session revoked)
 *   GET  /api/v1/me/games           (waiting, playing, last 20 finished) → MyGames
 *   PUT  /api/v1/me/webhook         { url: string | null }   → { webhook }
 *   POST /api/v1/me/webhook/test    (one delivery attempt)   → WebhookTestAnswer
 *
 * `GET /api/v1/me` answers MeAnswer: `{ player, account: { username } | null, webhook }`.
 *
 * Ratings and rematches (schemas in `ratings.ts`):
 *
 *   GET  /api/v1/ratings?players=2|3|4                       → Leaderboard (by mu − 3σ)
 *   GET  /api/v1/players/:id/ratings                         → PlayerRatings (with history)
 *   GET  /api/v1/players/:username/profile                   → PlayerProfile (`profiles.ts`)
 *   GET  /api/v1/tables/:id/rating                           → TableRating (counted? moves)
 *   POST /api/v1/tables/:id/rematch (a seated player of a finished table) → { table, seat }
 *                                   (idempotent: every call returns the same new table; the
 *                                   caller takes the seat kept for them; `TableInfo.rematch`
 *                                   tells the finished table's watchers)
 *
 * Every refusal is `{ error: ProtocolError }` with a fitting HTTP status.
 */
import { z } from 'zod';
import { clockSettingSchema, NO_CLOCK } from './clock.ts';
import { protocolErrorSchema } from './errors.ts';
import { BOT_LEVELS, LIMITS } from './limits.ts';
import { safeNameSchema } from './names.ts';
import {
  hostTableInfoSchema,
  playerNameSchema,
  seatSetupSchema,
  tableInfoSchema,
  tableOptionsSchema,
} from './tables.ts';

export const playerSchema = z.object({ id: z.string(), name: z.string() });
export type Player = z.infer<typeof playerSchema>;

export const createPlayerSchema = z.strictObject({ name: playerNameSchema });
export type CreatePlayer = z.infer<typeof createPlayerSchema>;

export const playerCreatedSchema = z.object({ player: playerSchema, token: z.string() });
export type PlayerCreated = z.infer<typeof playerCreatedSchema>;

export const createTableSchema = z
  .strictObject({
    name: safeNameSchema(LIMITS.tableNameMax, 0).optional(),
    public: z.boolean(),
    options: tableOptionsSchema,
    /** One entry per seat, in seat order; exactly one is the host's. */
    seats: z.array(seatSetupSchema).min(2).max(4),
    /** The time control (friendly when absent). */
    clock: clockSettingSchema.default(NO_CLOCK),
    /** The bot that plays for a player who ran out of time, is absent, or left. */
    takeoverLevel: z.enum(BOT_LEVELS).default('medium'),
    /** Whether bot accounts (programs) may take its seats. */
    allowBots: z.boolean().default(false),
  })
  .refine((body) => body.seats.length === body.options.players, {
    message: 'one seat setup per player',
    path: ['seats'],
  })
  .refine((body) => body.seats.filter((seat) => seat.kind === 'host').length === 1, {
    message: 'exactly one seat is the host’s',
    path: ['seats'],
  })
  .refine((body) => (body.options.firstPlayer ?? 0) < body.options.players, {
    message: 'the first player is one of the seats',
    path: ['options', 'firstPlayer'],
  });
/** What a client sends (the clock and the takeover bot may be left out). */
export type CreateTable = z.input<typeof createTableSchema>;
/** The same, as the server reads it (defaults filled in). */
export type ParsedCreateTable = z.output<typeof createTableSchema>;

export const joinTableSchema = z.strictObject({
  /** The seat wanted; the first free one that fits when absent. */
  seat: z.number().int().min(0).max(3).optional(),
  invite: z.string().max(64).optional(),
});
export type JoinTable = z.infer<typeof joinTableSchema>;

export const kickSchema = z.strictObject({ seat: z.number().int().min(0).max(3) });

export const lobbySchema = z.object({
  waiting: z.array(tableInfoSchema),
  playing: z.array(tableInfoSchema),
  finished: z.array(tableInfoSchema),
  /** The offset of the next page of each list (`?list=…&offset=…`); null when there is none. */
  next: z
    .object({ waiting: z.number().int().nullable(), playing: z.number().int().nullable() })
    .optional(),
});
export type Lobby = z.infer<typeof lobbySchema>;

/**
 * The lobby's query (`GET /api/v1/tables?list=waiting&offset=50`): one list from an offset;
 * without `list`, the first page of every list. A page holds at most the server's
 * `LOBBY_PAGE_SIZE` tables per list (50 by default).
 */
// Other query parameters (a cache buster) are ignored: this is a read.
export const lobbyQuerySchema = z.object({
  list: z.enum(['waiting', 'playing']).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type LobbyQuery = z.output<typeof lobbyQuerySchema>;

/** The answer to `DELETE /api/v1/tables/:id` (the host, before the start). */
export const tableDeletedSchema = z.object({ deleted: z.string() });
export type TableDeleted = z.infer<typeof tableDeletedSchema>;

export const tableAnswerSchema = z.object({
  table: z.union([hostTableInfoSchema, tableInfoSchema]),
  seat: z.number().int().nullable().optional(),
});
export type TableAnswer = z.infer<typeof tableAnswerSchema>;

export const httpErrorSchema = z.object({ error: protocolErrorSchema });
export type HttpError = z.infer<typeof httpErrorSchema>;
