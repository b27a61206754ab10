/** The pending decision in words: a short title and, for the deciding seat, what it asks. */
import type { Decision, GameView } from '@gangsta/engine';
import { money, nameOf, seatLabel, type TextContext } from './context.ts';
import { skillNames } from './names.ts';

export function decisionTitle(ctx: TextContext, decision: Decision): string {
  return ctx.t(`decision.${decision.kind}.title`);
}

/** What the decision asks of the person deciding, with its numbers. */
export function decisionHelp(ctx: TextContext, view: GameView, decision: Decision): string {
  const { t } = ctx;
  switch (decision.kind) {
    case 'keepResources':
      return t('decision.keepResources.help', { count: decision.keep });
    case 'mobilize':
      return decision.freeReadies > 0
        ? t('decision.mobilize.helpFree', { count: decision.freeReadies })
        : t('decision.mobilize.helpPaid');
    case 'highTech':
      return t('decision.highTech.help', { heist: nameOf(ctx, decision.heist) });
    case 'activate':
      return t('decision.activate.help', {
        heist: nameOf(ctx, decision.heist),
        remaining: skillNames(t, decision.remaining),
      });
    case 'training':
      return t('decision.training.help', { skill: t(`skills.${decision.skill}`) });
    case 'theft':
      return t('decision.theft.help', { amount: money(ctx, decision.amount) });
    case 'diversion':
      return t('decision.diversion.help', { count: decision.left });
    case 'snitchDiscard':
      return t('decision.snitchDiscard.help', {
        value: view.cards.snitches.find((s) => s.id === decision.snitch)?.value ?? '?',
      });
    case 'gangWarDiscard':
      return decision.seat === decision.victim
        ? t('decision.gangWarDiscard.helpOwn')
        : t('decision.gangWarDiscard.helpChooser', { victim: seatLabel(ctx, decision.victim) });
    default:
      return t(`decision.${decision.kind}.help`);
  }
}

/** The status line for everyone: "Seat 2 — choosing an action". */
export function decisionStatus(ctx: TextContext, decision: Decision): string {
  if (decision.kind === 'gameOver') return ctx.t('decision.gameOver.title');
  const seats = decision.kind === 'keepResources' ? decision.seats : [decision.seat];
  const mine = ctx.viewer !== null && seats.includes(ctx.viewer);
  return ctx.t(mine ? 'decision.yourDecision' : 'decision.waitingFor', {
    seats: seats.map((s) => seatLabel(ctx, s)).join(', '),
    title: decisionTitle(ctx, decision),
  });
}
