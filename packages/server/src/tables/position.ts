/**
 * A table's game as the server holds it: the engine state plus the effective move list and
 * the events of every move, and the table's version (rows in its log, moves and undos).
 * Positions are immutable values: a move makes a new one, so rolling back a failed commit is
 * putting the old one back.
 */
import {
  applyMove,
  canUndo,
  createGame,
  type EngineError,
  type GameEvent,
  type GameOptions,
  type GameRecord,
  type GameState,
  legalMoves,
  type Move,
  moveKey,
  replay,
  type Seat,
} from '@gangsta/engine';

export interface Position {
  state: GameState;
  /** The moves in effect (undone ones removed), for the record and the replay. */
  moves: readonly Move[];
  /** `events[0]`: setup; `events[i + 1]`: those of move i. */
  events: readonly GameEvent[][];
  /** Whether move i was a bot's. */
  byBot: readonly boolean[];
  /** Rows in the table's log. */
  version: number;
  /** The version right after the latest undo (0 if none): a client behind it needs a full sync. */
  undoneAt: number;
}

export type PositionResult = { ok: true; position: Position } | { ok: false; error: EngineError };

export function startPosition(options: GameOptions): PositionResult {
  const created = createGame(options);
  if (!created.ok) return created;
  return {
    ok: true,
    position: {
      state: created.state,
      moves: [],
      events: [created.events],
      byBot: [],
      version: 0,
      undoneAt: 0,
    },
  };
}

/**
 * The position after a move. A move read from the store (`stored`) is already the engine's
 * own copy, so the search for it among the legal moves is skipped.
 */
export function playMove(
  position: Position,
  move: unknown,
  byBot: boolean,
  stored = false,
): PositionResult {
  const result = applyMove(position.state, move);
  if (!result.ok) return result;
  return {
    ok: true,
    position: {
      state: result.state,
      moves: [...position.moves, stored ? (move as Move) : canonical(position.state, move as Move)],
      events: [...position.events, result.events],
      byBot: [...position.byBot, byBot],
      version: position.version + 1,
      undoneAt: position.undoneAt,
    },
  };
}

/**
 * The engine's own copy of a move it accepted: what a client sent may carry extra fields,
 * and only the move itself belongs in the log.
 */
function canonical(state: GameState, move: Move): Move {
  const key = moveKey(move);
  return legalMoves(state, move.seat).find((legal) => moveKey(legal) === key) ?? move;
}

/** The seat that made the last move in effect, if any. */
export function lastMover(position: Position): Seat | null {
  const last = position.moves.at(-1);
  return last === undefined ? null : last.seat;
}

/** Whether `seat` may take back the last move now (its own, where the engine allows it). */
export function mayUndo(position: Position, seat: Seat | null): boolean {
  if (seat === null || position.state.phase === 'gameOver') return false;
  return lastMover(position) === seat && !position.byBot.at(-1) && canUndo(position.state);
}

/** The position without its last move, rebuilt by replay (the engine keeps no history). */
export function undoLast(position: Position): PositionResult {
  const moves = position.moves.slice(0, -1);
  const replayed = replay(recordOf(position.state.options, moves));
  if (!replayed.ok) return replayed;
  const version = position.version + 1;
  return {
    ok: true,
    position: {
      state: replayed.state,
      moves,
      events: replayed.events,
      byBot: position.byBot.slice(0, -1),
      version,
      undoneAt: version,
    },
  };
}

export function recordOf(options: GameOptions, moves: readonly Move[]): GameRecord {
  return { format: 'gangsta-game', version: 1, options, moves: [...moves] };
}

export function isOver(position: Position): boolean {
  return position.state.phase === 'gameOver';
}
