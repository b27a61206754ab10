/**
 * Bots only ever play legal moves (playGame applies every move through the engine's checked
 * applyMove and throws on a rejection), at every player count and variant combination.
 */
import { replay } from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import { type BotKind, createBot, playGame } from '../src/index.ts';
import { COMBOS, variantCombo } from './helpers.ts';

describe('bots play only legal moves', () => {
  it('200 random-vs-heuristic games over 2-4 players, every variant combination, both rulesets', () => {
    for (let game = 0; game < 200; game++) {
      const players = 2 + (game % 3);
      const variants = variantCombo(game % (2 * COMBOS));
      const kinds: BotKind[] = Array.from({ length: players }, (_, seat) =>
        (seat + game) % 2 === 0 ? 'heuristic' : 'random',
      );
      const bots = kinds.map((kind, seat) => createBot({ kind, seed: game * 10 + seat }));
      const { state, record } = playGame({ ...variants, players, seed: game }, bots);
      expect(state.phase).toBe('gameOver');
      expect(state.result?.winners.length).toBeGreaterThan(0);
      // Every 20th game: the record replays to the same end.
      if (game % 20 === 0) {
        const again = replay(record);
        expect(again.ok && again.state.result).toEqual(state.result);
      }
    }
  });

  it('heuristic players finish 4-player games with every variant on', () => {
    for (let game = 0; game < 6; game++) {
      const bots = [0, 1, 2, 3].map((seat) => createBot({ kind: 'heuristic', seed: seat }));
      const { state } = playGame(
        { ...variantCombo(COMBOS - 1 - game + (game % 2) * COMBOS), players: 4, seed: 900 + game },
        bots,
      );
      expect(state.phase).toBe('gameOver');
    }
  });

  it('ISMCTS with a tiny budget plays whole games at 2, 3 and 4 players', () => {
    for (const players of [2, 3, 4]) {
      const bots = Array.from({ length: players }, (_, seat) =>
        createBot(
          seat === 0
            ? { kind: 'ismcts', seed: seat, iterations: 12 }
            : { kind: 'heuristic', seed: seat },
        ),
      );
      const { state } = playGame(
        { ...variantCombo(players * 7 + (players % 2) * COMBOS), players, seed: 50 + players },
        bots,
      );
      expect(state.phase).toBe('gameOver');
    }
  });
});
