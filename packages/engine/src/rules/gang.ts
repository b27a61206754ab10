/** Members joining, leaving and changing state; resource activation; chapter thresholds. */
import { activeResource, type Ctx, emit, memberOf, takeMember } from '../context.ts';
import { playerAt } from '../guards.ts';
import { coversMultiset, gangIcons } from '../members.ts';
import type { DiscardReason, Member, PlayerState, Seat } from '../types.ts';

/** Gang size at which each chapter ends (R-CHAP-1). */
export const CHAPTER_THRESHOLDS = { 1: 4, 2: 7, 3: 9 } as const;

/** Marks the current chapter to end at the end of this turn (R-CHAP-2). */
export function setChapterEnd(ctx: Ctx, reason: 'gangSize' | 'snitches' | 'safeguard'): void {
  const { state } = ctx;
  if (state.chapterEndPending) return;
  state.chapterEndPending = true;
  state.chapterEndReason = reason;
  emit(ctx, { type: 'chapterEnding', chapter: state.chapter, seat: state.turn.seat, reason });
}

/** A member joins a gang, available: growth (R-CHAP-1), may activate resources (R-RES-1). */
export function joinGang(ctx: Ctx, player: PlayerState, member: Member): void {
  member.engaged = false;
  player.gang.push(member);
  activateResources(ctx, player);
  if (player.gang.length >= CHAPTER_THRESHOLDS[ctx.state.chapter]) setChapterEnd(ctx, 'gangSize');
}

/** Activates every kept card whose requirement the gang now meets (R-RES-1). */
export function activateResources(ctx: Ctx, player: PlayerState): void {
  let icons: ReturnType<typeof gangIcons> | null = null;
  for (const kept of player.resources) {
    if (kept.active) continue;
    const card = ctx.cards.resource(kept.id);
    // Counterfeit printer never activates once the gang war has begun (R-RES-2).
    if (card.effect === 'counterfeitPrinter' && ctx.state.gangWarBegun) continue;
    icons ??= gangIcons(ctx.cards, player);
    if (coversMultiset(icons, card.requirement)) {
      kept.active = true;
      emit(ctx, { type: 'resourceActivated', seat: player.seat, card: kept.id });
    }
  }
}

/** Whether the player may discard this member: never the Boss (R-STATE-2). */
export function discardableMembers(player: PlayerState): Member[] {
  return player.gang.filter((m) => m.id !== player.boss);
}

/**
 * A member leaves the gang: to its owner's Hospital if active and the reason is not a snitch
 * arrest (R-RES-2), otherwise out of the game with its learned skill and tucked heist.
 */
export function discardMember(ctx: Ctx, seat: Seat, id: string, reason: DiscardReason): void {
  const player = playerAt(ctx.state, seat);
  const member = takeMember(player.gang, id, `seat ${seat}'s gang`);
  const toHospital = reason !== 'snitch' && activeResource(ctx, player, 'hospital') !== undefined;
  if (toHospital) {
    member.engaged = false;
    player.hospital.push(member);
  } else {
    ctx.state.removed.push(member.id);
    if (member.tucked) ctx.state.removed.push(member.tucked);
  }
  emit(ctx, { type: 'memberDiscarded', seat, member: id, reason, toHospital });
}

export function readyMember(player: PlayerState, id: string): Member {
  const member = memberOf(player, id);
  member.engaged = false;
  return member;
}

export function readyWholeGang(player: PlayerState): void {
  for (const member of player.gang) member.engaged = false;
}

export function anyEngaged(player: PlayerState): boolean {
  for (const member of player.gang) if (member.engaged) return true;
  return false;
}
