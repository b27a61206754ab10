/**
 * Mobilization (R-MOB): use every free readying on the member that opens the best action,
 * pay $1 for more only when that buys a clearly better action, and consider Headquarters and
 * the Bank.
 */
import type { CardId, Decision, Move } from '@gangsta/engine';
import { firstMove } from '../firstMove.ts';
import { reason } from '../reasons.ts';
import type { Table } from '../table.ts';
import { activeEffect, bestActionValue } from './action.ts';
import { type Choice, findMove } from './choice.ts';
import { type Ctx, makeContext, mySeat } from './context.ts';
import { informants, memberWorth } from './skills.ts';

/** The table with some of our members made available (a what-if for planning). */
function withAvailable(ctx: Ctx, ids: ReadonlySet<CardId> | 'all'): Ctx {
  const table: Table = {
    ...ctx.table,
    players: ctx.table.players.map((p) =>
      p.seat !== ctx.me
        ? p
        : {
            ...p,
            gang: p.gang.map((m) =>
              ids === 'all' || ids.has(m.id) ? { ...m, engaged: false } : m,
            ),
          },
    ),
  };
  return makeContext(table, ctx.me, true);
}

/**
 * Cash to keep in hand at the end of the turn: what the next snitch of this chapter could
 * cost us (R-SNITCH-2: whoever cannot pay loses all cash *and* a member).
 */
function snitchReserve(ctx: Ctx): number {
  const removed = new Set(ctx.table.removed);
  const informantCount = informants(ctx, ctx.me);
  let reserve = 0;
  for (const snitch of ctx.table.cards.snitches) {
    if (snitch.chapter !== ctx.table.chapter || removed.has(snitch.id)) continue;
    reserve = Math.max(reserve, snitch.value - informantCount);
  }
  return reserve;
}

/**
 * A Bank window (after a heist's rewards, after passing, at the turn's end: R-RES-2): put the
 * cash we will not need on the card, safe from theft and snitches.
 */
export function chooseTurnEndBank(ctx: Ctx, legal: readonly Move[]): Choice {
  const bank = activeEffect(ctx, 'bank');
  const me = mySeat(ctx);
  const room = (bank?.amount ?? 10) - me.bank;
  const amount = Math.min(room, me.cash - snitchReserve(ctx));
  const deposit = amount > 0 ? findMove(legal, 'bank', (m) => m.amount === amount) : undefined;
  if (deposit) {
    return { move: deposit, score: 1, reason: reason('bank.deposit', { amount }) };
  }
  const done = findMove(legal, 'done');
  return { move: done ?? firstMove(legal), score: 0, reason: reason('bank.keep', {}) };
}

/**
 * The Bank window before a snitch that would cost more than our cash (R-SNITCH-5, printed
 * ruleset): take from the Bank what pays it, since not paying costs all our cash and a
 * member; if even the Bank cannot pay, put our cash on it, where the snitch cannot take it.
 */
export function chooseSnitchBank(ctx: Ctx, owed: number, legal: readonly Move[]): Choice {
  const me = mySeat(ctx);
  const need = owed - me.cash;
  const withdraw = need > 0 ? findMove(legal, 'bank', (m) => m.amount === -need) : undefined;
  if (withdraw) {
    return { move: withdraw, score: 1, reason: reason('bank.withdrawForSnitch', { amount: need }) };
  }
  const room = (activeEffect(ctx, 'bank')?.amount ?? 10) - me.bank;
  const amount = Math.min(room, me.cash);
  const deposit = amount > 0 ? findMove(legal, 'bank', (m) => m.amount === amount) : undefined;
  if (deposit) return { move: deposit, score: 1, reason: reason('bank.deposit', { amount }) };
  const done = findMove(legal, 'done');
  return { move: done ?? firstMove(legal), score: 0, reason: reason('bank.keep', {}) };
}

export function chooseMobilize(
  ctx: Ctx,
  decision: Extract<Decision, { kind: 'mobilize' }>,
  legal: readonly Move[],
): Choice {
  const base = bestActionValue(ctx);
  const free = decision.freeReadies > 0;
  let top: Choice | null = null;
  for (const move of legal) {
    if (move.type !== 'ready') continue;
    const gain = bestActionValue(withAvailable(ctx, new Set([move.member]))) - base;
    const member = mySeat(ctx).gang.find((m) => m.id === move.member);
    // A member ready now is also ready next turn: a little worth beyond this turn's action.
    const later = member ? 0.05 * memberWorth(ctx, member) : 0;
    const score = gain + later - (free ? 0 : ctx.money);
    if (!top || score > top.score) {
      top = {
        move,
        score,
        reason: reason(free ? 'mobilize.freeReady' : 'mobilize.paidReady', { card: move.member }),
      };
    }
  }
  const hq = findMove(legal, 'headquarters');
  if (hq) {
    const price = activeEffect(ctx, 'headquarters')?.amount ?? 1;
    const score = bestActionValue(withAvailable(ctx, 'all')) - base - price * ctx.money;
    if (!top || score > top.score) {
      top = { move: hq, score, reason: reason('mobilize.headquarters', { price }) };
    }
  }
  if (top && (free || top.score > 0.1)) return top;
  const done = findMove(legal, 'done');
  if (done) return { move: done, score: 0, reason: reason('mobilize.notWorth', {}) };
  return top ?? { move: firstMove(legal), score: 0, reason: reason('mobilize.end', {}) };
}
