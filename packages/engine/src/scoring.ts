/** Final scoring (R-END, R-FAM-2). */
import { cardsOf } from './cards/index.ts';
import { FAMILIES } from './cards/schema.ts';
import type { ChapterEndReason, GameResult, GameState, ScoreBreakdown } from './types.ts';

/** +2 to the single best, +1 to each of several tied best; nobody scores a zero. */
function majorityBonus(values: number[]): number[] {
  const best = Math.max(...values);
  if (best <= 0) return values.map(() => 0);
  const tied = values.filter((v) => v === best).length;
  return values.map((v) => (v === best ? (tied === 1 ? 2 : 1) : 0));
}

export function finalScores(state: GameState, reason: ChapterEndReason = 'gangSize'): GameResult {
  const cards = cardsOf(state.cards);
  const { families } = state.options;
  const richest = majorityBonus(state.players.map((p) => p.cash + p.bank));
  const largest = families
    ? state.players.map(() => 0)
    : majorityBonus(state.players.map((p) => p.gang.length));
  const familyBonus = state.players.map(() => 0);
  if (families) {
    for (const family of FAMILIES) {
      const counts = state.players.map(
        (p) => p.gang.filter((m) => cards.familyOf(m.id) === family).length,
      );
      majorityBonus(counts).forEach((bonus, seat) => {
        familyBonus[seat] += bonus;
      });
    }
  }
  const scores: ScoreBreakdown[] = state.players.map((player, seat) => {
    const active = player.resources.filter((r) => r.active).map((r) => cards.resource(r.id));
    const mediaCard = active.find((card) => card.effect === 'media');
    const ipHeists = player.pile.filter((id) =>
      cards.heist(id).rewardA.some((reward) => reward.kind === 'influence'),
    ).length;
    const score: ScoreBreakdown = {
      seat,
      heists: player.heistIp,
      members: player.gang.reduce((sum, m) => sum + cards.memberIp(m.id), 0),
      resources: active.reduce((sum, card) => sum + card.ip, 0),
      media: mediaCard ? Math.min(ipHeists, mediaCard.amount ?? 7) : 0,
      richest: richest[seat],
      largestGang: largest[seat],
      families: familyBonus[seat],
      total: 0,
      gangSize: player.gang.length,
    };
    score.total =
      score.heists +
      score.members +
      score.resources +
      score.media +
      score.richest +
      score.largestGang +
      score.families;
    return score;
  });
  // R-END-4: most IP, then most members; still tied, a shared victory.
  const best = Math.max(...scores.map((s) => s.total));
  const top = scores.filter((s) => s.total === best);
  const biggest = Math.max(...top.map((s) => s.gangSize));
  const winners = top.filter((s) => s.gangSize === biggest).map((s) => s.seat);
  return { scores, winners, reason };
}
