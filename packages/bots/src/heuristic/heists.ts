/**
 * Valuing a heist for us: its rewards against the cost of the members it engages, with the
 * activation plan that achieves it (plan.ts). A heist that engages every available member of
 * ours earns synchronization: the whole gang comes back free next turn (R-MOB-1).
 */
import type { CardId, HeistCard, Reward, Seat, Skill } from '@gangsta/engine';
import { playerAt, solveHeist } from '@gangsta/engine';
import { memberIcons } from '../cards.ts';
import { type Reason, reason } from '../reasons.ts';
import { type Ctx, hostility, mySeat } from './context.ts';
import { type Candidate, type Plan, planHeist } from './plan.ts';
import { giftWorth, rewardsWorth } from './rewards.ts';

export interface HeistValue {
  card: CardId;
  value: number;
  plan: Plan;
  /** The plan engages every available member of ours. */
  engagesAll: boolean;
  /** The heist, its rewards and what it engages (a `plan.*` reason). */
  why: Reason;
}

/** Engaging one of our members costs about a paid readying later, plus a little flexibility. */
function ownCost(ctx: Ctx): number {
  return ctx.money + 0.15;
}

/** Available members that may still be activated for the heist in progress (or a new one). */
export function candidates(
  ctx: Ctx,
  heist: HeistCard,
  activated: ReadonlySet<CardId>,
): Candidate[] {
  const out: Candidate[] = [];
  for (const player of ctx.table.players) {
    const own = player.seat === ctx.me;
    if (!own && !heist.coop) continue;
    for (const member of player.gang) {
      if (member.engaged || activated.has(member.id)) continue;
      out.push({
        member: member.id,
        seat: player.seat,
        icons: memberIcons(ctx.cards, member),
        // Engaging an opponent's member slows them: worth more against the leader.
        cost: own ? ownCost(ctx) : -0.35 * ctx.money * hostility(ctx, player.seat),
      });
    }
  }
  return out;
}

/** Completion bonus or malus of a plan: synchronization for us (and for others), reward B. */
function finishCost(ctx: Ctx, heist: HeistCard, all: Candidate[], alreadyCoop: boolean) {
  const ownAvailable = all.filter((c) => c.seat === ctx.me).length;
  const availableBy = new Map<Seat, number>();
  for (const c of all) availableBy.set(c.seat, (availableBy.get(c.seat) ?? 0) + 1);
  const gangSize = mySeat(ctx).gang.length;
  return (used: Candidate[]): number => {
    let cost = 0;
    const usedBy = new Map<Seat, number>();
    for (const c of used) usedBy.set(c.seat, (usedBy.get(c.seat) ?? 0) + 1);
    // Everyone of ours engaged: next turn the whole gang readies for free.
    if ((usedBy.get(ctx.me) ?? 0) === ownAvailable && ownAvailable > 0) {
      cost -= ctx.money * gangSize * 0.75 + ownCost(ctx) * ownAvailable * 0.5;
    }
    let coopPaid = alreadyCoop;
    for (const [seat, n] of usedBy) {
      if (seat === ctx.me) continue;
      coopPaid = true;
      const gift = giftWorth(ctx, heist.rewardB) * hostility(ctx, seat);
      // Engaging all their available members hands them synchronization.
      const sync =
        n === availableBy.get(seat)
          ? ctx.money * playerAt(ctx.table, seat).gang.length * 0.6 * hostility(ctx, seat)
          : 0;
      cost += gift + sync;
    }
    if (coopPaid && heist.coop) cost -= rewardsWorth(ctx, heist.rewardB);
    return cost;
  };
}

/** The heist's requirement after High-tech equipment removed `removed`, if any. */
function requirementOf(heist: HeistCard, removed?: Skill): Skill[] {
  const req = [...heist.requirement];
  if (removed) {
    const at = req.indexOf(removed);
    if (at >= 0) req.splice(at, 1);
  }
  return req;
}

/** Quick feasibility with our members alone, from the engine's solver. */
function soloFeasible(ctx: Ctx, requirement: Skill[]): boolean {
  const members = mySeat(ctx)
    .gang.filter((m) => !m.engaged)
    .map((m) => ({ id: m.id, icons: memberIcons(ctx.cards, m), seat: ctx.me }));
  return solveHeist(requirement, members).feasible;
}

/** Plans and values the heist `id` from scratch (before choosing it). */
export function evaluateHeist(ctx: Ctx, id: CardId, removed?: Skill): HeistValue | null {
  const heist = ctx.cards.heist.get(id);
  if (!heist) return null;
  const requirement = requirementOf(heist, removed);
  if (!heist.coop && !soloFeasible(ctx, requirement)) return null;
  const all = candidates(ctx, heist, new Set());
  const plan = planHeist({
    remaining: requirement,
    candidates: all,
    me: ctx.me,
    coop: heist.coop,
    ownActivated: false,
    finish: finishCost(ctx, heist, all, false),
  });
  if (!plan) return null;
  return describe(ctx, heist, plan, all);
}

/** Plans the rest of the heist in progress. */
export function planCurrentHeist(ctx: Ctx): HeistValue | null {
  const current = ctx.table.heist;
  if (!current) return null;
  const heist = ctx.cards.heist.get(current.card);
  if (!heist) return null;
  const activated = new Set(current.activated.map((a) => a.member));
  const all = candidates(ctx, heist, activated);
  const plan = planHeist({
    remaining: current.remaining,
    candidates: all,
    me: ctx.me,
    coop: heist.coop,
    ownActivated: current.activated.some((a) => a.seat === ctx.me),
    finish: finishCost(ctx, heist, all, current.cooperative),
  });
  if (!plan) return null;
  return describe(ctx, heist, plan, all);
}

function describe(ctx: Ctx, heist: HeistCard, plan: Plan, all: Candidate[]): HeistValue {
  const ownAvailable = all.filter((c) => c.seat === ctx.me).length;
  const ownUsed = plan.order.filter((c) => c.seat === ctx.me).length;
  const engagesAll = ownUsed === ownAvailable;
  const value = rewardsWorth(ctx, heist.rewardA) - plan.cost;
  const others = plan.order.length - ownUsed;
  const base = { card: heist.id, rewards: heist.rewardA.map(rewardReason), count: ownUsed };
  let why: Reason;
  if (others > 0) why = reason(engagesAll ? 'plan.allCoop' : 'plan.someCoop', { ...base, others });
  else why = reason(engagesAll ? 'plan.all' : 'plan.some', base);
  return { card: heist.id, value, plan, engagesAll, why };
}

function rewardReason(r: Reward): Reason {
  switch (r.kind) {
    case 'income':
    case 'influence':
    case 'theft':
    case 'diversion':
      return reason(`reward.${r.kind}`, { amount: r.amount });
    case 'training':
      return reason('reward.training', { skill: r.skill });
    default:
      return reason(`reward.${r.kind}`, {});
  }
}
