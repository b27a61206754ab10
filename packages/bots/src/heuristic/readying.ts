/**
 * Optional readying and returns (Mobilization reward, Private jet, Secret society, Hospital):
 * take them, except when every member is engaged and synchronization readies all for free.
 */
import type { Move } from '@gangsta/engine';
import { memberIcons, memberIp } from '../cards.ts';
import { type Choice, findMove } from './choice.ts';
import { type Ctx, mySeat } from './context.ts';
import { chapterEndEffect } from './gangsters.ts';
import { memberWorth } from './skills.ts';

export function chooseMobilizationReward(legal: readonly Move[]): Choice {
  const all = findMove(legal, 'mobilizeGang');
  if (all) return { move: all, score: 1, reason: 'Readies the whole gang for free.' };
  return { move: legal[0], score: 0, reason: 'Declines the mobilization.' };
}

/** Private jet or Secret society: one member back, unless synchronization is coming anyway. */
export function chooseOptionalReady(ctx: Ctx, legal: readonly Move[], source: string): Choice {
  const gang = mySeat(ctx).gang;
  const done = findMove(legal, 'done');
  if (done && gang.every((m) => m.engaged)) {
    return {
      move: done,
      score: 0,
      reason: `Skips the ${source}: the gang synchronizes next turn anyway.`,
    };
  }
  let top: Choice | null = null;
  for (const move of legal) {
    if (move.type !== 'ready') continue;
    const member = gang.find((m) => m.id === move.member);
    const score = member ? memberWorth(ctx, member) : 0;
    if (!top || score > top.score) {
      top = { move, score, reason: `Readies ${move.member} with the ${source}.` };
    }
  }
  return top ?? { move: done ?? legal[0], score: 0, reason: `Skips the ${source}.` };
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
      top = { move, score, reason: `Brings ${move.member} back from the Hospital.` };
    }
  }
  const done = findMove(legal, 'done');
  if (done && (!top || top.score <= 0)) {
    return {
      move: done,
      score: 0,
      reason: 'Leaves the Hospital as it is: a return would end the chapter against us.',
    };
  }
  return top ?? { move: legal[0], score: 0, reason: 'Leaves the Hospital as it is.' };
}

export function chooseRecruitReward(legal: readonly Move[], best: (id: string) => number): Choice {
  let top: Choice | null = null;
  for (const move of legal) {
    if (move.type !== 'recruit') continue;
    const score = best(move.card);
    if (!top || score > top.score)
      top = { move, score, reason: `Recruits ${move.card} as the heist's reward.` };
  }
  const done = findMove(legal, 'done');
  if (done && (!top || top.score <= 0)) {
    return {
      move: done,
      score: 0,
      reason: 'Declines the recruit: nobody in the row is worth the price.',
    };
  }
  return top ?? { move: legal[0], score: 0, reason: 'Declines the recruit.' };
}

/** Training: teach the Boss first (it never leaves); avoid making two-icon targets for hits. */
export function chooseTraining(ctx: Ctx, legal: readonly Move[]): Choice {
  const gang = mySeat(ctx).gang;
  let top: Choice | null = null;
  for (const move of legal) {
    if (move.type !== 'train') continue;
    const at = gang.findIndex((m) => m.id === move.member);
    const icons = at >= 0 ? memberIcons(ctx.cards, gang[at]).length : 0;
    const score = at === 0 ? 3 : icons === 1 ? 0.5 : icons === 2 ? 2 : 1.5;
    if (!top || score > top.score) {
      top = { move, score, reason: `Trains ${move.member}, the member safest to keep the skill.` };
    }
  }
  return top ?? { move: legal[0], score: 0, reason: 'Skips the training.' };
}
