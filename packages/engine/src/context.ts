/**
 * What every rules function receives while a move is applied: the state being changed, the
 * card look-up, where events go (null on the fast path) and whether the move has revealed
 * something or touched another seat (then it cannot be undone, R-TURN-3).
 */
import type { CardLookup } from './cards/index.ts';
import { cardsOf } from './cards/index.ts';
import type { ResourceEffect } from './cards/schema.ts';
import type { GameEvent, GameState, Member, PlayerState, Seat, Task } from './types.ts';

export interface Ctx {
  state: GameState;
  cards: CardLookup;
  events: GameEvent[] | null;
  /** Set when the move drew or revealed a card or involved another seat. */
  irreversible: boolean;
  /**
   * Lean move lists for search (`fast.legalMoves`): Bank moves are cut down to the withdrawals
   * that pay for something (bank.ts). Only which moves are listed changes, never the rules.
   */
  lean: boolean;
}

export function makeCtx(state: GameState, withEvents: boolean, lean = false): Ctx {
  return {
    state,
    cards: cardsOf(state.cards),
    events: withEvents ? [] : null,
    irreversible: false,
    lean,
  };
}

export function emit(ctx: Ctx, event: GameEvent): void {
  ctx.events?.push(event);
}

/** Puts tasks at the front of the queue, in the order given. */
export function pushFront(state: GameState, ...tasks: Task[]): void {
  state.queue.unshift(...tasks);
}

/** Seats in seat order starting with `first`. */
export function seatsFrom(state: GameState, first: Seat): Seat[] {
  const n = state.players.length;
  const seats: Seat[] = [];
  for (let i = 0; i < n; i++) seats.push((first + i) % n);
  return seats;
}

export function findMember(player: PlayerState, id: string): Member | undefined {
  for (const member of player.gang) if (member.id === id) return member;
  return undefined;
}

/** The seat whose gang holds member `id`, or -1. */
export function ownerOf(state: GameState, id: string): Seat {
  for (const player of state.players) if (findMember(player, id)) return player.seat;
  return -1;
}

/** The player's active resource card with this effect, if any (R-RES-1). */
export function activeResource(ctx: Ctx, player: PlayerState, effect: ResourceEffect) {
  for (const kept of player.resources) {
    if (!kept.active) continue;
    const card = ctx.cards.resource(kept.id);
    if (card.effect === effect) return card;
  }
  return undefined;
}

export function hasActive(ctx: Ctx, player: PlayerState, effect: ResourceEffect): boolean {
  return activeResource(ctx, player, effect) !== undefined;
}
