/** A game is its record: options (with the seed), the card set if not classic, and the moves. */
import { applyMove } from './apply.ts';
import { createGame } from './setup.ts';
import type { CardSet, EngineError, GameEvent, GameOptions, GameState, Move } from './types.ts';

export interface GameRecord {
  format: 'gangsta-game';
  version: 1;
  options: GameOptions;
  cardSet?: CardSet;
  moves: Move[];
}

export type ReplayResult =
  | { ok: true; state: GameState; initial: GameState; events: GameEvent[][] }
  | { ok: false; error: EngineError; index: number };

/**
 * Plays a record from the start. `events[0]` are the setup events, `events[i + 1]` those of
 * move i. A record that does not replay names the move that failed.
 */
export function replay(record: GameRecord): ReplayResult {
  if (
    !record ||
    typeof record !== 'object' ||
    record.format !== 'gangsta-game' ||
    record.version !== 1
  ) {
    return {
      ok: false,
      index: -1,
      error: {
        code: 'INVALID_STATE',
        message: 'not a Gangsta! game record (format "gangsta-game", version 1)',
        params: {},
      },
    };
  }
  if (!Array.isArray(record.moves)) {
    return {
      ok: false,
      index: -1,
      error: { code: 'INVALID_STATE', message: 'the record has no move list', params: {} },
    };
  }
  const created = createGame({ ...record.options, cardSet: record.cardSet });
  if (!created.ok) return { ok: false, index: -1, error: created.error };
  let state = created.state;
  const events: GameEvent[][] = [created.events];
  for (let index = 0; index < record.moves.length; index++) {
    const result = applyMove(state, record.moves[index]);
    if (!result.ok) {
      const message = `move ${index + 1} of ${record.moves.length}: ${result.error.message}`;
      return { ok: false, index, error: { ...result.error, message } };
    }
    state = result.state;
    events.push(result.events);
  }
  return { ok: true, state, initial: created.state, events };
}
