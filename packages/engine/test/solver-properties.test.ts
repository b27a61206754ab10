/**
 * Property tests of the heist solver (R-HEIST-3..7) with fast-check: it says "feasible"
 * exactly when the members' icons cover the requirement, and every order it returns is a legal
 * activation sequence that completes the heist engaging the announced number of members.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SKILLS, type Skill, solveHeist } from '../src/index.ts';

const skill = fc.constantFrom<Skill>(...SKILLS);
const requirement = fc.array(skill, { minLength: 1, maxLength: 7 });
const members = fc
  .array(fc.array(skill, { minLength: 1, maxLength: 3 }), { maxLength: 8 })
  .map((list) => list.map((icons, i) => ({ id: `m${i}`, icons })));

const count = (icons: readonly Skill[], s: Skill) => icons.filter((i) => i === s).length;

/** Plays an order under R-HEIST-3/4; returns the remaining requirement, or null if a step is illegal. */
function playOrder(
  req: readonly Skill[],
  order: string[],
  byId: Map<string, readonly Skill[]>,
): Skill[] | null {
  const remaining = [...req];
  for (const id of order) {
    const icons = byId.get(id)!;
    if (!icons.some((icon) => remaining.includes(icon))) return null;
    for (const icon of icons) {
      const at = remaining.indexOf(icon);
      if (at >= 0) remaining.splice(at, 1);
    }
  }
  return remaining;
}

describe('heist solver properties (R-HEIST-6, R-HEIST-7)', () => {
  it('R-HEIST-6: feasible exactly when the icons, added up, cover the requirement', () => {
    fc.assert(
      fc.property(requirement, members, (req, list) => {
        const covered = SKILLS.every(
          (s) => list.reduce((n, m) => n + count(m.icons, s), 0) >= count(req, s),
        );
        expect(solveHeist(req, list).feasible).toBe(covered);
      }),
      { numRuns: 400 },
    );
  });

  it('R-HEIST-4: every returned order is legal, completes the heist and engages the maximum', () => {
    fc.assert(
      fc.property(requirement, members, (req, list) => {
        const solution = solveHeist(req, list, { maxOrders: 4 });
        const byId = new Map(list.map((m) => [m.id, m.icons]));
        for (const order of solution.orders) {
          expect(playOrder(req, order, byId)).toEqual([]);
          expect(order.length).toBe(solution.maxEngaged);
        }
        if (solution.feasible) expect(solution.orders.length).toBeGreaterThan(0);
        // No legal completing order engages more members (checked by brute force on small inputs).
        if (list.length <= 5) {
          let best = -1;
          const permute = (order: string[], rest: string[]): void => {
            const remaining = playOrder(req, order, byId);
            if (remaining === null) return;
            if (remaining.length === 0) {
              best = Math.max(best, order.length);
              return;
            }
            rest.forEach((id, i) => {
              permute([...order, id], [...rest.slice(0, i), ...rest.slice(i + 1)]);
            });
          };
          permute(
            [],
            list.map((m) => m.id),
          );
          expect(solution.feasible ? solution.maxEngaged : -1).toBe(best);
        }
      }),
      { numRuns: 300 },
    );
  });
});
