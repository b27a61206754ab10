/**
 * Putting a heist together: High-tech equipment's removed icon, then each activation following
 * the cheapest complete plan (plan.ts), which prefers engaging everyone when that earns
 * synchronization and, in a cooperative heist, the members of the opponent worth slowing down.
 */
import type { Move } from '@gangsta/engine';
import { solveHeist } from '@gangsta/engine';
import { memberIcons } from '../cards.ts';
import { firstMove } from '../firstMove.ts';
import { reason } from '../reasons.ts';
import { type Choice, findMove } from './choice.ts';
import { type Ctx, mySeat } from './context.ts';
import { evaluateHeist, planCurrentHeist } from './heists.ts';

export function chooseHighTech(ctx: Ctx, heistId: string, legal: readonly Move[]): Choice {
  let top: Choice | null = null;
  for (const move of legal) {
    const removed = move.type === 'removeIcon' ? move.skill : undefined;
    if (move.type !== 'removeIcon' && move.type !== 'done') continue;
    const v = evaluateHeist(ctx, heistId, removed);
    const score = v ? v.value : Number.NEGATIVE_INFINITY;
    if (!top || score > top.score) {
      top = {
        move,
        score,
        reason: removed
          ? reason('highTech.remove', { skill: removed })
          : reason('highTech.keep', {}),
      };
    }
  }
  return top ?? { move: firstMove(legal), score: 0, reason: reason('highTech.keep', {}) };
}

export function chooseActivation(ctx: Ctx, legal: readonly Move[]): Choice {
  const plan = planCurrentHeist(ctx);
  const next = plan?.plan.order[0];
  if (next) {
    const move = findMove(legal, 'activate', (m) => m.member === next.member);
    if (move) {
      const why =
        next.seat === ctx.me
          ? reason('activate.plan', { card: next.member, plan: plan.why })
          : reason('activate.planOpponent', { card: next.member, seat: next.seat, plan: plan.why });
      return { move, score: plan.value, reason: why };
    }
  }
  // The plan and the engine disagree (should not happen): follow the engine's own solver.
  const heist = ctx.table.heist;
  if (heist) {
    const members = mySeat(ctx)
      .gang.filter((m) => !m.engaged && !heist.activated.some((a) => a.member === m.id))
      .map((m) => ({ id: m.id, icons: memberIcons(ctx.cards, m), seat: ctx.me }));
    const first = solveHeist(heist.remaining, members).orders[0]?.[0];
    const move = first && findMove(legal, 'activate', (m) => m.member === first);
    if (move) return { move, score: 0, reason: reason('activate.solver', { card: first }) };
  }
  const any = findMove(legal, 'activate');
  if (any) return { move: any, score: 0, reason: reason('activate.any', { card: any.member }) };
  const abandon = findMove(legal, 'abandonHeist');
  return { move: abandon ?? firstMove(legal), score: 0, reason: reason('activate.abandon', {}) };
}
