/**
 * Moves on a position (`src/tables/game/position.ts`): a move equal to one of the position's legal
 * moves is applied without the engine checking it again, and gives exactly what the engine's
 * checked `applyMove` gives; anything else still gets the engine's own refusal.
 */
import { applyMove, legalMoves, type Move } from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import {
  isOver,
  legalOf,
  type Position,
  playMove,
  startPosition,
} from '../src/tables/game/position.ts';
import { at } from './support/lists.ts';

function start(seed: number, players = 3): Position {
  const started = startPosition({
    players,
    seed,
    families: seed % 2 === 0,
    resources: true,
    expertResources: false,
    minimumPassIncome: false,
    catchUpCash: false,
    privateHeistInfluence: false,
  });
  if (!started.ok) throw new Error(started.error.message);
  return started.position;
}

describe('playMove', () => {
  it('gives what the checked applyMove gives, for moves as they come from clients', () => {
    let played = 0;
    for (let seed = 1; seed <= 4; seed++) {
      let position = start(seed);
      let n = seed;
      while (!isOver(position) && played < 400 * seed) {
        const legal = legalMoves(position.state);
        n = (n * 1103515245 + 12345) % 2 ** 31;
        // Through JSON, with its keys in another order: a client's copy of a legal move.
        const chosen = at(legal, n % legal.length, 'legal move');
        const copy = Object.fromEntries(Object.entries(chosen).reverse());
        const next = playMove(position, JSON.parse(JSON.stringify(copy)), false);
        const checked = applyMove(position.state, chosen);
        if (!next.ok || !checked.ok) throw new Error('a legal move was refused');
        expect(next.position.state).toEqual(checked.state);
        expect(next.position.events.at(-1)).toEqual(checked.events);
        expect(next.position.moves.at(-1)).toEqual(copy);
        position = next.position;
        played++;
      }
    }
    expect(played).toBeGreaterThan(400);
  });

  it('refuses what is not a legal move with the engine’s own errors', () => {
    const position = start(7, 2);
    const legal = at(legalOf(position).all, 0, 'legal move');
    const refusal = (move: unknown) => {
      const result = playMove(position, move, false);
      return result.ok ? 'accepted' : result.error.code;
    };
    const checked = (move: unknown) => {
      const result = applyMove(position.state, move);
      return result.ok ? 'accepted' : result.error.code;
    };
    const cases: unknown[] = [
      { ...legal, extra: 1 },
      { ...legal, seat: legal.seat === 0 ? 1 : 0 },
      { type: 'pass', seat: legal.seat },
      { type: 'recruit', seat: legal.seat, card: 'no-such-card' },
      'pass',
      null,
      [legal],
      Object.assign(Object.create({ inherited: true }), legal),
    ];
    for (const move of cases) {
      expect(refusal(move)).not.toBe('accepted');
      expect(refusal(move)).toBe(checked(move));
    }
    // A resource choice names its cards in any order.
    const keep = legalOf(position).all.find(
      (m): m is Extract<Move, { type: 'keepResources' }> =>
        m.type === 'keepResources' && m.cards.length > 1,
    );
    if (keep) {
      const reversed = { ...keep, cards: [...keep.cards].reverse() };
      expect(refusal(reversed)).toBe('accepted');
      expect(checked(reversed)).toBe('accepted');
    }
  });
});
