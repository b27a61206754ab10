import { describe, expect, it } from 'vitest';
import { parseSeat } from '../src/seats.ts';
import { addTo, meanOf, quantileOf, wilson } from '../src/sim/stats.ts';

describe('stats', () => {
  it('gives the Wilson interval', () => {
    const i = wilson({ wins: 50, games: 100 });
    expect(i.rate).toBe(0.5);
    expect(i.low).toBeCloseTo(0.4038, 3);
    expect(i.high).toBeCloseTo(0.5962, 3);
    expect(wilson({ wins: 0, games: 10 }).low).toBe(0);
  });

  it('summarizes histograms', () => {
    const h = {};
    for (const v of [1, 2, 2, 3, 10]) addTo(h, v);
    expect(meanOf(h)).toBeCloseTo(3.6);
    expect(quantileOf(h, 0.5)).toBe(2);
    expect(quantileOf(h, 1)).toBe(10);
  });
});

describe('seat specs', () => {
  it('parses kinds, levels and iteration budgets', () => {
    expect(parseSeat('human')).toEqual({ kind: 'human' });
    expect(parseSeat('ismcts:hard')).toEqual({
      kind: 'bot',
      config: { kind: 'ismcts', level: 'hard' },
    });
    expect(parseSeat('ismcts:300')).toEqual({
      kind: 'bot',
      config: { kind: 'ismcts', iterations: 300 },
    });
    expect(parseSeat('easy')).toMatchObject({ kind: 'bot', config: { level: 'easy' } });
    expect(() => parseSeat('wizard')).toThrow(/unknown seat "wizard"/);
    expect(() => parseSeat('heuristic:extreme')).toThrow(/unknown level/);
    expect(() => parseSeat('human', false)).toThrow(/no human seats/);
  });
});
