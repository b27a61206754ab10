/**
 * Rewards aimed at opponents (R-REW-6, R-REW-7, R-REW-9) and the gang-war pick (R-CHAP-5):
 * always against whoever hurts us most, usually the leader.
 */
import type { Move, Seat } from '@gangsta/engine';
import { playerAt } from '@gangsta/engine';
import { memberIcons, memberIp } from '../cards.ts';
import { firstMove } from '../firstMove.ts';
import { reason } from '../reasons.ts';
import { type Choice, findMove } from './choice.ts';
import { type Ctx, hostility } from './context.ts';
import { hasTwoIconMember, theftWorth } from './rewards.ts';

export function chooseTheftTarget(ctx: Ctx, amount: number, legal: readonly Move[]): Choice {
  let top: Choice | null = null;
  for (const move of legal) {
    if (move.type !== 'target') continue;
    const score = theftWorth(ctx, amount, move.target);
    if (!top || score > top.score) {
      top = {
        move,
        score,
        reason: reason('theft.target', { seat: move.target }),
      };
    }
  }
  return top ?? { move: firstMove(legal), score: 0, reason: reason('theft.only', {}) };
}

export function chooseAssassinationTarget(ctx: Ctx, legal: readonly Move[]): Choice {
  let top: Choice | null = null;
  for (const move of legal) {
    if (move.type !== 'target') continue;
    const score = (hasTwoIconMember(ctx, move.target) ? 1 : 0.1) * hostility(ctx, move.target);
    if (!top || score > top.score) {
      top = {
        move,
        score,
        reason: reason('assassination.target', { seat: move.target }),
      };
    }
  }
  return top ?? { move: firstMove(legal), score: 0, reason: reason('assassination.only', {}) };
}

function ownerOf(ctx: Ctx, member: string): Seat | null {
  for (const p of ctx.table.players) if (p.gang.some((m) => m.id === member)) return p.seat;
  return null;
}

/** Diversion: engage the rivals' strongest available members, but never their last one. */
export function chooseDiversion(ctx: Ctx, legal: readonly Move[]): Choice {
  let top: Choice | null = null;
  for (const move of legal) {
    if (move.type !== 'engage') continue;
    const owner = ownerOf(ctx, move.member);
    if (owner === null) continue;
    const gang = playerAt(ctx.table, owner).gang;
    const member = gang.find((m) => m.id === move.member);
    if (!member) continue;
    const available = gang.filter((m) => !m.engaged).length;
    // Engaging a rival's last available member gives them synchronization next turn.
    const sync = available === 1 ? 1.2 : 0;
    const score =
      hostility(ctx, owner) * (0.3 + 0.2 * memberIcons(ctx.cards, member).length - sync);
    if (!top || score > top.score) {
      top = {
        move,
        score,
        reason: reason('diversion.engage', { card: move.member, seat: owner }),
      };
    }
  }
  const done = findMove(legal, 'done');
  if (done && (!top || top.score <= 0)) {
    return {
      move: done,
      score: 0,
      reason: reason('diversion.stop', {}),
    };
  }
  return top ?? { move: firstMove(legal), score: 0, reason: reason('diversion.any', {}) };
}

/** Gang war, two players: the winner picks the loser's member to go (their best one). */
export function chooseVictimMember(ctx: Ctx, victim: Seat, legal: readonly Move[]): Choice {
  let top: Choice | null = null;
  for (const move of legal) {
    if (move.type !== 'discardMember') continue;
    const member = playerAt(ctx.table, victim).gang.find((m) => m.id === move.member);
    if (!member) continue;
    const score = memberIp(ctx.cards, member.id) + 0.7 * memberIcons(ctx.cards, member).length;
    if (!top || score > top.score) {
      top = {
        move,
        score,
        reason: reason('gangWar.pick', { seat: victim, card: move.member }),
      };
    }
  }
  return top ?? { move: firstMove(legal), score: 0, reason: reason('gangWar.only', {}) };
}
