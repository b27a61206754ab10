/**
 * Property suite: thousands of random games through the public API, all player counts and
 * variant combinations (see harness.ts for what is checked after every move). Long runs:
 * `npm run fuzz -w packages/engine -- --games 100000`.
 */
import { describe, expect, it } from 'vitest';
import { fuzzGame, optionsFor } from './harness.ts';

const GAMES = Number(process.env.FUZZ_GAMES ?? 2000);
const CHUNKS = 8;

describe('random games keep every invariant (R-SAFE-1 termination, R-INFO views, R-COMP-8 money)', () => {
  for (let chunk = 0; chunk < CHUNKS; chunk++) {
    const from = Math.floor((GAMES * chunk) / CHUNKS);
    const to = Math.floor((GAMES * (chunk + 1)) / CHUNKS);
    it(`games ${from}..${to - 1}`, () => {
      for (let seed = from; seed < to; seed++) {
        try {
          fuzzGame(seed);
        } catch (e) {
          throw new Error(
            `seed ${seed} (${JSON.stringify(optionsFor(seed))}): ${(e as Error).message}`,
          );
        }
      }
    });
  }

  it('covers every player count and variant combination', () => {
    const combos = new Set<string>();
    for (let seed = 0; seed < GAMES; seed++) {
      const o = optionsFor(seed);
      combos.add(`${o.players}/${o.families}/${o.resources}/${o.expertResources}`);
    }
    for (const players of [2, 3, 4]) {
      for (const families of [false, true]) {
        for (const resources of [false, true])
          expect(combos.has(`${players}/${families}/${resources}/false`)).toBe(true);
        expect(combos.has(`${players}/${families}/true/true`)).toBe(true);
      }
    }
  });
});
