/**
 * A reason in English, for the command line and logs (the web client translates reasons
 * itself). Card ids are shown as given and seats as "seat N" unless namers are supplied.
 */
import { type CardId, type Seat, SKILL_NAMES, type Skill } from '@gangsta/engine';
import { conventionKind, REASONS, type Reason } from './reasons.ts';

/** A parameter as it travels: a number, an id or letter, a nested reason, or a list of those. */
type ParamValue = number | string | Reason | readonly (string | Reason)[];

function isReason(value: unknown): value is Reason {
  return typeof value === 'object' && value !== null && 'id' in value;
}

interface Namers {
  card: (id: CardId) => string;
  seat: (seat: Seat) => string;
}

function renderParam(name: string, value: ParamValue, names: Namers): string {
  if (isReason(value)) return describeReason(value, names.card, names.seat);
  if (typeof value === 'object') {
    return value
      .map((item) => renderParam(name, item, names))
      .join(name === 'cards' ? ' and ' : ', ');
  }
  switch (conventionKind(name)) {
    case 'card':
    case 'cards':
      return names.card(String(value));
    case 'seat':
      return names.seat(Number(value));
    case 'skill':
    case 'skills':
      return SKILL_NAMES[value as Skill] ?? String(value);
    default:
      return String(value);
  }
}

/** The reason as an English sentence (or phrase, for nested reasons). */
export function describeReason(
  reason: Reason,
  cardName: (id: CardId) => string = (id) => id,
  seatName: (seat: Seat) => string = (seat) => `seat ${seat + 1}`,
): string {
  const template: string = REASONS[reason.id].en;
  const params: Record<string, ParamValue> = reason.params;
  const names = { card: cardName, seat: seatName };
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : renderParam(name, value, names);
  });
}
