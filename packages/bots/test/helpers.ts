/** Shared helpers for the bots' tests: variant combinations and a mid-game position. */
import {
  applyMove,
  createGame,
  type GameOptionsInput,
  type GameState,
  legalMoves,
  pendingDecision,
  viewFor,
} from '@gangsta/engine';
import { createBot } from '../src/index.ts';

const FLAGS = [
  'families',
  'resources',
  'expertResources',
  'minimumPassIncome',
  'catchUpCash',
  'privateHeistInfluence',
] as const;

/** Variant set number `n` (bits of n switch the flags; expert resources implies resources). */
export function variantCombo(n: number): Omit<GameOptionsInput, 'players'> {
  const out: Record<string, boolean> = {};
  FLAGS.forEach((flag, bit) => {
    out[flag] = Boolean(n & (1 << bit));
  });
  if (out.expertResources) out.resources = true;
  return out;
}

export const COMBOS = 1 << FLAGS.length;

/** A game advanced by heuristic players until `stop` says so (or the game ends). */
export function advance(options: GameOptionsInput, stop: (state: GameState) => boolean): GameState {
  const created = createGame(options);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const bots = state.players.map((_, seat) => createBot({ kind: 'heuristic', seed: seat }));
  while (!stop(state) && state.phase !== 'gameOver') {
    const decision = pendingDecision(state);
    const seat =
      decision.kind === 'keepResources'
        ? decision.seats[0]
        : 'seat' in decision
          ? decision.seat
          : 0;
    const move = bots[seat].decide(viewFor(state, seat), legalMoves(state, seat)).move;
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return state;
}
