/**
 * Small facts the interface shows next to controls (prices, pass income, why a member cannot
 * join a heist), worked out from the viewer's view. The engine stays the judge of legality:
 * these only explain the legal moves it gives.
 */
import {
  type CardLookup,
  cardsOf,
  type Decision,
  type GameView,
  iconsOf,
  type Member,
  type Move,
  playerAt,
  type ResourceEffect,
  type Seat,
  type Skill,
  solveHeist,
} from '@gangsta/engine';

export function lookup(view: GameView): CardLookup {
  return cardsOf(view.cards);
}

export function activeEffect(view: GameView, seat: Seat, effect: ResourceEffect): boolean {
  const cards = lookup(view);
  return playerAt(view, seat).resources.some(
    (r) => r.active && cards.resource(r.id).effect === effect,
  );
}

/** The number printed on a resource (its price or cap), from the card data. */
export function resourceAmount(view: GameView, effect: ResourceEffect): number {
  return view.cards.resources.find((r) => r.effect === effect)?.amount ?? 0;
}

function bossFamily(view: GameView, seat: Seat) {
  return lookup(view).boss(playerAt(view, seat).boss).family;
}

/** R-REC-1: the recruit price, with the Families discount. */
export function recruitPrice(view: GameView, seat: Seat, id: string): number {
  const card = lookup(view).gangster(id);
  const discount = view.options.families && card.family === bossFamily(view, seat) ? 1 : 0;
  return Math.max(0, card.cost - discount);
}

/** Informant network: $1 off for the Boss's family, never added to the Families discount. */
export function deckRecruitPrice(view: GameView, seat: Seat, id: string): number {
  const card = lookup(view).gangster(id);
  return card.family === bossFamily(view, seat) ? Math.max(0, card.cost - 1) : card.cost;
}

export function isLeader(cards: CardLookup, member: Member): boolean {
  return iconsOf(cards, member).includes('L');
}

/** R-PASS-1, R-OPT-1 and Black market: what passing pays now. */
export function passIncome(view: GameView, seat: Seat): number {
  const cards = lookup(view);
  const leaders = playerAt(view, seat).gang.filter((m) => isLeader(cards, m)).length;
  const base = view.options.minimumPassIncome ? Math.max(2, leaders) : leaders;
  const market = activeEffect(view, seat, 'blackMarket') ? resourceAmount(view, 'blackMarket') : 0;
  return base + market;
}

/** What readying one member costs in this decision. */
export function readyCost(decision: Decision): number {
  return decision.kind === 'mobilize' && decision.freeReadies === 0 ? 1 : 0;
}

/** Icons of `icons` that are still in `remaining`, one for one (R-HEIST-4). */
export function coveredIcons(icons: readonly Skill[], remaining: readonly Skill[]): Skill[] {
  const left = [...remaining];
  const covered: Skill[] = [];
  for (const icon of icons) {
    const at = left.indexOf(icon);
    if (at >= 0) {
      covered.push(icon);
      left.splice(at, 1);
    }
  }
  return covered;
}

export type BlockReason = 'engaged' | 'activated' | 'noIconNeeded' | 'deadEnd' | 'ownFirst';

export interface Candidate {
  seat: Seat;
  member: Member;
  /** The legal move that activates it, or null with the reason it cannot join. */
  move: Move | null;
  reason: BlockReason | null;
  covers: Skill[];
}

/**
 * Every member that could take part in the heist being put together, with the legal move or
 * the reason why not (R-HEIST-3, R-HEIST-6, R-HEIST-9).
 */
export function heistCandidates(
  view: GameView,
  decision: Extract<Decision, { kind: 'activate' }>,
  legal: readonly Move[],
): Candidate[] {
  const cards = lookup(view);
  const heist = view.heist;
  const coop = cards.heist(decision.heist).coop;
  const activated = new Set(heist?.activated.map((a) => a.member) ?? []);
  const ownActivated = heist?.activated.some((a) => a.seat === decision.seat) ?? false;
  const seats = coop ? view.players.map((p) => p.seat) : [decision.seat];
  const out: Candidate[] = [];
  for (const seat of seats) {
    for (const member of playerAt(view, seat).gang) {
      const move = legal.find((m) => m.type === 'activate' && m.member === member.id) ?? null;
      const covers = coveredIcons(iconsOf(cards, member), decision.remaining);
      let reason: BlockReason | null = null;
      if (!move) {
        if (activated.has(member.id)) reason = 'activated';
        else if (member.engaged) reason = 'engaged';
        else if (covers.length === 0) reason = 'noIconNeeded';
        else if (seat !== decision.seat && !ownActivated) reason = 'ownFirst';
        else reason = 'deadEnd';
      }
      out.push({ seat, member, move, reason, covers });
    }
  }
  return out;
}

/**
 * The "engage everyone" hint for the rest of a heist: an order of the viewer's available
 * members that covers what is still needed while engaging as many of them as possible.
 */
export function remainingHint(
  view: GameView,
  seat: Seat,
  remaining: readonly Skill[],
): { feasible: boolean; order: string[]; engaged: number } {
  const cards = lookup(view);
  const heist = view.heist;
  const used = new Set(heist?.activated.map((a) => a.member) ?? []);
  const { gang } = playerAt(view, seat);
  const members = gang
    .filter((m) => !m.engaged && !used.has(m.id))
    .map((m) => ({ id: m.id, icons: iconsOf(cards, m) }));
  const solution = solveHeist([...remaining], members);
  return {
    feasible: solution.feasible,
    order: solution.orders[0] ?? [],
    engaged: solution.maxEngaged,
  };
}
