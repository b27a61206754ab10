/**
 * Game files: a game is its record (options with the seed, and the moves). This module reads
 * a file someone picked and says clearly what is wrong with it, before the engine replays it.
 *
 * Beside the engine's record a file made by this client names who sat where: `players`, one
 * `{ kind, name }` per seat (a person or a bot level, and the name the table showed; null for
 * a seat that had none). The engine and the command line ignore the field. Files written
 * before it, and the server's records, have none: they open with every seat a person under
 * its default name ("Player 2"). A `players` field that is there but wrong is a damaged file.
 */
import {
  type GameRecord,
  gameOptionShape,
  MAX_PLAYERS,
  parseCardSet,
  replay,
} from '@gangsta/engine';
import { z } from 'zod';
import { SEAT_KINDS, type SeatKind } from './seats.ts';

/**
 * The options as the engine describes them (a flag left out takes its default), with the
 * seed required: a record without its seed is not that game.
 */
const optionsSchema = z.object({ ...gameOptionShape, seed: z.number().int() });

const moveSchema = z.looseObject({
  type: z.string(),
  seat: z
    .number()
    .int()
    .min(0)
    .max(MAX_PLAYERS - 1),
});

const recordSchema = z.object({
  format: z.literal('gangsta-game'),
  version: z.literal(1),
  options: optionsSchema,
  cardSet: z.unknown().optional(),
  moves: z.array(moveSchema),
});

/** Who sat at a seat, as a game file keeps it. */
export interface FilePlayer {
  kind: SeatKind;
  /** The name the table showed; null where the seat had the default ("Player 2"). */
  name: string | null;
}

/** The longest name a file may give a seat (online names and bots' names are shorter). */
export const FILE_NAME_MAX = 64;

const playersSchema = z.array(
  z.object({
    kind: z.enum(SEAT_KINDS),
    name: z.string().trim().min(1).max(FILE_NAME_MAX).nullable(),
  }),
);

/** Why a file was refused; `key` is an i18n key under `replay.importError`. */
export type RecordProblem =
  | { key: 'notJson' }
  | { key: 'notGame' }
  | { key: 'badField'; params: { field: string } }
  | { key: 'badCards'; params: { detail: string } }
  | { key: 'badOptions'; params: { detail: string } }
  | { key: 'badMove'; params: { index: number; detail: string } };

export type ParsedRecord =
  | {
      ok: true;
      record: GameRecord;
      /** Who sat where, one per seat; null for a file that does not say (older files). */
      players: FilePlayer[] | null;
    }
  | { ok: false; problem: RecordProblem };

/** Checks a file's text: JSON, then the record's shape, then a full replay by the engine. */
export function parseGameFile(text: string): ParsedRecord {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: { key: 'notJson' } };
  }
  if (
    !data ||
    typeof data !== 'object' ||
    (data as { format?: unknown }).format !== 'gangsta-game'
  ) {
    return { ok: false, problem: { key: 'notGame' } };
  }
  const shape = recordSchema.safeParse(data);
  if (!shape.success) {
    // A failed parse reports at least one issue; the first names the field.
    const path = shape.error.issues[0]?.path ?? [];
    return {
      ok: false,
      problem: { key: 'badField', params: { field: path.join('.') || '-' } },
    };
  }
  const players = parsePlayers((data as { players?: unknown }).players, shape.data.options.players);
  if (players !== null && !players.ok) return { ok: false, problem: players.problem };
  const record = shape.data as GameRecord;
  if (shape.data.cardSet !== undefined) {
    try {
      record.cardSet = parseCardSet(shape.data.cardSet);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { ok: false, problem: { key: 'badCards', params: { detail } } };
    }
  }
  const replayed = replay(record);
  if (!replayed.ok && replayed.index < 0) {
    return {
      ok: false,
      problem: { key: 'badOptions', params: { detail: replayed.error.message } },
    };
  }
  if (!replayed.ok) {
    return {
      ok: false,
      problem: {
        key: 'badMove',
        params: { index: replayed.index + 1, detail: replayed.error.message },
      },
    };
  }
  return { ok: true, record, players: players?.players ?? null };
}

/** The file's `players`: absent (null), one valid entry per seat, or the first wrong field. */
function parsePlayers(
  data: unknown,
  seats: number,
): null | { ok: true; players: FilePlayer[] } | { ok: false; problem: RecordProblem } {
  if (data === undefined) return null;
  const shape = playersSchema.safeParse(data);
  if (!shape.success) {
    const path = ['players', ...(shape.error.issues[0]?.path ?? [])].join('.');
    return { ok: false, problem: { key: 'badField', params: { field: path } } };
  }
  if (shape.data.length !== seats) {
    return { ok: false, problem: { key: 'badField', params: { field: 'players' } } };
  }
  return { ok: true, players: shape.data };
}

/** The file's text: the record, and with `players` (one per seat) who sat where. */
export function serializeRecord(record: GameRecord, players?: readonly FilePlayer[]): string {
  const file = players
    ? {
        ...record,
        players: players.map(({ kind, name }) => ({ kind, name: name?.trim() || null })),
      }
    : record;
  return `${JSON.stringify(file, null, 1)}\n`;
}

/** A file name such as `gangsta-2026-11-21-seed-42.json`. */
export function recordFileName(record: GameRecord, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return `gangsta-${day}-seed-${record.options.seed}.json`;
}
