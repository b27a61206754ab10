/**
 * Bots' reasons in the terminal, in English (the bots give message ids; the bots package words
 * them): the tip a human asks for with `t`, and with `--explain` why each bot moved as it did.
 */
import { createBot, describeReason, type Reason } from '@gangsta/bots';
import {
  type GameState,
  type GameView,
  legalMoves,
  type Move,
  type Seat,
  viewFor,
} from '@gangsta/engine';
import { cardName } from '../render/cards.ts';
import { type RenderContext, seatName } from '../render/context.ts';
import { describeMove } from '../render/moves.ts';

export function reasonText(reason: Reason, ctx: RenderContext): string {
  return describeReason(
    reason,
    (id) => cardName(ctx.cards, id),
    (seat) => seatName(ctx, seat),
  );
}

/** What the easy (heuristic) bot would play in `seat`'s place, and why. */
export function tipFor(state: GameState, seat: Seat, ctx: RenderContext): string {
  return tipForView(viewFor(state, seat), legalMoves(state, seat), ctx);
}

/** The same from a seat's view and legal moves (online play has no state, only the view). */
export function tipForView(view: GameView, legal: Move[], ctx: RenderContext): string {
  if (legal.length === 0) return 'Nothing to decide here.';
  const { move, reason } = createBot({ kind: 'heuristic', seed: 0 }).decide(view, legal);
  const why = reason ? ` — ${reasonText(reason, ctx)}` : '';
  return `Tip: ${describeMove(view, move, ctx)}${why}`;
}
