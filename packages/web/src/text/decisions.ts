/** The pending decision in words: a short title and, for the deciding seat, what it asks. */
import { countIcon, type Decision, type GameView, gangIcons } from '@gangsta/engine';
import { money, nameOf, seatLabel, type TextContext } from './context.ts';
import { skillNames } from './names.ts';

export function decisionTitle(ctx: TextContext, decision: Decision): string {
  return ctx.t(`decision.${decision.kind}.title`);
}

/**
 * Each player's Mercenary icons (R-CHAP-4: the whole gang, hospital aside), as the gang war
 * counted them: "Ann (you) 1, Oleg Krupin 3". The gang is unchanged until the discards.
 */
export function mercenaryCounts(ctx: TextContext, view: GameView): string {
  return view.players
    .map((p) => `${seatLabel(ctx, p.seat)} ${countIcon(gangIcons(ctx.cards, p), 'M')}`)
    .join(', ');
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
    case 'gangWarDiscard': {
      // R-CHAP-4: the counts that decided it, so a loser sees why.
      const counts = mercenaryCounts(ctx, view);
      return decision.seat === decision.victim
        ? t('decision.gangWarDiscard.helpOwn', { counts })
        : t('decision.gangWarDiscard.helpChooser', {
            victim: seatLabel(ctx, decision.victim),
            counts,
          });
    }
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
