/**
 * The heist solver (R-HEIST-6, R-HEIST-7): can a requirement be met by these members, and which
 * activation orders engage the most of them. Since the icons a set of activated members uses do
 * not depend on their order, the search runs over sets (bitmasks), memoised.
 */
import {
  cardsOf,
  countSkills,
  SKILL_COUNT,
  type SkillSlot,
  type SkillVector,
} from './cards/index.ts';
import type { Skill } from './cards/schema.ts';
import { playerAt } from './guards.ts';
import { iconsOf } from './members.ts';
import type { CardId, GameState, Member, PlayerState, Seat } from './types.ts';
import type { GameView, PlayerView } from './view.ts';

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

const MAX_MEMBERS = 30;

/** A member as the search sees it: its icons counted per skill, and whether it counts. */
interface Entry {
  id: CardId;
  seat: Seat;
  counts: SkillVector;
  weight: number;
}

function isDone(left: Readonly<SkillVector>): boolean {
  for (let i = 0; i < SKILL_COUNT; i++) if (left[i as SkillSlot] > 0) return false;
  return true;
}

/** Whether the member shows an icon still needed. */
function usable(entry: Entry, left: Readonly<SkillVector>): boolean {
  for (let i = 0; i < SKILL_COUNT; i++) {
    if (entry.counts[i as SkillSlot] > 0 && left[i as SkillSlot] > 0) return true;
  }
  return false;
}

export function solveHeist(
  requirement: readonly Skill[],
  members: readonly SolverMember[],
  options: SolveOptions = {},
): HeistSolution {
  const entries: Entry[] = members.slice(0, MAX_MEMBERS).map((m) => ({
    id: m.id,
    seat: m.seat ?? 0,
    counts: countSkills(m.icons),
    weight: options.countOnly && !options.countOnly.has(m.seat ?? 0) ? 0 : 1,
  }));
  const need = countSkills(requirement);
  const remainingAfter = (mask: number): SkillVector => {
    const left: SkillVector = [...need];
    entries.forEach((entry, bit) => {
      if (!(mask & (1 << bit))) return;
      for (let i = 0; i < SKILL_COUNT; i++) {
        const s = i as SkillSlot;
        left[s] = Math.max(0, left[s] - entry.counts[s]);
      }
    });
    return left;
  };
  /** Whether `entry` (bit `bit`) may be activated next from `mask`, with `left` still needed. */
  const mayAdd = (mask: number, entry: Entry, bit: number, left: Readonly<SkillVector>) =>
    !(mask & (1 << bit)) &&
    usable(entry, left) &&
    !(mask === 0 && options.starters && !options.starters.has(entry.seat));
  const memo = new Map<number, number>();
  // Best engaged count reachable from `mask` to completion, or -1 if completion is impossible.
  const best = (mask: number): number => {
    const cached = memo.get(mask);
    if (cached !== undefined) return cached;
    const left = remainingAfter(mask);
    let result = -1;
    if (isDone(left)) {
      result = 0;
    } else {
      entries.forEach((entry, bit) => {
        if (!mayAdd(mask, entry, bit, left)) return;
        const sub = best(mask | (1 << bit));
        if (sub >= 0) result = Math.max(result, sub + entry.weight);
      });
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
    const left = remainingAfter(mask);
    if (target === 0 && isDone(left)) {
      orders.push(path);
      return;
    }
    entries.forEach((entry, bit) => {
      if (!mayAdd(mask, entry, bit, left)) return;
      if (best(mask | (1 << bit)) === target - entry.weight)
        walk(mask | (1 << bit), [...path, entry.id], target - entry.weight);
    });
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
  const player = playerAt<PlayerState | PlayerView>(game, seat);
  const members: SolverMember[] = player.gang
    .filter((m: Member) => !m.engaged)
    .map((m: Member) => ({ id: m.id, icons: iconsOf(cards, m), seat }));
  const requirement =
    game.heist?.card === heist && game.heist.activated.length === 0
      ? game.heist.remaining
      : cards.heist(heist).requirement;
  return solveHeist(requirement, members, { maxOrders });
}
