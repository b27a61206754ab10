/**
 * The server-side truth after a game: the downloaded record replayed by the engine move by
 * move, and the move rows the server stored, read directly from its database.
 */
import {
  applyMove,
  createGame,
  type GameEvent,
  type GameRecord,
  type GameState,
} from '@gangsta/engine';
import Database from 'better-sqlite3';
import pg from 'pg';
import { groupBy } from '../../src/groupBy.ts';

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
  let state = created.state;
  for (const [index, move] of record.moves.entries()) {
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(`record move ${index} does not apply: ${result.error.message}`);
    state = result.state;
    states.push(state);
    events.push(result.events);
  }
  return { states, events, setupEvents: created.events, final: state };
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

const byTable = (rows: StoredMoveRow[]) => groupBy(rows, (row) => row.table_id);

const MOVE_ROWS =
  'SELECT table_id, seq, seat, kind, move, client_id, by_bot FROM moves ORDER BY table_id, seq';

/**
 * Every move row a server stored, per table in sequence order: from its PostgreSQL database,
 * or from its SQLite file (opened read-only).
 */
export async function readMoveRows(server: {
  databaseFile: string;
  databaseUrl: string | null;
}): Promise<Map<string, StoredMoveRow[]>> {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      return byTable((await client.query<StoredMoveRow>(MOVE_ROWS)).rows);
    } finally {
      await client.end();
    }
  }
  const db = new Database(server.databaseFile, { readonly: true, fileMustExist: true });
  try {
    return byTable(db.prepare(MOVE_ROWS).all() as StoredMoveRow[]);
  } finally {
    db.close();
  }
}
