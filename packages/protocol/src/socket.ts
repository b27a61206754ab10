/**
 * The WebSocket side of the protocol (`/api/v1/ws`). Every frame is one JSON object with a
 * `type`. A client first says `hello` (with its token, if it has one), then `watch`es the
 * tables it has open: seated players receive their own seat's view, everyone else the public
 * one (`viewFor(state, null)`).
 *
 * Versions: each table has a version, the number of rows in its move log (moves and undos).
 * A client sends the version it has seen with every move; a move made against another version
 * is refused with STALE and a fresh `sync` follows — unless the connection has had its share of
 * full syncs for the minute (the server's `SYNCS_PER_MINUTE`): then the STALE says
 * `params.sync: false` and `params.retryMs`, after which the client watches the table again. A client that sees a version gap, or
 * reconnects, `watch`es again with the version it has: it receives the moves it missed as one
 * `update`, or a full `sync` when that is not possible (an undo happened, or too much).
 *
 * Moves are idempotent: the client gives each an `id` of its own and resends it with the same
 * id until it gets `ack` or `rejected`; the server answers a repeated id with the first answer
 * and never applies a move twice. A move `rejected` with RATE_LIMITED was not applied: the
 * client sends it again, with the same id, after `params.retryMs`. So too with UNAVAILABLE (the
 * server cannot reach its database just now), backing off while it lasts; and a `hello`
 * answered by an `error` frame with UNAVAILABLE (no `welcome`) is said again after
 * `params.retryMs` on the same socket.
 */
import type { GameEvent, GameView, Move, Seat } from '@gangsta/engine';
import { moveSchema as engineMoveSchema, gameEventSchema, gameViewSchema } from '@gangsta/engine';
import type { Operation } from 'fast-json-patch';
import { z } from 'zod';
import { noticeSchema } from './clock.ts';
import { protocolErrorSchema } from './errors.ts';
import { playerSchema } from './http.ts';
import { LIMITS } from './limits.ts';
import { textLength } from './names.ts';
import { tableInfoSchema } from './tables.ts';

const tableId = z.string().min(1).max(64);
const clientMoveId = z.string().min(1).max(64);
const version = z.number().int().min(0);

/**
 * A move, in the engine's own strict shape (`packages/engine/src/moveSchema.ts`): a known
 * `type`, a seat 0–3, card ids of at most 40 characters, at most 3 of them, and no other
 * field. So a move is bounded in size and depth before anything else reads it: a frame that
 * nests a "move" thousands of levels deep is refused here (BAD_MESSAGE) instead of reaching
 * code that walks it (the resent-id comparison once overflowed the stack on one). The engine
 * still checks the move against the rules (UNKNOWN_CARD, ILLEGAL_MOVE…).
 */
export const moveSchema: z.ZodType<Move> = engineMoveSchema as z.ZodType<Move>;

/**
 * The engine's own data (a view, a log line, a move with its events), checked here as an
 * object only, as a client parses it. The documents describe it field by field from
 * `documentedServerMessageSchema` below; the title and description are what a `z.custom`
 * says where it is converted all the same.
 */
const objectOf = <T>(what: string, title: string, description: string) =>
  z
    .custom<T>((value) => typeof value === 'object' && value !== null, `${what} is an object`)
    .register(z.globalRegistry, { title, description });

// --- client → server ---------------------------------------------------------------------

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('hello'),
    protocol: z.number().int(),
    token: z.string().max(128).optional(),
  }),
  z.strictObject({
    type: z.literal('watch'),
    table: tableId,
    seen: version.optional(),
    /**
     * false: this watch's live updates carry the whole `frame` (without the card set) instead
     * of a JSON Patch, so a client needs no JSON Patch library (protocol 2.1). Each watch says
     * it again: a watch without it gets patches.
     */
    patches: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal('unwatch'), table: tableId }),
  z.strictObject({
    type: z.literal('move'),
    table: tableId,
    id: clientMoveId,
    seen: version,
    move: moveSchema,
  }),
  z.strictObject({ type: z.literal('undo'), table: tableId, id: clientMoveId, seen: version }),
  z.strictObject({
    type: z.literal('chat'),
    table: tableId,
    /** 1–`chatMax` code points (`names.ts`); UTF-16 units bound the raw text first. */
    text: z
      .string()
      .trim()
      .min(1)
      .max(LIMITS.chatMax * 2)
      .refine(
        (text) => textLength(text) <= LIMITS.chatMax,
        'a chat line has at most 300 characters',
      ),
  }),
  /** The seat's player takes their seat back from the bot that plays it. */
  z.strictObject({ type: z.literal('resume'), table: tableId }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

// --- server → client ---------------------------------------------------------------------

/** One line of a recipient's game log: an event with the index of the move that caused it (-1: setup). */
export interface LogLine {
  moveIndex: number;
  event: GameEvent;
  /**
   * Present when a bot made this line's move: the seat it moved for (a bot's own seat, or a
   * person's seat while a bot played it for them), so that a log read after a reload can still
   * say who really moved. Absent for people's moves and the setup.
   */
  botSeat?: Seat;
}

/** The position as one recipient may see it. */
export interface GameFrame {
  /** The recipient's seat, or null for a spectator. */
  seat: Seat | null;
  moveCount: number;
  view: GameView;
  /** The recipient's legal moves when it must decide now; otherwise empty. */
  legal: Move[];
  /** Whether the recipient may take back the last move (the engine's `canUndo`, own move only). */
  canUndo: boolean;
  /** Seats that must decide now. */
  deciding: Seat[];
  over: boolean;
}

/**
 * The position in an `update`: the same as in a `sync`, but the view has no `cards`. The card
 * set (about 20 KB) never changes during a game, so it travels once, with the `sync`, and the
 * client keeps it; a client that has none asks for a `sync` (`watch` without `seen`).
 */
export interface UpdateFrame extends Omit<GameFrame, 'view'> {
  view: Omit<GameView, 'cards'>;
}

/** A move as everyone learns of it, with the events the recipient may see. */
export interface MoveNews {
  index: number;
  seat: Seat;
  byBot: boolean;
  /** The move itself, so the table can announce and animate it; null when it is secret to
   * the recipient (another seat's resource choice, R-SETUP-3). */
  move: Move | null;
  events: GameEvent[];
}

export const chatLineSchema = z.object({
  from: z.string(),
  seat: z.number().int().nullable(),
  text: z.string(),
  at: z.string(),
  /** The line's number at its table: what a report or the host's removal names. */
  seq: z.number().int().optional(),
  /** Who wrote it (absent on a system notice): what muting and blocking go by. */
  playerId: z.string().optional(),
  /** A system notice (a bot took a seat over, a player is back): clients show it translated. */
  notice: noticeSchema.optional(),
});
export type ChatLine = z.infer<typeof chatLineSchema>;

const frameSchema = objectOf<GameFrame>(
  'a game frame',
  'GameFrame',
  "The position as the recipient may see it: `{ seat, moveCount, view, legal, canUndo, deciding, over }`, where `view` is the engine's `GameView` for that seat (with the card set, `view.cards`). Its inner shape is the engine's type (packages/protocol/src/socket.ts, GameFrame), not described by this schema.",
);
const updateFrameSchema = objectOf<UpdateFrame>(
  'a game frame',
  'UpdateFrame',
  "A GameFrame whose view has no `cards` (the card set travels with the sync only). Its inner shape is the engine's type (packages/protocol/src/socket.ts, UpdateFrame), not described by this schema.",
);
/**
 * The JSON Patch (RFC 6902) of an `update`: it turns the frame a watcher holds into the next
 * one (frameDelta.ts makes and applies it).
 */
export type FramePatch = Operation[];

const patchOperationSchema = z.looseObject({
  op: z.enum(['add', 'remove', 'replace', 'move', 'copy', 'test']),
  path: z.string(),
}) as unknown as z.ZodType<FramePatch[number]>;
const logSchema = z.array(
  objectOf<LogLine>(
    'a log line',
    'LogLine',
    "`{ moveIndex, event, botSeat? }`: an engine `GameEvent` the recipient may see, with the index of the move that caused it (-1: the setup) and, when a bot made that move, the seat it moved for. The event's shape is the engine's type, not described by this schema.",
  ),
);
const newsSchema = z.array(
  objectOf<MoveNews>(
    'a move',
    'MoveNews',
    '`{ index, seat, byBot, move, events }`: a move as the recipient learns of it (`move` is null when it is secret to the recipient), with the engine `GameEvent`s the recipient may see. Not described further by this schema.',
  ),
);

/** The schemas of the engine's data in the server's messages: checked loosely, or documented. */
interface FrameParts {
  frame: z.ZodType<GameFrame>;
  updateFrame: z.ZodType<UpdateFrame>;
  log: z.ZodType<LogLine[]>;
  news: z.ZodType<MoveNews[]>;
}

/** The server's messages, with the engine's data checked by `parts`. */
const serverMessages = ({
  frame: frameSchema,
  updateFrame: updateFrameSchema,
  log: logSchema,
  news: newsSchema,
}: FrameParts) =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('welcome'),
      protocol: z.number().int(),
      /** The server's PROTOCOL_MINOR: the features it offers (absent: 0). */
      minor: z.number().int().min(0).optional(),
      player: playerSchema.nullable(),
    }),
    z.object({ type: z.literal('table'), table: tableInfoSchema }),
    /** Everything the recipient needs to draw the table, from scratch. */
    z.object({
      type: z.literal('sync'),
      table: tableId,
      version,
      frame: frameSchema.nullable(),
      log: logSchema,
      chat: z.array(chatLineSchema),
    }),
    /**
     * Moves since `from` (exclusive), then the position after them: as a `patch` of the frame
     * of `from` (live updates, with a `digest` now and then, see frameDelta.ts), or as the whole
     * `frame` (an update that catches a reconnecting watcher up).
     */
    z.object({
      type: z.literal('update'),
      table: tableId,
      from: version,
      version,
      moves: newsSchema,
      frame: updateFrameSchema.optional(),
      patch: z.array(patchOperationSchema).optional(),
      digest: z.string().optional(),
    }),
    z.object({ type: z.literal('ack'), table: tableId, id: clientMoveId, version }),
    z.object({
      type: z.literal('rejected'),
      table: tableId,
      id: clientMoveId,
      error: protocolErrorSchema,
    }),
    z.object({ type: z.literal('chat'), table: tableId, line: chatLineSchema }),
    /** The host removed a spectator's chat line (`seq`): clients drop it. */
    z.object({ type: z.literal('chatRemoved'), table: tableId, seq: z.number().int() }),
    /** A refusal not tied to a move (bad frame, rate limit, unknown table…). */
    z.object({ type: z.literal('error'), table: tableId.nullable(), error: protocolErrorSchema }),
    /**
     * The server is shutting down (a restart or a deploy): the connection closes next, and the
     * client reconnects after about `retryMs`, to another process if there is one. Nothing
     * acknowledged is lost; unacknowledged moves are sent again with their ids.
     */
    z.object({ type: z.literal('closing'), reason: z.enum(['restart']), retryMs: version }),
  ]);

/**
 * Every message the server sends, as a client parses it: the engine's data (views, events)
 * checked as objects only. A client is not the judge of the engine's data, and a field a
 * newer server adds to a view must not make an older client drop the frame.
 */
export const serverMessageSchema = serverMessages({
  frame: frameSchema,
  updateFrame: updateFrameSchema,
  log: logSchema,
  news: newsSchema,
});

// --- the engine's data, described -----------------------------------------------------------
// The same messages with the engine's own zod schemas of the view, the events and the card set
// (packages/engine/src/viewSchema.ts, tested against every view and event of random games):
// what the JSON Schemas of `documents.ts` are made from, so that a client in another language
// knows every field. Not used to parse (see `serverMessageSchema`).

const seatSchema = z.number().int().min(0).max(3);

export const gameFrameSchema = z.object({
  seat: seatSchema.nullable(),
  moveCount: version,
  view: gameViewSchema,
  legal: z.array(engineMoveSchema),
  canUndo: z.boolean(),
  deciding: z.array(seatSchema),
  over: z.boolean(),
});

/** The view of an `update`'s frame: a `GameView` without `cards` (they travel with the sync). */
export const updateViewSchema = gameViewSchema.omit({ cards: true });
export const documentedUpdateFrameSchema = gameFrameSchema.extend({ view: updateViewSchema });

export const logLineSchema = z.object({
  moveIndex: z.number().int().min(-1),
  event: gameEventSchema,
  botSeat: seatSchema.optional(),
});

export const moveNewsSchema = z.object({
  index: version,
  seat: seatSchema,
  byBot: z.boolean(),
  move: engineMoveSchema.nullable(),
  events: z.array(gameEventSchema),
});

/** The server's messages with every field of the engine's data described (documents.ts). */
export const documentedServerMessageSchema = serverMessages({
  frame: gameFrameSchema as unknown as z.ZodType<GameFrame>,
  updateFrame: documentedUpdateFrameSchema as unknown as z.ZodType<UpdateFrame>,
  log: z.array(logLineSchema) as unknown as z.ZodType<LogLine[]>,
  news: z.array(moveNewsSchema) as unknown as z.ZodType<MoveNews[]>,
});

export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** Parses one frame's text; the error names what was wrong. */
export function parseClientMessage(
  text: string,
): { ok: true; message: ClientMessage } | { ok: false; problem: string } {
  return parseWith(clientMessageSchema, text);
}

export function parseServerMessage(
  text: string,
): { ok: true; message: ServerMessage } | { ok: false; problem: string } {
  return parseWith(serverMessageSchema, text);
}

/**
 * The longest problem text a refusal carries: a zod message can quote what the sender wrote
 * (an unknown key of 60 KB), and a refusal should not echo a frame back at its full size.
 */
export const PROBLEM_MAX = 200;

function parseWith<T>(
  schema: z.ZodType<T>,
  text: string,
): { ok: true; message: T } | { ok: false; problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  const problem = `${where}${issue?.message ?? 'invalid message'}`;
  return {
    ok: false,
    problem: problem.length > PROBLEM_MAX ? `${problem.slice(0, PROBLEM_MAX - 1)}…` : problem,
  };
}
