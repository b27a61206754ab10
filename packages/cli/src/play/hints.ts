/**
 * Heist hints for the prompt: how many of the player's members a heist can engage, and the
 * activation order that engages everyone possible (R-HEIST-7), from the engine's solver.
 */
import {
  type GameState,
  type GameView,
  heistHint,
  playerAt,
  type Seat,
  solveHeist,
  viewFor,
} from '@gangsta/engine';
import { memberIcons } from '../render/cards.ts';
import { describeMember } from '../render/decision.ts';

/** "(can engage up to 3 of your members)" for a heist of the row, or '' when unknown. */
/** The seat's view: a state is seen from the seat; a view (online play) is used as it is. */
function seatView(game: GameState | GameView, seat: Seat): GameView {
  return 'viewer' in game ? game : viewFor(game, seat);
}

export function heistReach(state: GameState | GameView, seat: Seat, heist: string): string {
  const hint = heistHint(state, seat, heist);
  if (!hint.feasible) return ' (needs opponents’ members)';
  return ` (engages up to ${hint.maxEngaged} of yours)`;
}

/** The order that engages the most of your still-available members, in words. */
export function activationHint(state: GameState | GameView, seat: Seat): string | null {
  const heist = state.heist;
  if (!heist) return null;
  const view = seatView(state, seat);
  const activated = new Set(heist.activated.map((a) => a.member));
  const { gang } = playerAt(view, seat);
  const members = gang
    .filter((m) => !m.engaged && !activated.has(m.id))
    .map((m) => ({ id: m.id, icons: memberIcons(view.cards, m), seat }));
  const solution =
    heist.activated.length === 0
      ? heistHint(state, seat, heist.card)
      : solveHeist(heist.remaining, members);
  const [best] = solution.orders;
  if (!solution.feasible || !best) return null;
  const order = best.map((id) => describeMember(view, id)).join(' → ');
  const alternatives =
    solution.orders.length > 1 ? ` (${solution.orders.length} orders do it)` : '';
  return `Hint: ${order} engages ${solution.maxEngaged} of your members${alternatives}.`;
}
