/**
 * Saved games on disk: a GameRecord (options + moves) as JSON. Loading checks the format
 * first and then replays every move through the engine, so a corrupt or tampered file is
 * refused with the reason (bad JSON, wrong format, illegal move at index k).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type GameEvent, type GameRecord, type GameState, replay } from '@gangsta/engine';
import { RuntimeError } from './errors.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the shape of a parsed file; returns the problem in words, or null if it looks right. */
export function recordProblem(data: unknown): string | null {
  if (!isObject(data)) return 'not a JSON object';
  if (data.format !== 'gangsta-game')
    return `"format" is ${JSON.stringify(data.format)}, expected "gangsta-game"`;
  if (data.version !== 1) return `"version" is ${JSON.stringify(data.version)}, expected 1`;
  if (!isObject(data.options)) return '"options" is missing or not an object';
  if (!Array.isArray(data.moves)) return '"moves" is missing or not a list';
  return null;
}

export function readRecord(file: string): GameRecord {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new RuntimeError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new RuntimeError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const problem = recordProblem(data);
  if (problem) throw new RuntimeError(`${file} is not a saved Gangsta! game: ${problem}`);
  return data as GameRecord;
}

export interface Replayed {
  record: GameRecord;
  state: GameState;
  /** The events of each move, index for index. */
  events: GameEvent[][];
}

/** Reads and replays a saved game; throws a RuntimeError naming the first bad move. */
export function loadGame(file: string): Replayed {
  const record = readRecord(file);
  const result = replay(record);
  if (!result.ok) {
    const at = result.index;
    const move = at >= 0 && at < record.moves.length ? ` ${JSON.stringify(record.moves[at])}` : '';
    const where = at < 0 ? 'its options' : `move #${at + 1} (index ${at})${move}`;
    throw new RuntimeError(
      `${file} does not replay: ${where} is refused (${result.error.code}: ${result.error.message})`,
    );
  }
  return { record, state: result.state, events: result.events };
}

export function writeRecord(file: string, record: GameRecord): void {
  try {
    writeFileSync(file, `${JSON.stringify(record, null, 1)}\n`);
  } catch (error) {
    throw new RuntimeError(
      `cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}
