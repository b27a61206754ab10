/** Putting a heist together (R-HEIST-1..9) and paying it out (R-HEIST-10, R-HEIST-8). */
import type { HeistCard, Skill } from '../cards/schema.ts';
import { activeResource, type Ctx, emit, findMember, pushFront, seatsFrom } from '../context.ts';
import { iconsOf, memberIconCount } from '../members.ts';
import type { Member, Seat, Task } from '../types.ts';
import { refillHeistSlot } from './rows.ts';
import { endOfTurn } from './turn.ts';

/** A member that could take part: available, with its owner. */
export interface Candidate {
  member: Member;
  seat: Seat;
}

/** Available members that may take part for `initiator` (opponents' only in a cooperative heist). */
export function heistCandidates(ctx: Ctx, initiator: Seat, heist: HeistCard): Candidate[] {
  const out: Candidate[] = [];
  for (const player of ctx.state.players) {
    if (player.seat !== initiator && !heist.coop) continue;
    for (const member of player.gang) if (!member.engaged) out.push({ member, seat: player.seat });
  }
  return out;
}

/** Whether the candidates' icons, added up, cover the requirement (then any order completes it). */
function coverable(
  ctx: Ctx,
  requirement: readonly Skill[],
  candidates: readonly Candidate[],
): boolean {
  const need = new Map<Skill, number>();
  for (const icon of requirement) need.set(icon, (need.get(icon) ?? 0) + 1);
  for (const [skill, count] of need) {
    let have = 0;
    for (const c of candidates) {
      have += memberIconCount(ctx.cards, c.member, skill);
      if (have >= count) break;
    }
    if (have < count) return false;
  }
  return true;
}

function ownStarter(
  ctx: Ctx,
  initiator: Seat,
  requirement: readonly Skill[],
  candidates: readonly Candidate[],
): boolean {
  return candidates.some(
    (c) =>
      c.seat === initiator &&
      iconsOf(ctx.cards, c.member).some((icon) => requirement.includes(icon)),
  );
}

/** Whether High-tech equipment may trim this heist for this player (R-RES-2). */
export function highTechApplies(ctx: Ctx, seat: Seat, heist: HeistCard): boolean {
  const card = activeResource(ctx, ctx.state.players[seat], 'highTechEquipment');
  if (!card || heist.requirement.length < 2) return false;
  return (card.heistKinds ?? []).includes(heist.kind);
}

/** Requirement variants the initiator may end up with (with or without High-tech's removal). */
function requirementOptions(ctx: Ctx, seat: Seat, heist: HeistCard): Skill[][] {
  const options: Skill[][] = [heist.requirement];
  if (highTechApplies(ctx, seat, heist)) {
    for (const skill of new Set(heist.requirement))
      options.push(removeOne(heist.requirement, skill));
  }
  return options;
}

export function removeOne(icons: readonly Skill[], skill: Skill): Skill[] {
  const out = [...icons];
  out.splice(out.indexOf(skill), 1);
  return out;
}

/** R-HEIST-6: a heist may be started only if it can be completed. */
export function heistFeasible(ctx: Ctx, seat: Seat, heistId: string): boolean {
  const heist = ctx.cards.heist(heistId);
  const candidates = heistCandidates(ctx, seat, heist);
  return requirementOptions(ctx, seat, heist).some(
    (req) => ownStarter(ctx, seat, req, candidates) && coverable(ctx, req, candidates),
  );
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

/** Members that may be activated now (R-HEIST-3, R-HEIST-9). */
export function activatable(ctx: Ctx): Candidate[] {
  const heistState = ctx.state.heist!;
  const heist = ctx.cards.heist(heistState.card);
  const ownStarted = heistState.activated.length > 0;
  const out: Candidate[] = [];
  for (const c of heistCandidates(ctx, heistState.initiator, heist)) {
    if (c.seat !== heistState.initiator && !ownStarted) continue;
    if (heistState.activated.some((a) => a.member === c.member.id)) continue;
    if (iconsOf(ctx.cards, c.member).some((icon) => heistState.remaining.includes(icon)))
      out.push(c);
  }
  return out;
}

/**
 * Activates a member: every one of its icons still required is used (R-HEIST-4); the heist
 * succeeds when nothing remains (R-HEIST-5).
 */
export function activate(ctx: Ctx, memberId: string, seat: Seat): void {
  const heistState = ctx.state.heist!;
  const member = findMember(ctx.state.players[seat], memberId)!;
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
  const heistState = state.heist!;
  const heist = ctx.cards.heist(heistState.card);
  const initiator = heistState.initiator;
  for (const { member, seat } of heistState.activated)
    findMember(state.players[seat], member)!.engaged = true;
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
    for (const seat of seatsFrom(state, initiator)) {
      if (!participants.includes(seat)) continue;
      for (const reward of heist.rewardB)
        tasks.push({ kind: 'reward', seat, reward, heist: heist.id });
    }
    for (const seat of seatsFrom(state, initiator)) {
      const player = state.players[seat];
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
  const heistState = state.heist!;
  const initiator = state.players[heistState.initiator];
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
  const heistState = state.heist!;
  emit(ctx, { type: 'heistAbandoned', seat: heistState.initiator, card: heistState.card });
  if (heistState.fromDeck) {
    // Biker gang's price is refunded: the heist was never performed.
    const card = activeResource(ctx, state.players[heistState.initiator], 'bikerGang');
    state.players[heistState.initiator].cash += card?.amount ?? 1;
  }
  state.heist = null;
  state.phase = 'action';
}

export { endOfTurn };
