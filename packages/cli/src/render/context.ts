/** What every renderer needs besides the view: the palette and how seats are called. */
import type { CardSet, Seat } from '@gangsta/engine';
import type { Palette } from './color.ts';

export interface RenderContext {
  cards: CardSet;
  c: Palette;
  /** Display name of each seat, e.g. "You", "Seat 2 (heuristic)". */
  seatNames: string[];
  /** The seat the terminal plays for, if any: "you" and "your" refer to it. */
  viewer: Seat | null;
}

export function seatName(ctx: RenderContext, seat: Seat): string {
  return ctx.seatNames[seat] ?? `Seat ${seat + 1}`;
}

/** "your" for the viewer, "Seat 2 (heuristic)'s" otherwise. */
export function possessive(ctx: RenderContext, seat: Seat): string {
  return seat === ctx.viewer ? 'your' : `${seatName(ctx, seat)}'s`;
}

const IRREGULAR: Record<string, string> = { has: 'have', readies: 'ready', is: 'are' };

/** "You gain" / "Seat 2 (random) gains": the subject and its verb, agreeing. */
export function subject(ctx: RenderContext, seat: Seat, verb: string): string {
  const name = seatName(ctx, seat);
  if (name !== 'You') return `${name} ${verb}`;
  return `You ${IRREGULAR[verb] ?? verb.replace(/s$/, '')}`;
}

/** "Your" / "Seat 2 (random)'s" at the start of a sentence. */
export function owner(ctx: RenderContext, seat: Seat): string {
  const name = seatName(ctx, seat);
  return name === 'You' ? 'Your' : `${name}'s`;
}
