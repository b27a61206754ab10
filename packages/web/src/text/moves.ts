/**
 * A legal move in words, for buttons, hints and reviews: "Recruit Boris the Anvil for $5".
 * Prices and incomes are worked out from the viewer's view (derive.ts).
 */
import { type Decision, type GameView, iconsOf, type Move, playerAt } from '@gangsta/engine';
import {
  deckRecruitPrice,
  lookup,
  passIncome,
  readyCost,
  recruitPrice,
  resourceAmount,
} from '../game/derive.ts';
import { money, nameOf, seatLabel, type TextContext } from './context.ts';
import { findMember, ownerOfMember, skillNames } from './names.ts';

function memberName(ctx: TextContext, view: GameView, id: string, mover: number): string {
  const owner = ownerOfMember(view, id);
  const name = nameOf(ctx, id);
  return owner >= 0 && owner !== mover
    ? ctx.t('move.othersMember', { owner: seatLabel(ctx, owner), member: name })
    : name;
}

export function describeMove(
  ctx: TextContext,
  view: GameView,
  decision: Decision,
  move: Move,
): string {
  const { t } = ctx;
  const cards = lookup(view);
  switch (move.type) {
    case 'keepResources':
      return t('move.keepResources', { cards: move.cards.map((id) => nameOf(ctx, id)).join(', ') });
    case 'ready': {
      const cost = readyCost(decision);
      return t(cost === 0 ? 'move.readyFree' : 'move.readyPaid', {
        member: nameOf(ctx, move.member),
        cost: money(ctx, cost),
      });
    }
    case 'headquarters':
      return t('move.headquarters', { cost: money(ctx, resourceAmount(view, 'headquarters')) });
    case 'bank':
      return t(move.amount >= 0 ? 'move.bankDeposit' : 'move.bankWithdraw', {
        amount: money(ctx, Math.abs(move.amount)),
      });
    case 'recruit':
      return t('move.recruit', {
        card: nameOf(ctx, move.card),
        cost: money(ctx, recruitPrice(view, move.seat, move.card)),
      });
    case 'recruitFromDeck': {
      const top = playerAt(view, move.seat).peek.gangster;
      return top
        ? t('move.recruitFromDeck', {
            card: nameOf(ctx, top),
            cost: money(ctx, deckRecruitPrice(view, move.seat, top)),
          })
        : t('move.recruitFromDeckUnknown');
    }
    case 'heist':
      return t('move.heist', {
        card: nameOf(ctx, move.card),
        icons: skillNames(t, cards.heist(move.card).requirement),
      });
    case 'heistFromDeck': {
      const top = playerAt(view, move.seat).peek.heist;
      return t('move.heistFromDeck', {
        card: nameOf(ctx, top ?? null),
        cost: money(ctx, resourceAmount(view, 'bikerGang')),
      });
    }
    case 'pass':
      return t('move.pass', { amount: money(ctx, passIncome(view, move.seat)) });
    case 'removeIcon':
      return t('move.removeIcon', { skill: t(`skills.${move.skill}`) });
    case 'activate':
      return t('move.activate', { member: memberName(ctx, view, move.member, move.seat) });
    case 'abandonHeist':
      return t('move.abandonHeist');
    case 'train':
      return t('move.train', {
        member: nameOf(ctx, move.member),
        skill: decision.kind === 'training' ? t(`skills.${decision.skill}`) : '',
      });
    case 'target': {
      const target = playerAt(view, move.target);
      if (decision.kind === 'theft') {
        return t('move.targetTheft', {
          seat: seatLabel(ctx, move.target),
          cash: money(ctx, target.cash),
          amount: money(ctx, Math.min(decision.amount, target.cash)),
        });
      }
      const twoIcons = target.gang.filter((m, i) => i > 0 && iconsOf(cards, m).length === 2).length;
      return t('move.targetAssassination', { seat: seatLabel(ctx, move.target), count: twoIcons });
    }
    case 'discardMember': {
      const member = findMember(view, move.member);
      return t('move.discardMember', {
        member: memberName(ctx, view, move.member, move.seat),
        icons: member ? skillNames(t, iconsOf(cards, member)) : '',
      });
    }
    case 'mobilizeGang':
      return t('move.mobilizeGang');
    case 'engage':
      return t('move.engage', { member: memberName(ctx, view, move.member, move.seat) });
    case 'returnFromHospital':
      return t('move.returnFromHospital', { member: nameOf(ctx, move.member) });
    case 'discardRow': {
      const row = cards.kindOf(move.card) === 'gangster' ? 'recruit' : 'heist';
      return t(`move.discardRow.${row}`, { card: nameOf(ctx, move.card) });
    }
    case 'done':
      return t(`move.done.${decision.kind}`, { defaultValue: t('move.done.default') });
  }
}
