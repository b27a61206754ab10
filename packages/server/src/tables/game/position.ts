/**
 * A table's game as the server holds it: the engine state plus the effective move list and
 * the events of every move, and the table's version (rows in its log, moves and undos).
 * Positions are immutable values: a move makes a new one, so rolling back a failed commit is
 * putting the old one back.
 */
import {
  applyLegalMove,
  applyMove,
  canUndo,
  createGame,
  decidingSeats,
  type EngineError,
  type GameEvent,
  type GameOptions,
  type GameRecord,
  type GameState,
  legalMoves,
  type Move,
  pendingDecision,
  replay,
  type Seat,
} from '@gangsta/engine';

export interface Position {
  state: GameState;
  /** The moves in effect (undone ones removed), for the record and the replay. */
  moves: readonly Move[];
  /**
   * The events of the last moves only (a table's memory should not grow with its game):
   * `events[k]` is entry `eventsFrom + k` of the whole list, whose entry 0 is the setup and
   * entry i + 1 the events of move i. `allEvents` gives the whole list (by replay if needed).
   */
  events: readonly GameEvent[][];
  eventsFrom: number;
  /** Whether move i was a bot's. */
  byBot: readonly boolean[];
  /** Rows in the table's log. */
  version: number;
  /** The version right after the latest undo (0 if none): a client behind it needs a full sync. */
  undoneAt: number;
}

/**
 * Moves whose events a position keeps. A live update tells of the moves of one commit, rarely
 * more than a few; a client catching up after a reconnection (up to `MAX_CATCH_UP` moves) or
 * a full sync gets older events rebuilt by replay (`allEvents`, well under a millisecond). Each
 * move's events cost about 370 bytes, so a longer window was most of a game's memory.
 */
export const EVENTS_KEPT = 8;

/** The last `EVENTS_KEPT` moves' events (and the setup's while the game is that short). */
export function recentEvents(events: readonly GameEvent[][], from: number) {
  const drop = Math.max(0, events.length - (EVENTS_KEPT + 1));
  return { events: drop > 0 ? events.slice(drop) : events, eventsFrom: from + drop };
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
      eventsFrom: 0,
      byBot: [],
      version: 0,
      undoneAt: 0,
    },
  };
}

/** Every seat's legal moves, once per position (the frames sent, the moves checked). */
const legalCache = new WeakMap<Position, { all: Move[]; deciding: Seat[] }>();

/** The position's legal moves, and the seats that must decide (in seat order). */
export function legalOf(position: Position): { all: Move[]; deciding: Seat[] } {
  let cached = legalCache.get(position);
  if (!cached) {
    const over = isOver(position);
    const all = over ? [] : legalMoves(position.state);
    const deciding = over ? [] : decidingSeats(pendingDecision(position.state));
    cached = { all, deciding };
    legalCache.set(position, cached);
  }
  return cached;
}

/** The seats that must decide in this position (the engine's `decidingSeats`, cached with the legal moves). */
export function decidingAt(position: Position): readonly Seat[] {
  return legalOf(position).deciding;
}

/** Whether `input` is `move` field for field: the same keys, equal values, nothing else. */
function sameMove(move: Move, input: Record<string, unknown>): boolean {
  const fields = move as unknown as Record<string, unknown>;
  const keys = Object.keys(input);
  if (keys.length !== Object.keys(fields).length) return false;
  for (const key of keys) {
    const mine = fields[key];
    const theirs = input[key];
    if (mine === theirs) continue;
    if (!Array.isArray(mine) || !Array.isArray(theirs) || mine.length !== theirs.length)
      return false;
    for (let i = 0; i < mine.length; i++) if (mine[i] !== theirs[i]) return false;
  }
  return true;
}

/**
 * The legal move of the position equal to `input`, if there is one. The position's legal moves
 * are listed once anyway (for the frames of the watchers), so a move found among them needs
 * no second check by the engine (`applyLegalMove`); anything else (a move not legal, not
 * well-formed) goes through the engine's checked `applyMove` and its exact refusal.
 */
function legalMatch(position: Position, input: unknown): Move | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  if (Object.getPrototypeOf(input) !== Object.prototype) return undefined;
  const fields = input as Record<string, unknown>;
  for (const move of legalOf(position).all) {
    if (move.type === fields.type && move.seat === fields.seat && sameMove(move, fields))
      return move;
  }
  return undefined;
}

/**
 * The position after a move. The move is kept as given: a client's move has been through the
 * protocol's strict move schema (no field beyond the move's own), a bot's and a stored one are
 * the engine's, so each is already what belongs in the log. A move equal to one of the
 * position's legal moves is applied without the engine checking it again (`legalMatch`).
 */
export function playMove(position: Position, move: unknown, byBot: boolean): PositionResult {
  const legal = legalMatch(position, move);
  const result = legal ? applyLegalMove(position.state, legal) : applyMove(position.state, move);
  if (!result.ok) return result;
  return {
    ok: true,
    position: {
      state: result.state,
      moves: [...position.moves, move as Move],
      ...recentEvents([...position.events, result.events], position.eventsFrom),
      byBot: [...position.byBot, byBot],
      version: position.version + 1,
      undoneAt: position.undoneAt,
    },
  };
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
      ...recentEvents(replayed.events, 0),
      byBot: position.byBot.slice(0, -1),
      version,
      undoneAt: version,
    },
  };
}

/** Whole event lists rebuilt by replay, once per position (a sync to several seats shares it). */
const replayedEvents = new WeakMap<Position, readonly GameEvent[][]>();

/** Every event of the game, setup first: kept, or rebuilt from the moves (under a millisecond). */
export function allEvents(position: Position): readonly GameEvent[][] {
  if (position.eventsFrom === 0) return position.events;
  let events = replayedEvents.get(position);
  if (!events) {
    const replayed = replay(recordOf(position.state.options, position.moves));
    if (!replayed.ok) throw new Error(`a position does not replay: ${replayed.error.message}`);
    events = replayed.events;
    replayedEvents.set(position, events);
  }
  return events;
}

/** The events of move `index`: kept, or rebuilt with the whole list (`allEvents`). */
export function eventsOfMove(position: Position, index: number): GameEvent[] {
  const kept = position.events[index + 1 - position.eventsFrom];
  if (kept) return kept;
  const events = allEvents(position)[index + 1];
  if (!events) throw new Error(`move ${index} is not in the game (${position.moves.length} moves)`);
  return events;
}

export function recordOf(options: GameOptions, moves: readonly Move[]): GameRecord {
  return { format: 'gangsta-game', version: 1, options, moves: [...moves] };
}

export function isOver(position: Position): boolean {
  return position.state.phase === 'gameOver';
}
