/**
 * What recruiting a gangster is worth without looking at the heists it would open: its IP, the
 * skills we need (skills.ts), the resource cards it activates, family and gang-size bonuses,
 * and what ending the chapter would do. gangsters.ts adds the heist synergy on top; a heist's
 * Recruit reward (rewards.ts) values its gangster from here, without looking further ahead,
 * so that valuing heists and valuing gangsters do not call each other in a loop.
 */
import type { CardId, GangsterCard, Member } from '@gangsta/engine';
import { countSkill, gangIconList, memberIcons } from '../cards.ts';
import { type Reason, reason } from '../reasons.ts';
import { CHAPTER_END_SIZE, type Ctx, mySeat, opponents, standingOf } from './context.ts';
import { activationGain } from './resources.ts';
import { gangWarOutcome, iconsValue, mercenaries } from './skills.ts';

/** Price of a gangster for us (R-REC-1 family discount). */
export function recruitCost(ctx: Ctx, card: GangsterCard, extraDiscount = 0): number {
  const boss = ctx.cards.boss.get(mySeat(ctx).boss);
  const family = ctx.table.options.families && boss?.family === card.family ? 1 : 0;
  return Math.max(0, card.cost - family - extraDiscount);
}

/** +2 to the most, +1 each when tied (R-END-3, R-FAM-2), from our count against the best other. */
function majority(mine: number, best: number): number {
  if (mine <= 0) return 0;
  if (mine > best) return 2;
  return mine === best ? 1 : 0;
}

function bonusChange(ctx: Ctx, card: GangsterCard): number {
  const me = mySeat(ctx);
  if (!ctx.table.options.families) {
    const mine = me.gang.length;
    const best = Math.max(...opponents(ctx).map((p) => p.gang.length));
    return (majority(mine + 1, best) - majority(mine, best)) * (0.4 + 0.6 * ctx.progress);
  }
  const familyOf = (m: Member) =>
    ctx.cards.gangster.get(m.id)?.family ?? ctx.cards.boss.get(m.id)?.family;
  const count = (gang: Member[]) => gang.filter((m) => familyOf(m) === card.family).length;
  const mine = count(me.gang);
  const best = Math.max(...opponents(ctx).map((p) => count(p.gang)));
  return (majority(mine + 1, best) - majority(mine, best)) * (0.4 + 0.6 * ctx.progress);
}

/**
 * What ending the chapter by growing our gang would mean for us (R-CHAP-3..4, R-END): opportunity
 * income, the gang war, or the final count.
 */
export function chapterEndEffect(ctx: Ctx, icons: readonly string[], ip: number): number {
  const me = mySeat(ctx);
  if (me.gang.length + 1 < CHAPTER_END_SIZE[ctx.table.chapter]) return 0;
  if (ctx.table.chapter === 1) {
    const mine = gangIconList(ctx.cards, me.gang).length + icons.length;
    const others = opponents(ctx).map((p) => gangIconList(ctx.cards, p.gang).length);
    const top = Math.max(mine, ...others);
    const given = others.reduce((sum, n) => sum + (top - n), 0) / Math.max(1, others.length);
    return ((given - (top - mine)) * ctx.money) / 2;
  }
  if (ctx.table.chapter === 2) {
    const merc = mercenaries(ctx, ctx.me) + countSkill(icons as never[], 'M');
    return gangWarOutcome(ctx, merc);
  }
  // Chapter III: ending the game is right only when we would win it.
  const mine = standingOf(ctx, ctx.me) + ip;
  const best = Math.max(...opponents(ctx).map((p) => standingOf(ctx, p.seat)));
  return mine > best + 0.5 ? 6 : -6;
}

export interface GangsterValue {
  value: number;
  cost: number;
  /** What it adds and brings (a `gangster.*` reason). */
  why: Reason;
}

/**
 * Net worth of recruiting `id` now (IP), with its price, given what it adds to the gang's best
 * heist (`synergy`, 0 when not looked at).
 */
export function gangsterWorth(
  ctx: Ctx,
  id: CardId,
  extraDiscount: number,
  synergy: (ctx: Ctx, id: CardId) => number,
): GangsterValue | null {
  const card = ctx.cards.gangster.get(id);
  if (!card) return null;
  const cost = recruitCost(ctx, card, extraDiscount);
  const icons = memberIcons(ctx.cards, { id, engaged: false });
  const skills = iconsValue(ctx, icons);
  const resources = activationGain(ctx, icons);
  const end = chapterEndEffect(ctx, icons, card.ip);
  const synergyGain = synergy(ctx, id);
  const value =
    card.ip + skills + resources + synergyGain + bonusChange(ctx, card) + end - cost * ctx.money;
  const extras: Reason[] = [];
  if (resources >= 2) extras.push(reason('gangster.activatesResource', {}));
  if (synergyGain >= 1) extras.push(reason('gangster.opensHeist', {}));
  if (end > 0.5) extras.push(reason('gangster.endsChapter', {}));
  const why =
    extras.length > 0
      ? reason('gangster.valueWith', { skills: icons, cost, extras })
      : reason('gangster.value', { skills: icons, cost });
  return { value, cost, why };
}

/** A gangster's worth without looking at the heists it would open (a heist reward's recruit). */
export function shallowGangsterValue(ctx: Ctx, id: CardId): GangsterValue | null {
  return gangsterWorth(ctx, id, 0, () => 0);
}
