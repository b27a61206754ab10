/**
 * Tables: seats, who sits there, and where the table stands. A table is created by its host
 * with the same options as a local game; the server draws the seed when the game starts.
 */
import { type GameOptionShape, gameOptionShape } from '@gangsta/engine';
import { z } from 'zod';
import { clockInfoSchema } from './clock.ts';
import { BOT_LEVELS, LIMITS } from './limits.ts';
import { safeNameSchema } from './names.ts';
import { rematchInfoSchema } from './ratings.ts';

/** Display names: trimmed, 1–24 code points, nothing invisible (`names.ts`). */
export const playerNameSchema = safeNameSchema(LIMITS.nameMax, LIMITS.nameMin);

const { seed: _seed, bosses: _bosses, ...tableOptionShape } = gameOptionShape;

/**
 * The local game's options (the engine's `GAME_OPTIONS`: players, variants, table options,
 * `firstPlayer`), minus the seed (the server draws it) and the Bosses (dealt). `firstPlayer`:
 * who plays first (drawn from the seed when absent); a rematch passes the start on.
 */
export const tableOptionsSchema: TableOptionsSchema = z.strictObject(tableOptionShape);
/**
 * Its type, by name: the built package's declarations then refer to the engine's
 * `GameOptionShape` where tsc, spelling the shape out, wrote the ruleset's enum over a type
 * variable out of its scope (a declaration no consumer could compile).
 */
type TableOptionsSchema = z.ZodObject<Omit<GameOptionShape, 'seed' | 'bosses'>, z.core.$strict>;
export type TableOptions = z.infer<typeof tableOptionsSchema>;

/** How the host sets up a seat: open to anyone with the link, reserved for an invitation, or a bot. */
export const seatSetupSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('host') }),
  z.strictObject({ kind: z.literal('open') }),
  z.strictObject({
    kind: z.literal('invited'),
    label: safeNameSchema(LIMITS.nameMax, 0).optional(),
  }),
  z.strictObject({ kind: z.literal('bot'), level: z.enum(BOT_LEVELS) }),
]);
export type SeatSetup = z.infer<typeof seatSetupSchema>;

export const TABLE_STATUSES = ['waiting', 'playing', 'finished'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

/** A seat as everyone at the table sees it. */
export const seatInfoSchema = z.object({
  seat: z.number().int().min(0).max(3),
  /** `reserved`: kept for one player (a rematch), `name` is theirs, `reservedFor` their id. */
  kind: z.enum(['open', 'invited', 'reserved', 'player', 'bot']),
  /** The player's display name (a bot's is its level, translated by the client). */
  name: z.string().nullable(),
  playerId: z.string().nullable(),
  botLevel: z.enum(BOT_LEVELS).nullable(),
  /** Whether the player has a live connection to this table now. */
  connected: z.boolean(),
  host: z.boolean(),
  /** A bot plays this seat for its player (out of time, absent, or gone) until they take it back. */
  away: z
    .object({ reason: z.enum(['timeout', 'absent', 'left']), level: z.enum(BOT_LEVELS) })
    .nullable(),
  reservedFor: z.string().nullable().optional(),
  /** True when the player is a bot account (a program plays this seat); absent otherwise. */
  botAccount: z.boolean().optional(),
});
export type SeatInfo = z.infer<typeof seatInfoSchema>;

/** A table as anyone who can reach it sees it. */
export const tableInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  public: z.boolean(),
  status: z.enum(TABLE_STATUSES),
  options: tableOptionsSchema,
  seats: z.array(seatInfoSchema),
  hostId: z.string(),
  spectators: z.number().int().min(0),
  createdAt: z.string(),
  /** Moves played so far (0 before the start). */
  moveCount: z.number().int().min(0),
  clock: clockInfoSchema,
  /** The bot level that plays for a player who ran out of time, is absent, or left. */
  takeoverLevel: z.enum(BOT_LEVELS).optional(),
  /**
   * True when bot accounts may take its seats (the host's choice; always at a bot's own table);
   * absent otherwise.
   */
  allowBots: z.boolean().optional(),
  /** A finished table's rematch, once someone asked for one. */
  rematch: rematchInfoSchema.nullable().optional(),
});
export type TableInfo = z.infer<typeof tableInfoSchema>;

/**
 * What the host receives in addition: one invitation code per reserved seat. A reserved seat
 * is joined with the table's link plus its code (`#/online/<tableId>?invite=<code>`).
 */
export const hostTableInfoSchema = tableInfoSchema.extend({
  invites: z.record(z.string(), z.string()),
});
export type HostTableInfo = z.infer<typeof hostTableInfoSchema>;
