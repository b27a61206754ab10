import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GOLDEN_GAMES, goldenLog } from './golden.ts';

describe('golden games replay to the recorded logs (R-SETUP-4, R-TURN-1)', () => {
  for (const game of GOLDEN_GAMES) {
    it(game.name, () => {
      const recorded = readFileSync(new URL(`./golden/${game.name}.log`, import.meta.url), 'utf8');
      expect(goldenLog(game.options)).toBe(recorded);
    });
  }
});
