/**
 * What every rules function receives while a move is applied: the state being changed, the
 * card look-up, where events go (null on the fast path) and whether the move has revealed
 * something or touched another seat (then it cannot be undone, R-TURN-3).
 */
import type { CardLookup } from './cards/index.ts';
import { cardsOf } from './cards/index.ts';
import type { ResourceEffect } from './cards/schema.ts';
import type {
  GameEvent,
  GameState,
  HeistInProgress,
  Member,
  PlayerState,
  Seat,
  Task,
} from './types.ts';

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

/** Member `id` of the player's gang, where the move or task says it is. */
export function memberOf(player: PlayerState, id: string): Member {
  const member = findMember(player, id);
  if (member === undefined) throw new Error(`seat ${player.seat} has no member ${id}`);
  return member;
}

/** Takes member `id` out of `list` (a gang or a Hospital); `where` names the list in the error. */
export function takeMember(list: Member[], id: string, where: string): Member {
  const index = list.findIndex((m) => m.id === id);
  const [member] = index < 0 ? [] : list.splice(index, 1);
  if (member === undefined) throw new Error(`no member ${id} in ${where}`);
  return member;
}

/** The heist being put together: there is one in the heist phase and while its rewards run. */
export function heistUnderWay(state: GameState): HeistInProgress {
  if (state.heist === null) throw new Error(`no heist under way (phase ${state.phase})`);
  return state.heist;
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
