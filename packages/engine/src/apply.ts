/**
 * The safe way to play: `applyMove` checks untrusted input, never throws and never changes the
 * state it is given; it returns a new state and the events, or a typed error.
 */
import { cardsOf } from './cards/index.ts';
import { cloneState } from './clone.ts';
import { makeCtx } from './context.ts';
import { currentDecision } from './decision.ts';
import { movesFor } from './legal.ts';
import { cardsNamed, parseMove } from './moveSchema.ts';
import { applyInPlace } from './step.ts';
import type { ApplyResult, EngineError, ErrorCode, GameState, Move } from './types.ts';

/** A stable string for a move: equal moves give equal keys. */
export function moveKey(move: Move): string {
  switch (move.type) {
    case 'keepResources':
      return `${move.seat}:keepResources:${[...move.cards].sort().join('+')}`;
    case 'bank':
      return `${move.seat}:bank:${move.amount}`;
    case 'target':
      return `${move.seat}:target:${move.target}`;
    case 'removeIcon':
      return `${move.seat}:removeIcon:${move.skill}`;
    default: {
      const named = cardsNamed(move);
      return named.length ? `${move.seat}:${move.type}:${named[0]}` : `${move.seat}:${move.type}`;
    }
  }
}

export function isGameOver(state: GameState): boolean {
  return state.phase === 'gameOver';
}

/** Whether the last move may be taken back (R-TURN-3): keep the previous state to restore it. */
export function canUndo(state: GameState): boolean {
  return state.moveCount > state.undoFloor;
}

function fail(code: ErrorCode, message: string, params: EngineError['params'] = {}): ApplyResult {
  return { ok: false, error: { code, message, params } };
}

export function applyMove(state: GameState, input: unknown): ApplyResult {
  try {
    return applyChecked(state, input);
  } catch (e) {
    return fail(
      'INVALID_STATE',
      `the state could not be played: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

function applyChecked(state: GameState, input: unknown): ApplyResult {
  const parsed = parseMove(input);
  if (!parsed.ok) return fail('MALFORMED_MOVE', `malformed move: ${parsed.message}`);
  const move = parsed.move;
  const params = { type: move.type, seat: move.seat };
  if (state.phase === 'gameOver')
    return fail('GAME_OVER', 'the game is over: no move can be made', params);
  const cards = cardsOf(state.cards);
  for (const id of cardsNamed(move)) {
    if (!cards.kindOf(id))
      return fail('UNKNOWN_CARD', `no card has the id ${id}`, { ...params, card: id });
  }
  const ctx = makeCtx(state, false);
  const decision = currentDecision(ctx);
  const legal = movesFor(ctx);
  const deciders = new Set(legal.map((m) => m.seat));
  if (!deciders.has(move.seat)) {
    return fail(
      'WRONG_SEAT',
      `seat ${move.seat} has no decision to make now (waiting for ${decision.kind})`,
      {
        ...params,
        decision: decision.kind,
      },
    );
  }
  const key = moveKey(move);
  if (!legal.some((m) => moveKey(m) === key)) {
    return fail(
      'ILLEGAL_MOVE',
      `${move.type} is not a legal move for seat ${move.seat} in ${decision.kind}`,
      {
        ...params,
        decision: decision.kind,
      },
    );
  }
  return applied(state, move);
}

/** The checked path's last step: the move on a copy of the state, with its events. */
function applied(state: GameState, move: Move): ApplyResult {
  const next = cloneState(state);
  const run = makeCtx(next, true);
  applyInPlace(run, move);
  return { ok: true, state: next, events: run.events!, undoable: canUndo(next) };
}

/**
 * `applyMove` for a move the caller has found among `legalMoves(state)` (that very move, or
 * one equal to it field for field): the same new state, events and undo, without checking
 * the move again (its shape, its cards, a generation of the legal moves, about half of
 * `applyMove`'s time). The state given is not changed. Anything else must go through
 * `applyMove`: what this does with a move that is not legal is undefined.
 */
export function applyLegalMove(state: GameState, move: Move): ApplyResult {
  try {
    return applied(state, move);
  } catch (e) {
    return fail(
      'INVALID_STATE',
      `the state could not be played: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}
