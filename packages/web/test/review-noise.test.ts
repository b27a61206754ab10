/**
 * The hint and the review agree within the review's noise: a decision is called costly only
 * when its loss is beyond two standard errors of the two estimates (bots/reviewNoise.ts). The case
 * a new player met: following the hint "Recruit Luca Lupara", then the review calling exactly
 * that move the costliest, −7 points, from about 200 simulated games per estimate.
 */
import { costliest, createBot, playGame, type ReviewedDecision, reason } from '@gangsta/bots';
import { describe, expect, it } from 'vitest';
import { isCostly, lossMargin, withCostliest } from '../src/bots/reviewNoise.ts';
import { runReview } from '../src/bots/reviewRun.ts';

/** The hint's move, reviewed: 31% after it, 38% after the search's favourite, 200 games each. */
const followedHint: ReviewedDecision = {
  index: 12,
  turn: 4,
  chapter: 1,
  played: { type: 'recruit', seat: 0, card: 'G28' },
  best: { type: 'pass', seat: 0 },
  playedChance: 0.31,
  bestChance: 0.38,
  loss: 0.07,
  reason: reason('action.pass', {}),
  playedVisits: 200,
  bestVisits: 200,
};

describe('a loss within the noise is not called costly', () => {
  it('−7 points from 200 games each is within the margin (about 9.5 points)', () => {
    expect(lossMargin(followedHint)).toBeCloseTo(0.095, 2);
    expect(isCostly(followedHint)).toBe(false);
    // The bots' own list (a fixed five-point floor) named it: the contradiction the player saw.
    expect(costliest([followedHint])).toEqual([followedHint]);
    const review = {
      seat: 0,
      iterations: 400,
      decisions: [followedHint],
      costliest: [followedHint],
    };
    expect(withCostliest(review).costliest).toEqual([]);
  });

  it('the same loss from many more games is beyond the margin, and listed', () => {
    const sure = { ...followedHint, playedVisits: 5000, bestVisits: 5000 };
    expect(isCostly(sure)).toBe(true);
  });

  it('a real review on a fixed seed lists only losses beyond their margin', async () => {
    const { record } = playGame({ players: 2, seed: 8 }, [
      createBot({ kind: 'heuristic', seed: 1 }),
      createBot({ kind: 'heuristic', seed: 2 }),
    ]);
    const review = await runReview({
      record,
      seat: 0,
      iterations: 40,
      onProgress: () => {},
      cancelled: () => false,
    });
    expect(review?.decisions.length).toBeGreaterThan(3);
    for (const decision of review?.costliest ?? []) {
      expect(decision.loss).toBeGreaterThan(lossMargin(decision));
    }
    // Every decision beyond its margin is there (up to five), most lost first.
    const beyond = (review?.decisions ?? []).filter(isCostly).sort((a, b) => b.loss - a.loss);
    expect(review?.costliest).toEqual(beyond.slice(0, 5));
  }, 120_000);

  it('following the hint on a fixed seed: the review calls none of those moves costly on noise', async () => {
    // Seat 0 plays the medium bot's hint at every decision (a fixed budget instead of its 0.3 s,
    // so the game is the same on every machine); seat 1 is the easy bot.
    const { record } = playGame({ players: 2, seed: 21 }, [
      createBot({ kind: 'ismcts', iterations: 120, seed: 5 }),
      createBot({ kind: 'heuristic', seed: 6 }),
    ]);
    const review = await runReview({
      record,
      seat: 0,
      iterations: 120,
      onProgress: () => {},
      cancelled: () => false,
    });
    const decisions = review?.decisions ?? [];
    expect(decisions.length).toBeGreaterThan(5);
    // Every listed move is one the hint gave; each is listed only beyond the noise.
    for (const decision of review?.costliest ?? []) {
      expect(decision.loss).toBeGreaterThan(lossMargin(decision));
    }
    // The bots' five-point floor alone would have named some of the hint's moves on noise.
    expect(costliest(decisions).filter((d) => !isCostly(d)).length).toBeGreaterThan(0);
  }, 300_000);
});
