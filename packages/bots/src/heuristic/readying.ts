/**
 * Optional readying and returns (Mobilization reward, Private jet, Secret society, Hospital):
 * take them, except when every member is engaged and synchronization readies all for free.
 */
import type { Move, ResourceEffect } from '@gangsta/engine';
import { memberIcons, memberIp } from '../cards.ts';
import { firstMove } from '../firstMove.ts';
import { reason } from '../reasons.ts';
import { activeEffect } from './action.ts';
import { type Choice, findMove } from './choice.ts';
import { type Ctx, mySeat } from './context.ts';
import { chapterEndEffect, type GangsterValue } from './gangsterWorth.ts';
import { memberWorth } from './skills.ts';

export function chooseMobilizationReward(legal: readonly Move[]): Choice {
  const all = findMove(legal, 'mobilizeGang');
  if (all) return { move: all, score: 1, reason: reason('mobilizationReward.take', {}) };
  return { move: firstMove(legal), score: 0, reason: reason('mobilizationReward.decline', {}) };
}

/** Private jet or Secret society: one member back, unless synchronization is coming anyway. */
export function chooseOptionalReady(
  ctx: Ctx,
  legal: readonly Move[],
  effect: Extract<ResourceEffect, 'privateJet' | 'secretSociety'>,
): Choice {
  const gang = mySeat(ctx).gang;
  const sourceCard = activeEffect(ctx, effect)?.id ?? effect;
  const done = findMove(legal, 'done');
  if (done && gang.every((m) => m.engaged)) {
    return {
      move: done,
      score: 0,
      reason: reason('optionalReady.skipSync', { sourceCard }),
    };
  }
  let top: Choice | null = null;
  for (const move of legal) {
    if (move.type !== 'ready') continue;
    const member = gang.find((m) => m.id === move.member);
    const score = member ? memberWorth(ctx, member) : 0;
    if (!top || score > top.score) {
      top = {
        move,
        score,
        reason: reason('optionalReady.ready', { card: move.member, sourceCard }),
      };
    }
  }
  return (
    top ?? {
      move: done ?? firstMove(legal),
      score: 0,
      reason: reason('optionalReady.skip', { sourceCard }),
    }
  );
}

export function chooseHospitalReturn(ctx: Ctx, legal: readonly Move[]): Choice {
  let top: Choice | null = null;
  for (const move of legal) {
    if (move.type !== 'returnFromHospital') continue;
    const member = mySeat(ctx).hospital.find((m) => m.id === move.member);
    if (!member) continue;
    const icons = memberIcons(ctx.cards, member);
    const ip = memberIp(ctx.cards, member.id);
    const score = memberWorth(ctx, member) + chapterEndEffect(ctx, icons, ip);
    if (!top || score > top.score) {
      top = { move, score, reason: reason('hospital.return', { card: move.member }) };
    }
  }
  const done = findMove(legal, 'done');
  if (done && (!top || top.score <= 0)) {
    return {
      move: done,
      score: 0,
      reason: reason('hospital.keepChapter', {}),
    };
  }
  return top ?? { move: firstMove(legal), score: 0, reason: reason('hospital.keep', {}) };
}

/**
 * Recruit reward (R-REW-3): the best gangster worth its price; when cash falls short and the
 * Bank holds the rest (R-RES-2), withdraw exactly what is missing first.
 */
export function chooseRecruitReward(
  ctx: Ctx,
  legal: readonly Move[],
  worth: (id: string) => GangsterValue | null,
): Choice {
  const me = mySeat(ctx);
  let top: Choice | null = null;
  for (const id of ctx.table.recruitRow) {
    const v = id ? worth(id) : null;
    if (!id || !v || (top && v.value <= top.score)) continue;
    const need = v.cost - me.cash;
    const move =
      need <= 0
        ? findMove(legal, 'recruit', (m) => m.card === id)
        : findMove(legal, 'bank', (m) => m.amount === -need);
    if (!move) continue;
    const why =
      need <= 0
        ? reason('recruitReward.recruit', { card: id })
        : reason('bank.withdrawForReward', { amount: need, card: id });
    top = { move, score: v.value, reason: why };
  }
  const done = findMove(legal, 'done');
  if (done && (!top || top.score <= 0)) {
    return { move: done, score: 0, reason: reason('recruitReward.notWorth', {}) };
  }
  return top ?? { move: firstMove(legal), score: 0, reason: reason('recruitReward.decline', {}) };
}

/** Training: teach the Boss first (it never leaves); avoid making two-icon targets for hits. */
export function chooseTraining(ctx: Ctx, legal: readonly Move[]): Choice {
  const gang = mySeat(ctx).gang;
  let top: Choice | null = null;
  for (const move of legal) {
    if (move.type !== 'train') continue;
    const at = gang.findIndex((m) => m.id === move.member);
    const member = gang[at];
    const icons = member ? memberIcons(ctx.cards, member).length : 0;
    const score = at === 0 ? 3 : icons === 1 ? 0.5 : icons === 2 ? 2 : 1.5;
    if (!top || score > top.score) {
      top = { move, score, reason: reason('training.train', { card: move.member }) };
    }
  }
  return top ?? { move: firstMove(legal), score: 0, reason: reason('training.skip', {}) };
}
