import { describe, expect, it } from 'vitest';
import { runMatch, wilson } from '../src/index.ts';

describe('tournament', () => {
  it('Wilson interval matches known values', () => {
    const [lo, hi] = wilson(95, 100);
    expect(lo).toBeCloseTo(0.8883, 3);
    expect(hi).toBeCloseTo(0.9785, 3);
    expect(wilson(0, 0)).toEqual([0, 1]);
    const [zlo, zhi] = wilson(0, 10);
    expect(zlo).toBe(0);
    expect(zhi).toBeCloseTo(0.2775, 3);
  });

  it('rotates seats, counts every game and is deterministic', () => {
    const options = {
      players: 3,
      variants: { resources: true },
      bots: [
        { kind: 'heuristic' as const, seed: 1 },
        { kind: 'random' as const, seed: 2 },
        { kind: 'random' as const, seed: 3 },
      ],
      games: 6,
      seed: 9,
      rotateSeats: true,
    };
    const result = runMatch(options);
    expect(result.games).toBe(6);
    expect(result.summaries.map((g) => g.seating[0])).toEqual([0, 1, 2, 0, 1, 2]);
    const wins = result.results.reduce((sum, r) => sum + r.wins, 0);
    expect(wins).toBeCloseTo(6, 6);
    for (const r of result.results) {
      expect(r.ci95[0]).toBeLessThanOrEqual(r.winRate);
      expect(r.ci95[1]).toBeGreaterThanOrEqual(r.winRate);
    }
    expect(runMatch(options).summaries).toEqual(result.summaries);
  });
});
