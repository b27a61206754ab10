/**
 * What a heist reward (R-REW) is worth to us, in IP. Money is converted at the current rate
 * (context.ts); attacks are worth more against the leader.
 */
import type { Reward, Seat } from '@gangsta/engine';
import { playerAt } from '@gangsta/engine';
import { memberIcons } from '../cards.ts';
import { type Ctx, hostility, mySeat, opponents } from './context.ts';
import { shallowGangsterValue } from './gangsterWorth.ts';
import { iconsValue } from './skills.ts';

/** Best net value of recruiting from the row with `extraCash` more in hand (0 when none pays). */
export function bestRecruitValue(ctx: Ctx, extraCash: number): number {
  const me = mySeat(ctx);
  // A reward's recruit is valued without looking further ahead (that would recurse).
  const shallow: Ctx = { ...ctx, shallow: true };
  let top = 0;
  for (const id of ctx.table.recruitRow) {
    if (!id) continue;
    const v = shallowGangsterValue(shallow, id);
    if (v && v.cost <= me.cash + extraCash) top = Math.max(top, v.value);
  }
  return top;
}

export function theftWorth(ctx: Ctx, amount: number, target: Seat): number {
  const taken = Math.min(amount, playerAt(ctx.table, target).cash);
  return taken * ctx.money * (1 + hostility(ctx, target));
}

export function hasTwoIconMember(ctx: Ctx, seat: Seat): boolean {
  const gang = playerAt(ctx.table, seat).gang;
  return gang.some((m, i) => i > 0 && memberIcons(ctx.cards, m).length === 2);
}

export function rewardWorth(ctx: Ctx, reward: Reward, income: number): number {
  switch (reward.kind) {
    case 'income':
      return reward.amount * ctx.money;
    case 'influence':
      return reward.amount;
    case 'recruit':
      return 0.9 * bestRecruitValue(ctx, income);
    case 'training':
      return 0.4 + iconsValue(ctx, [reward.skill]);
    case 'playAgain':
      return ctx.table.turn.extra || ctx.table.chapterEndPending ? 0 : 2.5;
    case 'theft':
      return Math.max(0, ...opponents(ctx).map((p) => theftWorth(ctx, reward.amount, p.seat)));
    case 'assassination':
      return Math.max(
        0,
        ...opponents(ctx).map((p) =>
          hasTwoIconMember(ctx, p.seat) ? 2.2 * hostility(ctx, p.seat) : 0,
        ),
      );
    case 'mobilization':
      return 0.5 * mySeat(ctx).gang.length * ctx.money;
    case 'diversion': {
      const targets = opponents(ctx).reduce(
        (n, p) => n + p.gang.filter((m) => !m.engaged).length,
        0,
      );
      return Math.min(reward.amount, targets) * 0.3;
    }
  }
}

/** Worth of a list of rewards, resolved in order (income first feeds a Recruit). */
export function rewardsWorth(ctx: Ctx, rewards: readonly Reward[]): number {
  let income = 0;
  let total = 0;
  for (const reward of rewards) {
    total += rewardWorth(ctx, reward, income);
    if (reward.kind === 'income') income += reward.amount;
  }
  return total;
}

/** Reward B's worth to an opponent (only money in the classic set). */
export function giftWorth(ctx: Ctx, rewards: readonly Reward[]): number {
  let total = 0;
  for (const reward of rewards) {
    if (reward.kind === 'income') total += reward.amount * ctx.money;
    else if (reward.kind === 'influence') total += reward.amount;
    else total += 0.5;
  }
  return total;
}
