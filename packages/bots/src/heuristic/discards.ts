/**
 * Losing a member (assassination, snitch, gang war: R-REW-7, R-SNITCH-2, R-CHAP-4) and the
 * discard after a pass (R-PASS-2): lose the least useful member; discard the row card that
 * would help the next rival most and us least.
 */
import { itemAt, type Move, playerAt } from '@gangsta/engine';
import { firstMove } from '../firstMove.ts';
import { reason } from '../reasons.ts';
import { type Choice, findMove } from './choice.ts';
import { type Ctx, hostility, makeContext } from './context.ts';
import { gangsterValue } from './gangsters.ts';
import { evaluateHeist } from './heists.ts';
import { memberWorth } from './skills.ts';

export function chooseOwnDiscard(
  ctx: Ctx,
  legal: readonly Move[],
  why: 'discard.assassination' | 'discard.snitch' | 'discard.gangWar',
): Choice {
  let top: Choice | null = null;
  const gang = playerAt(ctx.table, ctx.me).gang;
  for (const move of legal) {
    if (move.type !== 'discardMember') continue;
    const member = gang.find((m) => m.id === move.member);
    const score = member ? -memberWorth(ctx, member) : 0;
    if (!top || score > top.score) {
      top = { move, score, reason: reason(why, { card: move.member }) };
    }
  }
  return top ?? { move: firstMove(legal), score: 0, reason: reason('discard.forced', {}) };
}

/** Worth of a row card to the rivals who play before our next turn, minus its worth to us. */
export function chooseRowDiscard(ctx: Ctx, legal: readonly Move[]): Choice {
  const seats = ctx.table.players.length;
  const rivals = [1, 2]
    .map((k) => (ctx.me + k) % seats)
    .filter((s, i, all) => s !== ctx.me && all.indexOf(s) === i);
  const theirs = rivals.map((s) => makeContext(ctx.table, s, true));
  let top: Choice | null = null;
  for (const move of legal) {
    if (move.type !== 'discardRow') continue;
    const isHeist = ctx.cards.heist.has(move.card);
    const worth = (c: typeof ctx) =>
      isHeist
        ? (evaluateHeist(c, move.card)?.value ?? 0)
        : Math.max(0, (gangsterValue(c, move.card)?.value ?? 0) * 0.6);
    let denied = 0;
    rivals.forEach((rival, i) => {
      const c = itemAt(theirs, i, 'rival context');
      denied = Math.max(denied, worth(c) * hostility(ctx, rival) * (i === 0 ? 1 : 0.6));
    });
    const score = denied - Math.max(0, worth(ctx));
    if (!top || score > top.score) {
      top = {
        move,
        score,
        reason: reason('rowDiscard.discard', { card: move.card }),
      };
    }
  }
  const done = findMove(legal, 'done');
  if (done && (!top || top.score < 0.3)) {
    return { move: done, score: 0, reason: reason('rowDiscard.keep', {}) };
  }
  return top ?? { move: firstMove(legal), score: 0, reason: reason('rowDiscard.any', {}) };
}
