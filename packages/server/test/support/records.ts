/**
 * The server-side truth after a game: the downloaded record replayed by the engine move by
 * move, and the move rows of the SQLite file read directly (read-only, after the server stopped).
 */
import {
  applyMove,
  createGame,
  type GameEvent,
  type GameRecord,
  type GameState,
} from '@gangsta/engine';
import Database from 'better-sqlite3';

export interface ReplayedGame {
  /** `states[k]`: the state after k moves (`states[0]` the dealt game). */
  states: GameState[];
  /** `events[k]`: the events of move k (0-based), `setupEvents` those of the deal. */
  events: GameEvent[][];
  setupEvents: GameEvent[];
  final: GameState;
}

/** Replays a record, keeping every intermediate state; fails naming the move that does not apply. */
export function replaySteps(record: GameRecord): ReplayedGame {
  const created = createGame({ ...record.options, cardSet: record.cardSet });
  if (!created.ok)
    throw new Error(`the record's options do not start a game: ${created.error.message}`);
  const states = [created.state];
  const events: GameEvent[][] = [];
  for (const [index, move] of record.moves.entries()) {
    const result = applyMove(states[index], move);
    if (!result.ok) throw new Error(`record move ${index} does not apply: ${result.error.message}`);
    states.push(result.state);
    events.push(result.events);
  }
  return { states, events, setupEvents: created.events, final: states[states.length - 1] };
}

export interface StoredMoveRow {
  table_id: string;
  seq: number;
  seat: number;
  kind: string;
  move: string | null;
  client_id: string;
  by_bot: number;
}

/** Every move row of the database file, per table in sequence order (opened read-only). */
export function readMoveRows(databaseFile: string): Map<string, StoredMoveRow[]> {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        'SELECT table_id, seq, seat, kind, move, client_id, by_bot FROM moves ORDER BY table_id, seq',
      )
      .all() as StoredMoveRow[];
    const byTable = new Map<string, StoredMoveRow[]>();
    for (const row of rows) {
      const list = byTable.get(row.table_id) ?? [];
      list.push(row);
      byTable.set(row.table_id, list);
    }
    return byTable;
  } finally {
    db.close();
  }
}
