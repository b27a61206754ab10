/**
 * Who sits at each seat: a person at this screen, or a bot of some strength. The bots package
 * itself is only loaded inside the bot worker, so this file names the levels as plain strings.
 */
export const SEAT_KINDS = ['human', 'random', 'easy', 'medium', 'hard'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];
export type BotSeatKind = Exclude<SeatKind, 'human'>;

export function isBotKind(kind: SeatKind): kind is BotSeatKind {
  return kind !== 'human';
}

export function humanSeats(seats: readonly SeatKind[]): number[] {
  return seats.flatMap((kind, seat) => (kind === 'human' ? [seat] : []));
}

/**
 * A bot's seed for one decision, from the game seed, the seat and the move number: the same
 * position always gets the same bot answer, also after a reload.
 */
export function botSeed(gameSeed: number, seat: number, moveCount: number): number {
  let h = (gameSeed ^ 0x9e3779b9) >>> 0;
  for (const n of [seat, moveCount]) {
    h = Math.imul(h ^ (n + 0x7f4a7c15), 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
  }
  return h;
}
