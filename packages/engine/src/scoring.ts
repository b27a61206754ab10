/** Final scoring (R-END, R-FAM-2). */
import { cardsOf } from './cards/index.ts';
import { FAMILIES } from './cards/schema.ts';
import { itemAt } from './guards.ts';
import { SCORE_SOURCES, type ScoreSource } from './scoreSources.ts';
import type {
  ChapterEndReason,
  GameOptions,
  GameResult,
  GameState,
  ScoreBreakdown,
} from './types.ts';

/**
 * Whether a source can score under these options: resources and Media only with the resource
 * cards; the families variant scores family majorities instead of the largest gang.
 */
export function scoreSourceApplies(
  source: ScoreSource,
  options: Pick<GameOptions, 'families' | 'resources'>,
): boolean {
  switch (source) {
    case 'resources':
    case 'media':
      return options.resources;
    case 'largestGang':
      return !options.families;
    case 'families':
      return options.families;
    default:
      return true;
  }
}

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
  // Each bonus list has one entry per seat, like `state.players`.
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
        familyBonus[seat] = itemAt(familyBonus, seat, 'family bonus') + bonus;
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
      richest: itemAt(richest, seat, 'richest bonus'),
      largestGang: itemAt(largest, seat, 'largest-gang bonus'),
      families: itemAt(familyBonus, seat, 'family bonus'),
      total: 0,
      gangSize: player.gang.length,
    };
    for (const source of SCORE_SOURCES) score.total += score[source];
    return score;
  });
  // R-END-4: most IP, then most members; still tied, a shared victory.
  const best = Math.max(...scores.map((s) => s.total));
  const top = scores.filter((s) => s.total === best);
  const biggest = Math.max(...top.map((s) => s.gangSize));
  const winners = top.filter((s) => s.gangSize === biggest).map((s) => s.seat);
  return { scores, winners, reason };
}
