/**
 * The heist solver (R-HEIST-6, R-HEIST-7): can a requirement be met by these members, and which
 * activation orders engage the most of them. Since the icons a set of activated members uses do
 * not depend on their order, the search runs over sets (bitmasks), memoised.
 */
import { cardsOf } from './cards/index.ts';
import type { Skill } from './cards/schema.ts';
import { iconsOf } from './members.ts';
import type { CardId, GameState, Member, Seat } from './types.ts';
import type { GameView } from './view.ts';

export interface SolverMember {
  id: CardId;
  icons: readonly Skill[];
  seat?: Seat;
}

export interface HeistSolution {
  feasible: boolean;
  /** The most members a completed heist can engage (0 if infeasible). */
  maxEngaged: number;
  /** Activation orders that complete the heist engaging `maxEngaged` members. */
  orders: CardId[][];
}

export interface SolveOptions {
  /** Seats whose members may start (cooperative heists: the initiator's own). */
  starters?: ReadonlySet<Seat>;
  /** Most orders to list. */
  maxOrders?: number;
  /** Only consider these members' engagement count (e.g. own members for synchronization). */
  countOnly?: ReadonlySet<Seat>;
}

const SKILL_INDEX: Record<Skill, number> = { L: 0, M: 1, I: 2, S: 3, B: 4, H: 5 };
const MAX_MEMBERS = 30;

export function solveHeist(
  requirement: readonly Skill[],
  members: readonly SolverMember[],
  options: SolveOptions = {},
): HeistSolution {
  const list = members.slice(0, MAX_MEMBERS);
  const need = [0, 0, 0, 0, 0, 0];
  for (const icon of requirement) need[SKILL_INDEX[icon]]++;
  const counts = list.map((m) => {
    const c = [0, 0, 0, 0, 0, 0];
    for (const icon of m.icons) c[SKILL_INDEX[icon]]++;
    return c;
  });
  const weight = list.map((m) =>
    options.countOnly && !options.countOnly.has(m.seat ?? 0) ? 0 : 1,
  );
  const remainingAfter = (mask: number): number[] => {
    const left = need.slice();
    for (let i = 0; i < list.length; i++) {
      if (mask & (1 << i))
        for (let s = 0; s < 6; s++) left[s] = Math.max(0, left[s] - counts[i][s]);
    }
    return left;
  };
  const usable = (i: number, left: number[]) => counts[i].some((c, s) => c > 0 && left[s] > 0);
  const memo = new Map<number, number>();
  // Best engaged count reachable from `mask` to completion, or -1 if completion is impossible.
  const best = (mask: number): number => {
    const cached = memo.get(mask);
    if (cached !== undefined) return cached;
    const left = remainingAfter(mask);
    let result = -1;
    if (left.every((c) => c === 0)) {
      result = 0;
    } else {
      for (let i = 0; i < list.length; i++) {
        if (mask & (1 << i) || !usable(i, left)) continue;
        if (mask === 0 && options.starters && !options.starters.has(list[i].seat ?? 0)) continue;
        const sub = best(mask | (1 << i));
        if (sub >= 0) result = Math.max(result, sub + weight[i]);
      }
    }
    memo.set(mask, result);
    return result;
  };
  const top = best(0);
  if (top < 0) return { feasible: false, maxEngaged: 0, orders: [] };
  const maxOrders = options.maxOrders ?? 8;
  const orders: CardId[][] = [];
  const walk = (mask: number, path: CardId[], target: number) => {
    if (orders.length >= maxOrders) return;
    if (target === 0 && remainingAfter(mask).every((c) => c === 0)) {
      orders.push(path);
      return;
    }
    const left = remainingAfter(mask);
    for (let i = 0; i < list.length; i++) {
      if (mask & (1 << i) || !usable(i, left)) continue;
      if (mask === 0 && options.starters && !options.starters.has(list[i].seat ?? 0)) continue;
      if (best(mask | (1 << i)) === target - weight[i])
        walk(mask | (1 << i), [...path, list[i].id], target - weight[i]);
    }
  };
  walk(0, [], top);
  return { feasible: true, maxEngaged: top, orders };
}

/**
 * The "engage everyone" hint: the orders that complete `heist` engaging the most of `seat`'s
 * available members (only its own members, even in a cooperative heist).
 */
export function heistHint(
  game: GameState | GameView,
  seat: Seat,
  heist: CardId,
  maxOrders = 8,
): HeistSolution {
  const cards = cardsOf(game.cards);
  const player = game.players[seat];
  const members: SolverMember[] = player.gang
    .filter((m: Member) => !m.engaged)
    .map((m: Member) => ({ id: m.id, icons: iconsOf(cards, m), seat }));
  const requirement =
    game.heist?.card === heist && game.heist.activated.length === 0
      ? game.heist.remaining
      : cards.heist(heist).requirement;
  return solveHeist(requirement, members, { maxOrders });
}
