/**
 * Every board, pending decision, legal move and event of random games (all variants on) reads
 * as words: no "undefined", "NaN" or "[object" anywhere.
 */
import {
  applyMove,
  createGame,
  type GameState,
  isGameOver,
  legalMoves,
  pendingDecision,
  viewFor,
} from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import { renderBoard } from '../src/render/board.ts';
import { PLAIN } from '../src/render/color.ts';
import type { RenderContext } from '../src/render/context.ts';
import { describeEvent } from '../src/render/events.ts';
import { describeMove } from '../src/render/moves.ts';
import { renderScores } from '../src/render/scores.ts';

const BAD = /undefined|NaN|\[object/;

function deciding(state: GameState): number {
  const d = pendingDecision(state);
  if (d.kind === 'keepResources') return d.seats.find((s) => legalMoves(state, s).length > 0)!;
  return 'seat' in d ? d.seat : 0;
}

describe('render', () => {
  for (const seed of [1, 2, 3]) {
    it(`words every position of a random 4-player game with every variant (seed ${seed})`, () => {
      const created = createGame({
        players: 4,
        seed,
        families: true,
        resources: true,
        expertResources: seed === 2,
        minimumPassIncome: true,
        catchUpCash: true,
      });
      if (!created.ok) throw new Error(created.error.message);
      let state = created.state;
      const ctx: RenderContext = {
        cards: state.cards,
        c: PLAIN,
        seatNames: ['You', 'Seat 2 (random)', 'Seat 3 (random)', 'Seat 4 (random)'],
        viewer: 0,
      };
      let random = seed;
      const kinds = new Set<string>();
      for (let moves = 0; !isGameOver(state); moves++) {
        if (moves > 5000) throw new Error('the random game did not end within 5000 moves');
        const seat = deciding(state);
        const view = viewFor(state, seat);
        const legal = legalMoves(state, seat);
        kinds.add(view.decision.kind);
        const text = [
          renderBoard(view, { ...ctx, viewer: seat }),
          ...legal.map((m) => describeMove(view, m, ctx)),
        ];
        for (const line of text) expect(line).not.toMatch(BAD);
        random = (Math.imul(random, 1103515245) + 12345) >>> 0;
        const result = applyMove(state, legal[(random >>> 16) % legal.length]);
        if (!result.ok) throw new Error(result.error.message);
        for (const event of result.events) {
          const line = describeEvent(event, ctx);
          if (line) expect(line).not.toMatch(BAD);
        }
        state = result.state;
      }
      expect(renderScores(state.result!, ctx)).toMatch(/Winner|Shared victory/);
      expect(kinds.size).toBeGreaterThan(5);
    });
  }
});
