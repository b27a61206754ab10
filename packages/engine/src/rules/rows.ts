/** Refilling the rows, and snitches turned up by a heist refill (R-REC-3, R-SNITCH). */
import { activeResource, type Ctx, emit, pushFront, seatsFrom } from '../context.ts';
import { playerAt } from '../guards.ts';
import { gangIconCount } from '../members.ts';
import type { Seat, Task } from '../types.ts';
import { discardableMembers, setChapterEnd } from './gang.ts';

/** Snitches of chapter III that end the game (R-SNITCH-4). */
export const GAME_ENDING_SNITCHES = 3;

/** Refills a recruit-row slot from the gangster deck; an empty deck leaves it empty. */
export function refillRecruitSlot(ctx: Ctx, slot: number): void {
  const { state } = ctx;
  const card = state.gangsterDeck.shift() ?? null;
  state.recruitRow[slot] = card;
  if (card) ctx.irreversible = true;
  emit(ctx, { type: 'rowRefilled', row: 'recruit', slot, card });
}

/**
 * Draws for a heist-row slot (R-SNITCH-1). No heist slot is refilled once a chapter end is
 * pending (R-CHAP-2). A snitch is resolved at once, then the slot draws again.
 */
export function refillHeistSlot(ctx: Ctx, slot: number): void {
  const { state } = ctx;
  if (state.chapterEndPending) return;
  const card = state.heistDeck.shift();
  if (card === undefined) {
    state.heistRow[slot] = null;
    emit(ctx, { type: 'rowRefilled', row: 'heist', slot, card: null });
    return;
  }
  ctx.irreversible = true;
  if (ctx.cards.isSnitch(card)) {
    state.heistRow[slot] = null;
    // Face up and out of the deck at once (a Bank window may come before it is resolved).
    state.removed.push(card);
    state.snitchesThisChapter++;
    emit(ctx, {
      type: 'snitchRevealed',
      card,
      value: ctx.cards.snitch(card).value,
      count: state.snitchesThisChapter,
    });
    const resolve: Task[] = [
      { kind: 'resolveSnitch', snitch: card },
      { kind: 'refillHeistSlot', slot },
    ];
    // R-SNITCH-5: the printed rulebooks let the Bank's owner use it at any moment of their turn.
    if (state.options.ruleset === 'printed')
      resolve.unshift({ kind: 'bankBeforeSnitch', seat: state.turn.seat, snitch: card });
    pushFront(state, ...resolve);
    return;
  }
  state.heistRow[slot] = card;
  emit(ctx, { type: 'rowRefilled', row: 'heist', slot, card });
}

/**
 * What a snitch of `value` costs `seat` (R-SNITCH-2): the Informant icons it lacks, capped by
 * Police station (R-RES-2); 0 when its Informants are enough.
 */
export function snitchOwed(ctx: Ctx, seat: Seat, value: number): number {
  const player = playerAt(ctx.state, seat);
  const owed = value - gangIconCount(ctx.cards, player, 'I');
  if (owed <= 0) return 0;
  const police = activeResource(ctx, player, 'policeStation');
  return police ? Math.min(owed, police.amount ?? 1) : owed;
}

/**
 * Every player, from the active one, checks Informant icons against the snitch (R-SNITCH-2):
 * pays the shortfall (capped by Police station), or loses all cash and discards a member.
 */
export function resolveSnitch(ctx: Ctx, snitchId: string): void {
  const { state } = ctx;
  const value = ctx.cards.snitch(snitchId).value;
  const discards: Task[] = [];
  for (const seat of seatsFrom(state, state.turn.seat)) {
    const player = playerAt(state, seat);
    const informants = gangIconCount(ctx.cards, player, 'I');
    if (informants >= value) {
      emit(ctx, { type: 'snitchSpared', seat });
      continue;
    }
    const owed = snitchOwed(ctx, seat, value);
    if (player.cash >= owed) {
      player.cash -= owed;
      emit(ctx, { type: 'snitchPaid', seat, amount: owed });
      continue;
    }
    emit(ctx, { type: 'snitchPaid', seat, amount: player.cash });
    player.cash = 0;
    if (discardableMembers(player).length > 0)
      discards.push({ kind: 'snitchDiscard', seat, snitch: snitchId });
  }
  pushFront(state, ...discards);
  if (state.chapter === 3 && state.snitchesThisChapter >= GAME_ENDING_SNITCHES) {
    setChapterEnd(ctx, 'snitches');
  }
}
