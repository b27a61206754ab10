/**
 * Who sits at each seat: a person at this screen, or a bot of some strength. The bots package
 * itself is only loaded inside the bot worker, so this file names the levels as plain strings.
 */
export const SEAT_KINDS = ['human', 'random', 'easy', 'medium', 'hard'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];
export type BotSeatKind = Exclude<SeatKind, 'human'>;

/** A bot's seat; `undefined` (no such seat) is none. */
export function isBotKind(kind: SeatKind | undefined): kind is BotSeatKind {
  return kind !== undefined && kind !== 'human';
}

export function humanSeats(seats: readonly SeatKind[]): number[] {
  return seats.flatMap((kind, seat) => (kind === 'human' ? [seat] : []));
}

// The bots' seed per decision (imported from its own module: the first bundle stays free of
// the bots themselves, which load in the worker).
export { botSeed } from '@gangsta/bots/seed';
