/**
 * A bot's seed for one decision, from the game seed, the seat and the move number: the same
 * position always gets the same answer, also after a restart. The same formula as the web
 * client's `botSeed` (packages/web/src/game/seats.ts), so a table plays alike on both.
 */
export function botSeed(gameSeed: number, seat: number, moveCount: number): number {
  let h = (gameSeed ^ 0x9e3779b9) >>> 0;
  for (const n of [seat, moveCount]) {
    h = Math.imul(h ^ (n + 0x7f4a7c15), 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
  }
  return h;
}
