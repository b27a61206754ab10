/**
 * How sure a game review is, and when a decision is worth pointing at.
 *
 * The review (`@gangsta/bots` review.ts, run by bots/reviewRun.ts) estimates a win chance after
 * the played move and after the best one, each from a few hundred simulated games from the
 * seat's own view. Each estimate is a share of games won, so its standard error is
 * √(p(1−p)/n): about 3.5 points for p = 0.4 and n = 200. The difference of two such estimates
 * is surer than that only by what their shared deals cancel, which this does not count on.
 *
 * A decision is called costly only when its loss is beyond two standard errors of the
 * difference (about 95% sure that the played move was worse) and at least `MIN_LOSS`. So the
 * review never calls a move costly on noise alone, the move the table's hint suggested
 * included: the hint is the medium bot's quicker look (about 0.3 s, judged by the expected
 * score margin), the review the hard bot's longer one judged by games won; the two may rank
 * close moves differently, and within the margin the review keeps quiet.
 */
import type { GameReview, ReviewedDecision } from '@gangsta/bots';

/** Losses below this are not worth pointing at, however sure (five points of win chance). */
export const MIN_LOSS = 0.05;

/** How many costly decisions the review lists. */
export const TOP = 5;

/** The standard error (0..1) of a win chance estimated from `visits` simulated games. */
export function chanceError(chance: number, visits: number): number {
  if (visits <= 0) return 0.5;
  const p = Math.min(1, Math.max(0, chance));
  // A share of 0 or 1 from few games is not certain: count it as one game the other way.
  const q = Math.min(Math.max(p, 1 / (visits + 1)), visits / (visits + 1));
  return Math.sqrt((q * (1 - q)) / visits);
}

/** Two standard errors of the loss (best chance − played chance): the review's margin. */
export function lossMargin(decision: ReviewedDecision): number {
  const played = chanceError(decision.playedChance, decision.playedVisits);
  const best = chanceError(decision.bestChance, decision.bestVisits);
  return 2 * Math.sqrt(played * played + best * best);
}

/** A decision worth pointing at: a loss of at least MIN_LOSS and beyond the margin. */
export function isCostly(decision: ReviewedDecision): boolean {
  return decision.loss >= MIN_LOSS && decision.loss > lossMargin(decision);
}

/** The review with its costliest decisions chosen by `isCostly`, most lost first. */
export function withCostliest(review: GameReview): GameReview {
  const costliest = review.decisions
    .filter(isCostly)
    .sort((a, b) => b.loss - a.loss || a.index - b.index)
    .slice(0, TOP);
  return { ...review, costliest };
}
