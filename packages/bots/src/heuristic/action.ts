/**
 * The turn's action (R-TURN-2): the best heist, the best recruit or a pass, whichever is
 * worth most now. Also used to value readying members during mobilization.
 */
import type { Move } from '@gangsta/engine';
import { isLeader } from '../cards.ts';
import { firstMove } from '../firstMove.ts';
import { reason } from '../reasons.ts';
import type { Choice } from './choice.ts';
import { findMove } from './choice.ts';
import { type Ctx, mySeat } from './context.ts';
import { gangsterValue } from './gangsters.ts';
import { evaluateHeist, type HeistValue } from './heists.ts';
import { memberWorth } from './skills.ts';

/** The active effect of one of our kept resources, if we have it active. */
export function activeEffect(ctx: Ctx, effect: string) {
  for (const kept of mySeat(ctx).resources) {
    const card = ctx.cards.resource.get(kept.id);
    if (kept.active && card?.effect === effect) return card;
  }
  return undefined;
}

/** Best value of a heist, trying each icon High-tech equipment could remove. */
export function bestHeistValue(ctx: Ctx, id: string): HeistValue | null {
  let top = evaluateHeist(ctx, id);
  const tech = activeEffect(ctx, 'highTechEquipment');
  const heist = ctx.cards.heist.get(id);
  if (tech && heist && heist.requirement.length >= 2 && tech.heistKinds?.includes(heist.kind)) {
    for (const skill of new Set(heist.requirement)) {
      const v = evaluateHeist(ctx, id, skill);
      if (v && (!top || v.value > top.value)) top = v;
    }
  }
  return top;
}

/** What passing is worth: Leader income, Black market, hospital returns and a useful discard. */
export function passWorth(ctx: Ctx): number {
  const me = mySeat(ctx);
  let income = me.gang.filter((m) => isLeader(ctx.cards, m)).length;
  if (ctx.table.options.minimumPassIncome) income = Math.max(2, income);
  income += activeEffect(ctx, 'blackMarket')?.amount ?? 0;
  let value = income * ctx.money + 0.25;
  if (activeEffect(ctx, 'hospital')) {
    for (const member of me.hospital) value += 0.8 * memberWorth(ctx, member);
  }
  return value;
}

/** The value of the best action open to us in this position (for mobilization planning). */
export function bestActionValue(ctx: Ctx): number {
  let top = passWorth(ctx);
  for (const id of ctx.table.heistRow) {
    if (!id) continue;
    const v = bestHeistValue(ctx, id);
    if (v) top = Math.max(top, v.value);
  }
  // Money on the Bank can be withdrawn at the action (R-RES-2).
  const me = mySeat(ctx);
  const cash = me.cash + (activeEffect(ctx, 'bank') ? me.bank : 0);
  for (const id of ctx.table.recruitRow) {
    if (!id) continue;
    const v = gangsterValue(ctx, id);
    if (v && v.cost <= cash) top = Math.max(top, v.value);
  }
  return top;
}

/** Informant network's price cut on the peeked gangster, beyond the Families discount. */
function networkDiscount(ctx: Ctx, id: string): number {
  const boss = ctx.cards.boss.get(mySeat(ctx).boss);
  const card = ctx.cards.gangster.get(id);
  if (!boss || !card || boss.family !== card.family) return 0;
  return ctx.table.options.families ? 0 : 1;
}

function scoreAction(ctx: Ctx, move: Move): Choice | null {
  const me = mySeat(ctx);
  switch (move.type) {
    case 'heist': {
      const v = bestHeistValue(ctx, move.card);
      return v ? { move, score: v.value, reason: reason('action.heist', { plan: v.why }) } : null;
    }
    case 'heistFromDeck': {
      const id = me.peek.heist;
      const price = activeEffect(ctx, 'bikerGang')?.amount ?? 1;
      const v = id ? bestHeistValue(ctx, id) : null;
      return v
        ? {
            move,
            score: v.value - price * ctx.money,
            reason: reason('action.bikerHeist', { plan: v.why }),
          }
        : null;
    }
    case 'recruit': {
      const v = gangsterValue(ctx, move.card);
      return v
        ? {
            move,
            score: v.value,
            reason: reason('action.recruit', { card: move.card, value: v.why }),
          }
        : null;
    }
    case 'recruitFromDeck': {
      const id = me.peek.gangster;
      const v = id ? gangsterValue(ctx, id, networkDiscount(ctx, id)) : null;
      return v && id
        ? {
            move,
            score: v.value,
            reason: reason('action.recruitFromDeck', { card: id, value: v.why }),
          }
        : null;
    }
    case 'pass':
      return {
        move,
        score: passWorth(ctx),
        reason: reason('action.pass', {}),
      };
    default:
      return null;
  }
}

/** Withdraw from the Bank when the best recruit needs the money (R-RES-2). */
function bankWithdrawal(ctx: Ctx, legal: readonly Move[], top: Choice | null): Choice | null {
  const me = mySeat(ctx);
  if (me.bank <= 0) return null;
  let bestCard: { id: string; value: number; cost: number } | null = null;
  for (const id of ctx.table.recruitRow) {
    if (!id) continue;
    const v = gangsterValue(ctx, id);
    if (
      v &&
      v.cost > me.cash &&
      v.cost <= me.cash + me.bank &&
      (!bestCard || v.value > bestCard.value)
    ) {
      bestCard = { id, value: v.value, cost: v.cost };
    }
  }
  if (!bestCard || (top && top.score >= bestCard.value)) return null;
  const need = bestCard.cost - me.cash;
  const move = findMove(legal, 'bank', (m) => m.amount === -need);
  return move
    ? {
        move,
        score: bestCard.value,
        reason: reason('bank.withdrawToRecruit', { amount: need, card: bestCard.id }),
      }
    : null;
}

export function chooseAction(ctx: Ctx, legal: readonly Move[]): Choice {
  let top: Choice | null = null;
  for (const move of legal) {
    const c = scoreAction(ctx, move);
    if (c && (!top || c.score > top.score)) top = c;
  }
  const bank = bankWithdrawal(ctx, legal, top);
  if (bank) return bank;
  return top ?? { move: firstMove(legal), score: 0, reason: reason('action.fallback', {}) };
}
