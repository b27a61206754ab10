/** What the text helpers need to turn engine data into sentences. */
import type { CardLookup, Seat } from '@gangsta/engine';
import type { TFunction } from 'i18next';
import type { SeatKind } from '../game/seats.ts';
import type { TablePlayer } from '../game/tableSource.ts';
import { cardName } from './names.ts';

export interface TextContext {
  t: TFunction;
  cards: CardLookup;
  seats: readonly SeatKind[];
  viewer: Seat | null;
  /** Who sits where: their chosen names replace "Seat N" in sentences. */
  players?: readonly TablePlayer[];
}

/**
 * A player in sentences: the chosen name, else "Seat 2" (never "you": hot-seat logs read the
 * same for everyone at the screen).
 */
export function seatLabel(ctx: TextContext, seat: Seat): string {
  return ctx.players?.[seat]?.name ?? ctx.t('app.seat', { n: seat + 1 });
}

export function nameOf(ctx: TextContext, id: string | null | undefined): string {
  return id ? cardName(ctx.t, ctx.cards, id) : ctx.t('app.nothing');
}

export function money(ctx: TextContext, amount: number): string {
  return ctx.t('app.money', { amount });
}
