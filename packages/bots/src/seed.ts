/**
 * A bot's seed for one decision, from the game seed, the seat and the move number: the same
 * position always gets the same answer, also after a reload or a server restart. The web
 * client (local bots and hints) and the server (bot seats) both use it, so a table plays alike
 * wherever it runs. (The command line creates one bot per seat for a whole game instead, seeded
 * by its own `seatBotSeed`.)
 */
export function botSeed(gameSeed: number, seat: number, moveCount: number): number {
  let h = (gameSeed ^ 0x9e3779b9) >>> 0;
  for (const n of [seat, moveCount]) {
    h = Math.imul(h ^ (n + 0x7f4a7c15), 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
  }
  return h;
}
