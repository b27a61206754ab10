/** What the text helpers need to turn engine data into sentences. */
import type { CardLookup, Seat } from '@gangsta/engine';
import type { TFunction } from 'i18next';
import type { TablePlayer } from '../game/players.ts';
import type { SeatKind } from '../game/seats.ts';
import { cardName } from './names.ts';

export interface TextContext {
  t: TFunction;
  cards: CardLookup;
  seats: readonly SeatKind[];
  viewer: Seat | null;
  /** Who sits where: their names replace "Player N" in sentences. */
  players?: readonly TablePlayer[] | undefined;
  /**
   * The seat the sentences call "you" (online: the player's own seat); null for nobody.
   * Absent: the viewer when they are the only person at the table (against bots, the tutorial).
   */
  you?: Seat | null;
}

/**
 * The seat sentences address as "you". With several people at one screen (hot-seat) it is
 * nobody: the log reads the same for everyone there, so it names every player.
 */
export function youSeat(ctx: TextContext): Seat | null {
  if (ctx.you !== undefined) return ctx.you;
  const { viewer, seats } = ctx;
  if (viewer === null || seats[viewer] !== 'human') return null;
  return seats.filter((kind) => kind === 'human').length === 1 ? viewer : null;
}

/**
 * A player in sentences: the name (a bot's own), else the short default "Player 2". The seat
 * addressed as "you" reads "Ann (you)", for the lists where no verb agrees with it (the
 * winners, the partners of a heist); sentences whose subject it is have their "_you" wording.
 */
export function seatLabel(ctx: TextContext, seat: Seat): string {
  const name = ctx.players?.[seat]?.name ?? ctx.t('app.player', { n: seat + 1 });
  return seat === youSeat(ctx) ? ctx.t('app.seatYou', { seat: name }) : name;
}

export function nameOf(ctx: TextContext, id: string | null | undefined): string {
  return id ? cardName(ctx.t, ctx.cards, id) : ctx.t('app.nothing');
}

export function money(ctx: TextContext, amount: number): string {
  return ctx.t('app.money', { amount });
}
