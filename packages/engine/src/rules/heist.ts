/** Putting a heist together (R-HEIST-1..9) and paying it out (R-HEIST-10, R-HEIST-8). */

import {
  countSkills,
  emptySkillVector,
  SKILL_COUNT,
  SKILL_INDEX,
  type SkillSlot,
  type SkillVector,
} from '../cards/index.ts';
import type { HeistCard, Skill } from '../cards/schema.ts';
import {
  activeResource,
  type Ctx,
  emit,
  findMember,
  heistUnderWay,
  memberOf,
  pushFront,
  seatsFrom,
} from '../context.ts';
import { playerAt } from '../guards.ts';
import { iconsOf } from '../members.ts';
import type { Member, Seat, Task } from '../types.ts';
import { refillHeistSlot } from './rows.ts';

/** A member that could take part: available, with its owner. */
export interface Candidate {
  member: Member;
  seat: Seat;
}

/** Whether High-tech equipment may trim this heist for this player (R-RES-2). */
export function highTechApplies(ctx: Ctx, seat: Seat, heist: HeistCard): boolean {
  const card = activeResource(ctx, playerAt(ctx.state, seat), 'highTechEquipment');
  if (!card || heist.requirement.length < 2) return false;
  return (card.heistKinds ?? []).includes(heist.kind);
}

export function removeOne(icons: readonly Skill[], skill: Skill): Skill[] {
  const out = [...icons];
  out.splice(out.indexOf(skill), 1);
  return out;
}

/** Adds a member's icon counts (printed and learned) into `into`. */
function addIcons(ctx: Ctx, member: Member, into: SkillVector): void {
  const counts = ctx.cards.skillCounts(member.id);
  for (let i = 0; i < SKILL_COUNT; i++) into[i as SkillSlot] += counts[i as SkillSlot];
  if (member.learned) into[SKILL_INDEX[member.learned]]++;
}

/**
 * Whether a requirement can be completed: the candidates' icons, added up, cover it (then any
 * order of useful activations completes it, since each uses only icons still needed), and the
 * initiator has a member to start with.
 */
function completable(
  need: Readonly<SkillVector>,
  all: Readonly<SkillVector>,
  own: Readonly<SkillVector>,
): boolean {
  let starter = false;
  for (let i = 0; i < SKILL_COUNT; i++) {
    const s = i as SkillSlot;
    if (all[s] < need[s]) return false;
    if (need[s] > 0 && own[s] > 0) starter = true;
  }
  return starter;
}

/** Icon totals of the available members: the seat's own, and everyone's (for cooperative heists). */
export interface IconTotals {
  own: SkillVector;
  all: SkillVector;
}

export function availableIconTotals(ctx: Ctx, seat: Seat): IconTotals {
  const own = emptySkillVector();
  const all = emptySkillVector();
  for (const player of ctx.state.players) {
    const into = player.seat === seat ? own : all;
    for (const member of player.gang) if (!member.engaged) addIcons(ctx, member, into);
  }
  for (let i = 0; i < SKILL_COUNT; i++) all[i as SkillSlot] += own[i as SkillSlot];
  return { own, all };
}

/** R-HEIST-6: a heist may be started only if it can be completed (High-tech's trim included). */
export function heistFeasible(
  ctx: Ctx,
  seat: Seat,
  heistId: string,
  totals: IconTotals = availableIconTotals(ctx, seat),
): boolean {
  const heist = ctx.cards.heist(heistId);
  const candidates = heist.coop ? totals.all : totals.own;
  const need = ctx.cards.skillCounts(heistId);
  if (completable(need, candidates, totals.own)) return true;
  if (!highTechApplies(ctx, seat, heist)) return false;
  const trimmed: SkillVector = [...need];
  for (let i = 0; i < SKILL_COUNT; i++) {
    const s = i as SkillSlot;
    if (need[s] === 0) continue;
    trimmed[s]--;
    if (completable(trimmed, candidates, totals.own)) return true;
    trimmed[s]++;
  }
  return false;
}

/**
 * Whether a heist not yet started (no member activated) can be completed from `remaining`:
 * the High-tech choice may only leave a requirement that can still be met (R-HEIST-6).
 */
export function requirementFeasible(
  ctx: Ctx,
  seat: Seat,
  heistId: string,
  remaining: readonly Skill[],
  totals: IconTotals = availableIconTotals(ctx, seat),
): boolean {
  const candidates = ctx.cards.heist(heistId).coop ? totals.all : totals.own;
  return completable(countSkills(remaining), candidates, totals.own);
}

export function startHeist(ctx: Ctx, seat: Seat, heistId: string, fromDeck: boolean): void {
  const { state } = ctx;
  const heist = ctx.cards.heist(heistId);
  state.heist = {
    card: heistId,
    initiator: seat,
    fromDeck,
    remaining: [...heist.requirement],
    activated: [],
    requirementSettled: !highTechApplies(ctx, seat, heist),
    completed: false,
    cooperative: false,
  };
  state.phase = 'heist';
}

/** Whether a member shows at least one icon still required (R-HEIST-3). */
function isUseful(ctx: Ctx, member: Member, need: Readonly<SkillVector>): boolean {
  if (member.learned && need[SKILL_INDEX[member.learned]] > 0) return true;
  const counts = ctx.cards.skillCounts(member.id);
  for (let i = 0; i < SKILL_COUNT; i++) {
    if (counts[i as SkillSlot] > 0 && need[i as SkillSlot] > 0) return true;
  }
  return false;
}

/** Members that may be activated now (R-HEIST-3, R-HEIST-9). */
export function activatable(ctx: Ctx): Candidate[] {
  const heistState = heistUnderWay(ctx.state);
  const heist = ctx.cards.heist(heistState.card);
  const need = countSkills(heistState.remaining);
  const others = heist.coop && heistState.activated.length > 0;
  const out: Candidate[] = [];
  for (const player of ctx.state.players) {
    if (player.seat !== heistState.initiator && !others) continue;
    for (const member of player.gang) {
      if (member.engaged || !isUseful(ctx, member, need)) continue;
      if (heistState.activated.some((a) => a.member === member.id)) continue;
      out.push({ member, seat: player.seat });
    }
  }
  return out;
}

/**
 * Activates a member: every one of its icons still required is used (R-HEIST-4); the heist
 * succeeds when nothing remains (R-HEIST-5).
 */
export function activate(ctx: Ctx, memberId: string, seat: Seat): void {
  const heistState = heistUnderWay(ctx.state);
  const member = memberOf(playerAt(ctx.state, seat), memberId);
  for (const icon of iconsOf(ctx.cards, member)) {
    const at = heistState.remaining.indexOf(icon);
    if (at >= 0) heistState.remaining.splice(at, 1);
  }
  heistState.activated.push({ member: memberId, seat });
  if (seat !== heistState.initiator) ctx.irreversible = true;
  emit(ctx, {
    type: 'activated',
    seat: heistState.initiator,
    member: memberId,
    owner: seat,
    remaining: [...heistState.remaining],
  });
  if (heistState.remaining.length === 0) completeHeist(ctx);
}

function completeHeist(ctx: Ctx): void {
  const { state } = ctx;
  const heistState = heistUnderWay(state);
  const heist = ctx.cards.heist(heistState.card);
  const initiator = heistState.initiator;
  for (const { member, seat } of heistState.activated)
    memberOf(playerAt(state, seat), member).engaged = true;
  const participants = [...new Set(heistState.activated.map((a) => a.seat))];
  heistState.completed = true;
  heistState.cooperative = participants.some((seat) => seat !== initiator);
  state.turn.productive = true;
  state.turn.acted = true;
  state.phase = 'endOfTurn';
  emit(ctx, {
    type: 'heistCompleted',
    seat: initiator,
    card: heist.id,
    cooperative: heistState.cooperative,
    participants,
  });
  const tasks: Task[] = heist.rewardA.map((reward) => ({
    kind: 'reward',
    seat: initiator,
    reward,
    heist: heist.id,
  }));
  if (heistState.cooperative) {
    // R-HEIST-10: initiator A then B; then the other participants' B in seat order.
    for (const reward of heist.rewardB)
      tasks.push({ kind: 'reward', seat: initiator, reward, heist: heist.id });
  }
  // R-RES-2: the winnings may go on the Bank before partners' Thefts and the slot's refill.
  if (activeResource(ctx, playerAt(state, initiator), 'bank'))
    tasks.push({ kind: 'bankWindow', seat: initiator });
  if (heistState.cooperative) {
    for (const seat of seatsFrom(state, initiator)) {
      if (!participants.includes(seat) || seat === initiator) continue;
      for (const reward of heist.rewardB)
        tasks.push({ kind: 'reward', seat, reward, heist: heist.id });
    }
    for (const seat of seatsFrom(state, initiator)) {
      const player = playerAt(state, seat);
      if (participants.includes(seat) && activeResource(ctx, player, 'privateJet')) {
        tasks.push({ kind: 'privateJet', seat });
      }
    }
  }
  tasks.push({ kind: 'finishHeist' });
  pushFront(state, ...tasks);
}

/** R-HEIST-8: the card goes to the pile (or under the trained member), then the slot refills. */
export function finishHeist(ctx: Ctx): void {
  const { state } = ctx;
  const heistState = heistUnderWay(state);
  const initiator = playerAt(state, heistState.initiator);
  let slot = -1;
  if (heistState.fromDeck) {
    state.heistDeck.shift();
  } else {
    slot = state.heistRow.indexOf(heistState.card);
    state.heistRow[slot] = null;
  }
  const trained = heistState.trainedMember
    ? findMember(initiator, heistState.trainedMember)
    : undefined;
  if (trained && ctx.cards.heist(heistState.card).rewardA.some((r) => r.kind === 'training')) {
    trained.tucked = heistState.card;
  } else {
    initiator.pile.push(heistState.card);
  }
  state.heist = null;
  pushFront(state, { kind: 'endOfTurn' });
  if (slot >= 0) refillHeistSlot(ctx, slot);
}

export function abandonHeist(ctx: Ctx): void {
  const { state } = ctx;
  const heistState = heistUnderWay(state);
  state.turn.abandons++;
  emit(ctx, { type: 'heistAbandoned', seat: heistState.initiator, card: heistState.card });
  if (heistState.fromDeck) {
    // Biker gang's price is refunded: the heist was never performed.
    const card = activeResource(ctx, playerAt(state, heistState.initiator), 'bikerGang');
    playerAt(state, heistState.initiator).cash += card?.amount ?? 1;
  }
  state.heist = null;
  state.phase = 'action';
}
