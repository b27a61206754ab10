/**
 * The property suite: thousands of random games through the public API, all player counts and
 * variant combinations (see harness.ts for what is checked after every move). Long runs:
 * `npm run fuzz -w packages/engine -- --games 100000`.
 *
 * The games are split over several test files (`random-games-keep-invariants-N.test.ts`, one
 * part each) because Vitest runs files side by side: as one file of about two minutes, started
 * late, it kept a single worker busy at the end of the whole run while the other waited. That
 * the seeds cover every variant is checked apart (`random-games-cover-every-variant.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import { fuzzGame, optionsFor } from './harness.ts';

const GAMES = Number(process.env.FUZZ_GAMES ?? 2000);
export const PARTS = 4;
const CHUNKS_PER_PART = 2;

/** Part `part` (1 to PARTS) of the random games, in chunks that each name their seeds. */
export function randomGamesPart(part: number): void {
  describe(`random games, part ${part} of ${PARTS}, keep every invariant (R-SAFE-1 termination, R-INFO views, R-COMP-8 money)`, () => {
    const chunks = PARTS * CHUNKS_PER_PART;
    for (let chunk = (part - 1) * CHUNKS_PER_PART; chunk < part * CHUNKS_PER_PART; chunk++) {
      const from = Math.floor((GAMES * chunk) / chunks);
      const to = Math.floor((GAMES * (chunk + 1)) / chunks);
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
  });
}

/** The seeds of all parts together cover every player count and variant combination. */
export function coverageOfSeeds(): void {
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

  it('R-OPT-4: covers both rulesets at every player count, with and without resource cards', () => {
    const combos = new Set<string>();
    for (let seed = 0; seed < GAMES; seed++) {
      const o = optionsFor(seed);
      combos.add(`${o.players}/${o.ruleset}/${o.resources}/${o.privateHeistInfluence}`);
    }
    for (const players of [2, 3, 4])
      for (const ruleset of ['online', 'printed'])
        for (const resources of [false, true])
          for (const hidden of [false, true])
            expect(combos.has(`${players}/${ruleset}/${resources}/${hidden}`)).toBe(true);
  });
}
