/**
 * The log a client receives when it opens or reloads a table (`logFor`) marks every line of a
 * bot's move with the seat it moved for (`LogLine.botSeat`): after a reload, a person whose seat
 * a bot played while they were away reads "Bot (easy) for you passes", not "You pass", as the
 * live news (`MoveNews.byBot`) already allowed.
 */
import { legalMoves } from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import { type Position, playMove, startPosition } from '../src/tables/game/position.ts';
import { logFor } from '../src/tables/watchers/frames.ts';

function play(position: Position, byBot: boolean): { position: Position; seat: number } {
  const [move] = legalMoves(position.state);
  if (!move) throw new Error('no move to play');
  const played = playMove(position, move, byBot);
  if (!played.ok) throw new Error(played.error.message);
  return { position: played.position, seat: move.seat };
}

describe('the sync’s log', () => {
  it('names the seat a bot moved for on its lines, and nothing on people’s lines or the setup', () => {
    const started = startPosition({
      players: 2,
      seed: 7,
      families: false,
      resources: false,
      expertResources: false,
      minimumPassIncome: false,
      catchUpCash: false,
      privateHeistInfluence: false,
    });
    if (!started.ok) throw new Error(started.error.message);
    const byBot = play(started.position, true);
    const both = play(byBot.position, false).position;
    for (const viewer of [0, 1, null] as const) {
      const log = logFor(both, viewer);
      const setup = log.filter((line) => line.moveIndex === -1);
      const botMove = log.filter((line) => line.moveIndex === 0);
      const personMove = log.filter((line) => line.moveIndex === 1);
      expect(setup.length).toBeGreaterThan(0);
      expect(botMove.length).toBeGreaterThan(0);
      expect(personMove.length).toBeGreaterThan(0);
      expect(setup.every((line) => !('botSeat' in line))).toBe(true);
      expect(botMove.every((line) => line.botSeat === byBot.seat)).toBe(true);
      expect(personMove.every((line) => !('botSeat' in line))).toBe(true);
    }
  });
});
