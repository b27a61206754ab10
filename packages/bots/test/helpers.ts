/** Shared helpers for the bots' tests: variant combinations and a mid-game position. */
import {
  applyMove,
  createGame,
  type GameOptionsInput,
  type GameState,
  itemAt,
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

/**
 * Variant set number `n` (bits of n switch the flags; expert resources implies resources; the
 * next bit plays the printed ruleset, R-OPT-4).
 */
export function variantCombo(n: number): Omit<GameOptionsInput, 'players'> {
  const out: Record<string, boolean> = {};
  FLAGS.forEach((flag, bit) => {
    out[flag] = Boolean(n & (1 << bit));
  });
  if (out.expertResources) out.resources = true;
  return { ...out, ruleset: n & (1 << FLAGS.length) ? 'printed' : 'online' };
}

/** The flag combinations; `variantCombo(n + COMBOS)` is combination n with the printed rules. */
export const COMBOS = 1 << FLAGS.length;

/** A game advanced by heuristic players until `stop` says so (or the game ends). */
/** The seat whose decision comes first (the first of several keeping resources). */
export function seatToDecide(state: GameState): number {
  const decision = pendingDecision(state);
  if (decision.kind === 'keepResources') return itemAt(decision.seats, 0, 'keeping seat');
  return 'seat' in decision ? decision.seat : 0;
}

export function advance(options: GameOptionsInput, stop: (state: GameState) => boolean): GameState {
  const created = createGame(options);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const bots = state.players.map((_, seat) => createBot({ kind: 'heuristic', seed: seat }));
  while (!stop(state) && state.phase !== 'gameOver') {
    const seat = seatToDecide(state);
    const move = itemAt(bots, seat, 'bot').decide(
      viewFor(state, seat),
      legalMoves(state, seat),
    ).move;
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return state;
}

/**
 * The same position with every hidden deck in another order: what a seat sees is unchanged, so
 * anything that reads only its view must decide alike (information.test.ts, review.test.ts).
 */
export function permuteHidden(state: GameState): GameState {
  const rotate = <T>(list: T[]): T[] => {
    const [first, ...rest] = list;
    return first !== undefined && rest.length > 0 ? [...rest, first].reverse() : [...list];
  };
  return {
    ...structuredClone(state),
    heistDeck: rotate(state.heistDeck),
    gangsterDeck: rotate(state.gangsterDeck),
    resourceDeck: rotate(state.resourceDeck),
    rng: (state.rng + 12345) >>> 0,
  };
}
