/**
 * A turn recap (turnRecap.ts) in words: short phrases with the figures, for the turn summary
 * and the status bar's last-move line. "Heist Armored Van with you · +$3 · +1 IP".
 */
import type { Seat } from '@gangsta/engine';
import { money, nameOf, seatLabel, type TextContext, youSeat } from '../../text/context.ts';
import type { RecapAction, RecapHit, RecapMoment, TurnRecap } from './turnRecap.ts';

/** A figure of the turn: "+$3", "−1 IP"; `seat` is whose it is. */
export interface RecapFigure {
  seat: Seat;
  text: string;
  up: boolean;
  kind: 'cash' | 'ip';
}

function signed(amount: number, text: string): string {
  return `${amount > 0 ? '+' : '−'}${text}`;
}

export function figureTexts(ctx: TextContext, recap: TurnRecap, seat: Seat): RecapFigure[] {
  const out: RecapFigure[] = [];
  const cash = recap.cash[seat] ?? 0;
  const ip = recap.ip[seat] ?? 0;
  if (cash !== 0) {
    out.push({ seat, kind: 'cash', up: cash > 0, text: signed(cash, money(ctx, Math.abs(cash))) });
  }
  if (ip !== 0) {
    out.push({
      seat,
      kind: 'ip',
      up: ip > 0,
      text: signed(ip, ctx.t('cards.ip', { ip: Math.abs(ip) })),
    });
  }
  return out;
}

function list(ctx: TextContext, seats: readonly Seat[]): string {
  return seats.map((s) => seatLabel(ctx, s)).join(', ');
}

export function actionText(ctx: TextContext, action: RecapAction): string {
  const { t } = ctx;
  switch (action.kind) {
    case 'heist':
      return action.partners.length > 0
        ? t('table.recap.heistWith', {
            heist: nameOf(ctx, action.card),
            partners: list(ctx, action.partners),
          })
        : t('table.recap.heist', { heist: nameOf(ctx, action.card) });
    case 'heistAbandoned':
      return t('table.recap.heistAbandoned', { heist: nameOf(ctx, action.card) });
    case 'recruit':
      return t('table.recap.recruit', {
        card: nameOf(ctx, action.card),
        cost: money(ctx, action.cost),
      });
    case 'pass':
      return t('table.recap.pass');
    case 'rowDiscard':
      return t('table.recap.rowDiscard', { card: nameOf(ctx, action.card) });
    case 'returned':
      return t('table.recap.returned', { member: nameOf(ctx, action.member) });
    case 'trained':
      return t('table.recap.trained', {
        member: nameOf(ctx, action.member),
        skill: t(`skills.${action.skill}`),
      });
    case 'playAgain':
      return t('table.recap.playAgain');
  }
}

export function hitText(ctx: TextContext, hit: RecapHit): string {
  const you = youSeat(ctx);
  const party = hit.kind === 'theft' || hit.kind === 'assassination' ? hit.target : hit.owner;
  const context = party === you ? { context: 'yours' } : {};
  const t = (key: string, params: object) => ctx.t(key, { ...params, ...context });
  switch (hit.kind) {
    case 'theft':
      return t('table.recap.theft', {
        amount: money(ctx, hit.amount),
        target: seatLabel(ctx, hit.target),
      });
    case 'assassination':
      return t('table.recap.assassination', {
        target: seatLabel(ctx, hit.target),
        member: nameOf(ctx, hit.member),
      });
    case 'borrowed':
    case 'diverted':
      return t(`table.recap.${hit.kind}`, {
        owner: seatLabel(ctx, hit.owner),
        // A card id, or names already joined by hitTexts.
        member: ctx.cards.kindOf(hit.member) ? nameOf(ctx, hit.member) : hit.member,
      });
  }
}

/**
 * The hits of a turn in words, members of one owner used in a heist (or engaged by a
 * Diversion) named in one phrase: "Used Don Vittorio Sabbia, Red Pole Chen of Enzo Galli".
 */
export function hitTexts(
  ctx: TextContext,
  hits: readonly RecapHit[],
): { text: string; yours: boolean }[] {
  const out: { text: string; yours: boolean; group?: string }[] = [];
  for (const hit of hits) {
    const yours = hitsYou(ctx, hit);
    if (hit.kind === 'borrowed' || hit.kind === 'diverted') {
      const group = `${hit.kind}:${hit.owner}`;
      const members = hits
        .filter(
          (h) =>
            (h.kind === 'borrowed' || h.kind === 'diverted') && `${h.kind}:${h.owner}` === group,
        )
        .map((h) => (h.kind === 'borrowed' || h.kind === 'diverted' ? nameOf(ctx, h.member) : ''));
      if (out.some((o) => o.group === group)) continue;
      const text = hitText(ctx, { ...hit, member: members.join(', ') });
      out.push({ text, yours, group });
      continue;
    }
    out.push({ text: hitText(ctx, hit), yours });
  }
  return out.map(({ text, yours }) => ({ text, yours }));
}

/** Whether a hit is on the seat addressed as "you" (drawn as a cost to the viewer). */
export function hitsYou(ctx: TextContext, hit: RecapHit): boolean {
  const you = youSeat(ctx) ?? ctx.viewer;
  const party = hit.kind === 'theft' || hit.kind === 'assassination' ? hit.target : hit.owner;
  return party === you;
}

export function momentText(ctx: TextContext, moment: RecapMoment): string {
  const { t } = ctx;
  switch (moment.kind) {
    case 'snitch':
      return t('table.recap.snitch', {
        value: moment.value,
        outcomes: moment.outcomes
          .map((o) =>
            o.spared
              ? t('table.recap.snitchSpared', { seat: seatLabel(ctx, o.seat) })
              : o.discarded
                ? t('table.recap.snitchDiscarded', {
                    seat: seatLabel(ctx, o.seat),
                    amount: money(ctx, o.paid),
                    member: nameOf(ctx, o.discarded),
                  })
                : t('table.recap.snitchPaid', {
                    seat: seatLabel(ctx, o.seat),
                    amount: money(ctx, o.paid),
                  }),
          )
          .join(', '),
      });
    case 'gangWar':
      return t('table.recap.gangWar', {
        counts: moment.mercenaries.map((n, s) => `${seatLabel(ctx, s)} ${n}`).join(', '),
        losers:
          moment.losers.length > 0
            ? moment.losers
                .map((s) =>
                  moment.discarded[s]
                    ? `${seatLabel(ctx, s)} (${nameOf(ctx, moment.discarded[s])})`
                    : seatLabel(ctx, s),
                )
                .join(', ')
            : t('app.nobody'),
      });
    case 'opportunity':
      return t('table.recap.opportunity', {
        list: moment.amounts.map((a, s) => `${seatLabel(ctx, s)} +${money(ctx, a)}`).join(', '),
      });
    case 'chapter':
      return t('table.recap.chapter', { chapter: t(`app.chapterNumber.${moment.chapter}`) });
  }
}

/**
 * The same phrase said again and again in a row once, counted: a bot that starts and gives up
 * one heist three times reads "Gave up Art Theft ×3", not the phrase three times.
 */
export function collapseRepeats(phrases: readonly string[]): string[] {
  const out: string[] = [];
  let count = 0;
  phrases.forEach((phrase, i) => {
    count += 1;
    if (phrases[i + 1] === phrase) return;
    out.push(count > 1 ? `${phrase} ×${count}` : phrase);
    count = 0;
  });
  return out;
}

/** Everything a recap says, as phrases, the turn's player's figures last. */
export function recapPhrases(ctx: TextContext, recap: TurnRecap): string[] {
  return [
    ...(recap.synchronized ? [ctx.t('table.recap.synchronized')] : []),
    ...collapseRepeats(recap.actions.map((a) => actionText(ctx, a))),
    ...hitTexts(ctx, recap.hits).map((h) => h.text),
    ...recap.moments.map((m) => momentText(ctx, m)),
  ];
}

/**
 * One line for the status bar: "Oleg Krupin: Heist Armored Van · +$3 · +1 IP". Null when the
 * recap holds nothing to say.
 */
export function recapLine(ctx: TextContext, recap: TurnRecap): string | null {
  const phrases = recapPhrases(ctx, recap);
  const figures = figureTexts(ctx, recap, recap.seat).map((f) => f.text);
  if (phrases.length === 0 && figures.length === 0) return null;
  return ctx.t('table.recap.line', {
    seat: seatLabel(ctx, recap.seat),
    what: [...phrases, ...figures].join(' · '),
  });
}
