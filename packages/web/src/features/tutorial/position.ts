/**
 * The tutorial's game, without React: the scenario set up by the engine and the scripted
 * moves applied with `applyMove`, so the position at any step is rebuilt exactly (a reload or
 * "resume" lands on the same table).
 */
import {
  applyMove,
  createScenario,
  type EngineError,
  type GameEvent,
  type GameState,
  itemAt,
  type Move,
} from '@gangsta/engine';
import { stepMoves, TUTORIAL_SCENARIO, TUTORIAL_STEPS, type TutorialStep } from './script.ts';

export interface TutorialPosition {
  state: GameState;
  moves: Move[];
  /** events[i] came from moves[i] (a scenario has no setup events). */
  events: GameEvent[][];
}

export type PositionResult =
  | { ok: true; position: TutorialPosition }
  | { ok: false; error: EngineError; step: number };

export function startPosition(): PositionResult {
  const created = createScenario(TUTORIAL_SCENARIO);
  if (!created.ok) return { ok: false, error: created.error, step: 0 };
  return { ok: true, position: { state: created.state, moves: [], events: [] } };
}

/** One more move; the engine's refusal is returned as it is. */
export function playMove(
  position: TutorialPosition,
  move: Move,
): { ok: true; position: TutorialPosition } | { ok: false; error: EngineError } {
  const result = applyMove(position.state, move);
  if (!result.ok) return result;
  return {
    ok: true,
    position: {
      state: result.state,
      moves: [...position.moves, move],
      events: [...position.events, result.events],
    },
  };
}

/** The position on which step `index` is shown: the scenario and every earlier step's moves. */
export function positionAt(
  index: number,
  steps: readonly TutorialStep[] = TUTORIAL_STEPS,
): PositionResult {
  const start = startPosition();
  if (!start.ok) return start;
  let position = start.position;
  for (let step = 0; step < Math.min(index, steps.length); step++) {
    for (const move of stepMoves(itemAt(steps, step, 'tutorial step'))) {
      const next = playMove(position, move);
      if (!next.ok) return { ok: false, error: next.error, step };
      position = next.position;
    }
  }
  return { ok: true, position };
}
