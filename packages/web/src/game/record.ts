/**
 * Game files: a game is its record (options with the seed, and the moves). This module reads
 * a file someone picked and says clearly what is wrong with it, before the engine replays it.
 */
import {
  type GameRecord,
  gameOptionShape,
  MAX_PLAYERS,
  parseCardSet,
  replay,
} from '@gangsta/engine';
import { z } from 'zod';

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

/** Why a file was refused; `key` is an i18n key under `replay.importError`. */
export type RecordProblem =
  | { key: 'notJson' }
  | { key: 'notGame' }
  | { key: 'badField'; params: { field: string } }
  | { key: 'badCards'; params: { detail: string } }
  | { key: 'badOptions'; params: { detail: string } }
  | { key: 'badMove'; params: { index: number; detail: string } };

export type ParsedRecord = { ok: true; record: GameRecord } | { ok: false; problem: RecordProblem };

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
    const issue = shape.error.issues[0];
    return {
      ok: false,
      problem: { key: 'badField', params: { field: issue.path.join('.') || '-' } },
    };
  }
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
  return { ok: true, record };
}

export function serializeRecord(record: GameRecord): string {
  return `${JSON.stringify(record, null, 1)}\n`;
}

/** A file name such as `gangsta-2026-11-21-seed-42.json`. */
export function recordFileName(record: GameRecord, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return `gangsta-${day}-seed-${record.options.seed}.json`;
}
