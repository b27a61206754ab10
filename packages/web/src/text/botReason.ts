/**
 * A bot's reason (hints, game review) in the reader's language. Bots give a message id with
 * parameters (`@gangsta/bots` reasons.ts); the words are `botReasons.<id>` in the locales.
 * Parameters are rendered by the bots' naming convention: `card`/`…Card` a card id (its
 * translated name), `cards` a list of them, `seat`/`…Seat` a seat (the player's name), `skill`
 * and `skills` skill letters; an object is a nested reason and a list of objects is a list.
 * Only the type is imported from the bots, so the first bundle does not grow with them.
 */
import type { Reason as BotReason } from '@gangsta/bots';
import type { Skill } from '@gangsta/engine';
import { seatLabel, type TextContext } from './context.ts';
import { cardName } from './names.ts';

export type { BotReason };

/** A parameter as it travels: a number, an id or letter, a nested reason, or a list. */
type ParamValue = number | string | BotReason | readonly (string | BotReason)[];

function isReason(value: unknown): value is BotReason {
  return typeof value === 'object' && value !== null && 'id' in value;
}

function renderValue(ctx: TextContext, name: string, value: string | number): string {
  if (name === 'card' || name === 'cards' || name.endsWith('Card'))
    return cardName(ctx.t, ctx.cards, String(value));
  if (name === 'seat' || name.endsWith('Seat')) return seatLabel(ctx, Number(value));
  if (name === 'skill' || name === 'skills') return ctx.t(`skills.${value as Skill}`);
  return String(value);
}

function renderParam(ctx: TextContext, name: string, value: ParamValue): string {
  if (isReason(value)) return describeBotReason(ctx, value);
  if (typeof value === 'object') {
    return value.map((item) => renderParam(ctx, name, item)).join(ctx.t('botReasons.separator'));
  }
  return renderValue(ctx, name, value);
}

export function describeBotReason(ctx: TextContext, reason: BotReason): string {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(reason.params as Record<string, ParamValue>)) {
    // `count` stays a number: i18next picks the plural form (_one, _other…) only from a number.
    params[name] =
      name === 'count' && typeof value === 'number' ? value : renderParam(ctx, name, value);
  }
  return ctx.t(`botReasons.${reason.id}`, params);
}
