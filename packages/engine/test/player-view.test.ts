/**
 * `playerViewFor`: one player of a view without the rest (the server builds the spectator's
 * view once per position and each seat's own player on top of it), also when built on another
 * viewer's view of the same player.
 */
import { describe, expect, it } from 'vitest';
import { playerViewFor, viewFor } from '../src/index.ts';
import { nth, randomGame } from './helpers.ts';

describe('playerViewFor', () => {
  it("is the view's player for every seat and viewer, all through random games", () => {
    let checked = 0;
    for (const [seed, options] of [
      [1, { players: 2, seed: 1 }],
      [2, { players: 3, seed: 2, resources: true, privateHeistInfluence: true }],
      [3, { players: 4, seed: 3, families: true, resources: true }],
    ] as const) {
      const { states } = randomGame(options, seed, 400);
      for (const state of states.filter((_, i) => i % 7 === 0 || i === states.length - 1)) {
        for (const viewer of [null, ...state.players.map((p) => p.seat)]) {
          const view = viewFor(state, viewer);
          for (const p of state.players) {
            const alone = playerViewFor(state, p.seat, viewer);
            expect(alone).toEqual(view.players[p.seat]);
            // Built on another viewer's view of the player: the same JSON, keys in order.
            for (const other of [null, ...state.players.map((q) => q.seat)]) {
              const from = playerViewFor(state, p.seat, other);
              const shared = playerViewFor(state, p.seat, viewer, from);
              expect(JSON.stringify(shared)).toBe(JSON.stringify(alone));
              expect(shared.gang).toBe(from.gang);
            }
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('refuses a seat the table does not have', () => {
    const { states } = randomGame({ players: 2, seed: 5 }, 5, 3);
    const first = nth(states, 0);
    expect(() => playerViewFor(first, 2, null)).toThrow(RangeError);
    expect(() => playerViewFor(first, -1, 0)).toThrow(RangeError);
    const other = playerViewFor(first, 1, null);
    expect(() => playerViewFor(first, 0, 0, other)).toThrow(RangeError);
  });
});
