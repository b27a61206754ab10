/**
 * The log: every engine event in words. Events are data (types.ts); each type has one
 * translation key under `event.*` with named parameters.
 */
import type { GameEvent } from '@gangsta/engine';
import { money, nameOf, seatLabel, type TextContext, youSeat } from './context.ts';
import { skillNames } from './names.ts';

/** Events that say nothing a player needs to read in the log. */
const SILENT = new Set<GameEvent['type']>(['turnEnded']);

export function isSilent(event: GameEvent): boolean {
  return SILENT.has(event.type);
}

/**
 * Whom an event is about, for the wording: 'you' when the seat addressed as "you" is its
 * subject (or the first player, or the only winner), 'yours' when that seat is the other party
 * (the owner of a borrowed member, the target of a theft). The keys have `_you` / `_yours`
 * variants (i18next context) with the verb and possessives to match: "You pull off…", "Ben
 * steals $3 from you". Keys without a variant fall back to their plain wording.
 */
export function personContext(ctx: TextContext, event: GameEvent): 'you' | 'yours' | undefined {
  const you = youSeat(ctx);
  if (you === null) return undefined;
  if (event.type === 'gameEnded') {
    const { winners } = event.result;
    return winners.length === 1 && winners[0] === you ? 'you' : undefined;
  }
  const parties = event as { seat?: number; firstPlayer?: number; owner?: number; target?: number };
  if ((parties.seat ?? parties.firstPlayer) === you) return 'you';
  if (parties.owner === you || parties.target === you) return 'yours';
  return undefined;
}

export function describeEvent(ctx: TextContext, event: GameEvent): string {
  const context = personContext(ctx, event);
  const t = (
    context ? (key: string, params?: object) => ctx.t(key, { ...params, context }) : ctx.t
  ) as TextContext['t'];
  const seat = (s: number) => seatLabel(ctx, s);
  const cards = (ids: readonly string[]) => ids.map((id) => nameOf(ctx, id)).join(', ');
  switch (event.type) {
    case 'gameStarted':
      return t('event.gameStarted', { seat: seat(event.firstPlayer) });
    case 'resourcesDealt':
      return t('event.resourcesDealt', { seat: seat(event.seat), cards: cards(event.cards) });
    case 'resourcesChosen':
      return t('event.resourcesChosen', { seat: seat(event.seat) });
    case 'resourcesRevealed':
      return t('event.resourcesRevealed', {
        list: event.kept.map((ids, s) => `${seat(s)}: ${cards(ids)}`).join('; '),
      });
    case 'resourceActivated':
      return t('event.resourceActivated', {
        seat: seat(event.seat),
        card: nameOf(ctx, event.card),
      });
    case 'turnStarted':
      return t(event.extra ? 'event.extraTurnStarted' : 'event.turnStarted', {
        seat: seat(event.seat),
        turn: event.turn,
      });
    case 'income':
      return t('event.income', {
        seat: seat(event.seat),
        amount: money(ctx, event.amount),
        reason: t(`event.incomeReason.${event.reason}`),
      });
    case 'peeked':
      return t('event.peeked', {
        seat: seat(event.seat),
        card: nameOf(ctx, event.heist ?? event.gangster ?? null),
      });
    case 'synchronized':
      return t('event.synchronized', { seat: seat(event.seat) });
    case 'readied':
      return t(`event.readied.${event.reason}`, {
        seat: seat(event.seat),
        member: nameOf(ctx, event.member),
        cost: money(ctx, event.cost),
      });
    case 'gangReadied':
      return t(`event.gangReadied.${event.reason}`, {
        seat: seat(event.seat),
        cost: money(ctx, event.cost),
      });
    case 'bank':
      return t(event.amount >= 0 ? 'event.bankDeposit' : 'event.bankWithdraw', {
        seat: seat(event.seat),
        amount: money(ctx, Math.abs(event.amount)),
      });
    case 'recruited':
      return t(event.fromDeck ? 'event.recruitedFromDeck' : 'event.recruited', {
        seat: seat(event.seat),
        card: nameOf(ctx, event.card),
        cost: money(ctx, event.cost),
      });
    case 'heistChosen':
      return t(event.fromDeck ? 'event.heistChosenFromDeck' : 'event.heistChosen', {
        seat: seat(event.seat),
        card: nameOf(ctx, event.card),
        cost: money(ctx, event.cost),
      });
    case 'iconRemoved':
      return t('event.iconRemoved', { seat: seat(event.seat), skill: t(`skills.${event.skill}`) });
    case 'activated':
      return t(
        `event.${event.owner === event.seat ? 'activated' : 'activatedOther'}${event.remaining.length === 0 ? 'Done' : ''}`,
        {
          seat: seat(event.seat),
          owner: seat(event.owner),
          member: nameOf(ctx, event.member),
          remaining: skillNames(t, event.remaining),
        },
      );
    case 'heistAbandoned':
      return t('event.heistAbandoned', { seat: seat(event.seat), card: nameOf(ctx, event.card) });
    case 'heistCompleted':
      return t(event.cooperative ? 'event.heistCompletedCoop' : 'event.heistCompleted', {
        seat: seat(event.seat),
        card: nameOf(ctx, event.card),
        // The partners: the one who pulls the heist off is already the sentence's subject.
        participants: event.participants
          .filter((partner) => partner !== event.seat)
          .map(seat)
          .join(', '),
      });
    case 'influence':
      return t('event.influence', { seat: seat(event.seat), amount: event.amount });
    case 'influenceHidden': // R-OPT-3: another seat's gain, its amount kept from this viewer
      return t('event.influenceHidden', { seat: seat(event.seat) });
    case 'trained':
      return t('event.trained', {
        seat: seat(event.seat),
        member: nameOf(ctx, event.member),
        skill: t(`skills.${event.skill}`),
      });
    case 'playAgainWon':
      return t('event.playAgainWon', { seat: seat(event.seat) });
    case 'theft':
      return t('event.theft', {
        seat: seat(event.seat),
        target: seat(event.target),
        amount: money(ctx, event.amount),
      });
    case 'assassinationOrdered':
      return t('event.assassinationOrdered', {
        seat: seat(event.seat),
        target: seat(event.target),
      });
    case 'memberDiscarded':
      return t(
        event.toHospital ? 'event.memberToHospital' : `event.memberDiscarded.${event.reason}`,
        {
          seat: seat(event.seat),
          member: nameOf(ctx, event.member),
        },
      );
    case 'diverted':
      return t('event.diverted', {
        seat: seat(event.seat),
        owner: seat(event.owner),
        member: nameOf(ctx, event.member),
      });
    case 'passed':
      return t('event.passed', { seat: seat(event.seat) });
    case 'returnedFromHospital':
      return t('event.returnedFromHospital', {
        seat: seat(event.seat),
        member: nameOf(ctx, event.member),
      });
    case 'rowCardDiscarded':
      return t(`event.rowCardDiscarded.${event.row}`, {
        seat: seat(event.seat),
        card: nameOf(ctx, event.card),
      });
    case 'rowRefilled':
      return event.card === null
        ? t(`event.rowEmpty.${event.row}`)
        : t(`event.rowRefilled.${event.row}`, { card: nameOf(ctx, event.card) });
    case 'snitchRevealed':
      return t('event.snitchRevealed', { value: event.value, number: event.count });
    case 'snitchPaid':
      return t('event.snitchPaid', { seat: seat(event.seat), amount: money(ctx, event.amount) });
    case 'snitchSpared':
      return t('event.snitchSpared', { seat: seat(event.seat) });
    case 'chapterEnding':
      return t(`event.chapterEnding.${event.reason}`, {
        seat: seat(event.seat),
        chapter: t(`app.chapterNumber.${event.chapter}`),
      });
    case 'opportunityIncome':
      return t('event.opportunityIncome', {
        seat: seat(event.seat),
        amount: money(ctx, event.amount),
        count: event.icons,
      });
    case 'gangWar':
      return t('event.gangWar', {
        counts: event.mercenaries.map((n, s) => `${seat(s)}: ${n}`).join(', '),
        losers: event.losers.length > 0 ? event.losers.map(seat).join(', ') : t('app.nobody'),
      });
    case 'chapterStarted':
      return t('event.chapterStarted', {
        chapter: t(`app.chapterNumber.${event.chapter}`),
        seat: seat(event.firstPlayer),
      });
    case 'turnEnded':
      return t('event.turnEnded', { seat: seat(event.seat) });
    case 'gameEnded':
      return t('event.gameEnded', { winners: event.result.winners.map(seat).join(', ') });
  }
}
