/**
 * `applyLegalMove`: for a move taken from `legalMoves`, exactly what `applyMove` gives (state,
 * events, undo), without changing the state given, all through random games of every variant.
 */
import { describe, expect, it } from 'vitest';
import { applyLegalMove, applyMove, legalMoves } from '../src/index.ts';
import { randomGame, testRandom } from './helpers.ts';

describe('applyLegalMove', () => {
  it('gives what applyMove gives for legal moves, and leaves the state given alone', () => {
    let checked = 0;
    for (const [seed, options] of [
      [11, { players: 2, seed: 11 }],
      [12, { players: 3, seed: 12, resources: true, expertResources: true }],
      [13, { players: 4, seed: 13, families: true, catchUpCash: true }],
      [14, { players: 4, seed: 14, resources: true, privateHeistInfluence: true }],
    ] as const) {
      const { states } = randomGame(options, seed, 600);
      const random = testRandom(seed);
      for (const state of states) {
        const legal = legalMoves(state);
        // A few moves of each state, and every move now and then.
        const moves = random() < 0.1 ? legal : legal.filter(() => random() < 0.2);
        for (const move of moves) {
          const before = JSON.stringify(state);
          const fast = applyLegalMove(state, move);
          // An equal copy of the move (as it comes from a client) works the same.
          const copy = applyLegalMove(state, JSON.parse(JSON.stringify(move)));
          const checkedResult = applyMove(state, move);
          expect(JSON.stringify(state)).toBe(before);
          expect(fast).toEqual(checkedResult);
          expect(copy).toEqual(checkedResult);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});
