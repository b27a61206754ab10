/**
 * Planning a heist's activations (R-HEIST-2..5, R-HEIST-9). Members are activated one at a
 * time, each taking every still-needed icon it has, so the order matters. This search finds
 * the cheapest complete order under a cost model that the caller supplies: engaging our own
 * member costs its readying later, engaging an opponent's hurts them (and pays everyone
 * reward B), and engaging everyone we have earns synchronization next turn (R-MOB-1).
 */
import {
  type CardId,
  countSkills,
  itemAt,
  type Seat,
  SKILL_COUNT,
  type Skill,
  type SkillSlot,
  type SkillVector,
} from '@gangsta/engine';

/** Search stops after this many candidates; own members come first. */
const MAX_CANDIDATES = 24;

export interface Candidate {
  member: CardId;
  seat: Seat;
  icons: readonly Skill[];
  /** Cost (IP) of engaging this member, negative when engaging it helps us. */
  cost: number;
}

export interface PlanInput {
  remaining: readonly Skill[];
  candidates: Candidate[];
  /** Initiator's seat. */
  me: Seat;
  /** Cooperative heist: after one of ours, others' members may join. */
  coop: boolean;
  /** One of ours is already in (a cooperative heist may now take anyone). */
  ownActivated: boolean;
  /** Added once the plan is complete, from the set of members it used. */
  finish: (used: Candidate[]) => number;
}

export interface Plan {
  cost: number;
  order: Candidate[];
}

type Counts = SkillVector;

/** Icon counts per skill (L M I S B H). */
const toCounts: (icons: readonly Skill[]) => Counts = countSkills;

function key(counts: Counts): number {
  let k = 0;
  for (const n of counts) k = k * 8 + n;
  return k;
}

/** The cheapest complete activation order, or null when the heist cannot be completed. */
export function planHeist(input: PlanInput): Plan | null {
  const all = input.candidates.filter((c) => c.icons.some((i) => input.remaining.includes(i)));
  all.sort((a, b) => Number(b.seat === input.me) - Number(a.seat === input.me));
  const cands = all.slice(0, MAX_CANDIDATES);
  const icons = cands.map((c) => toCounts(c.icons));
  // `cands`, `icons` and `twin` run in step: an index below `cands.length` is in all three.
  const candAt = (i: number) => itemAt(cands, i, 'candidate');
  const iconsAt = (i: number) => itemAt(icons, i, 'candidate icons');
  // Twins (same owner, icons and cost) are interchangeable: use them in order only.
  const twin = cands.map((c, i) => {
    for (let j = i - 1; j >= 0; j--) {
      const o = candAt(j);
      if (o.seat === c.seat && o.cost === c.cost && key(iconsAt(j)) === key(iconsAt(i))) return j;
    }
    return -1;
  });
  const memo = new Map<string, number>();
  const choice = new Map<string, number>();

  const search = (mask: number, rem: Counts, ownIn: boolean): number => {
    if (rem.every((n) => n === 0)) {
      return input.finish(cands.filter((_, i) => mask & (1 << i)));
    }
    const k = `${mask}:${key(rem)}`;
    const known = memo.get(k);
    if (known !== undefined) return known;
    let bestCost = Number.POSITIVE_INFINITY;
    let bestIndex = -1;
    for (let i = 0; i < cands.length; i++) {
      if (mask & (1 << i)) continue;
      const twinOf = itemAt(twin, i, 'twin');
      if (twinOf >= 0 && !(mask & (1 << twinOf))) continue;
      const cand = candAt(i);
      const own = cand.seat === input.me;
      if (!own && !(input.coop && ownIn)) continue;
      const ic = iconsAt(i);
      let useful = false;
      const next: Counts = [...rem];
      for (let k = 0; k < SKILL_COUNT; k++) {
        const s = k as SkillSlot;
        if (ic[s] > 0 && next[s] > 0) {
          useful = true;
          next[s] = Math.max(0, next[s] - ic[s]);
        }
      }
      if (!useful) continue;
      const total = cand.cost + search(mask | (1 << i), next, ownIn || own);
      if (total < bestCost) {
        bestCost = total;
        bestIndex = i;
      }
    }
    memo.set(k, bestCost);
    choice.set(k, bestIndex);
    return bestCost;
  };

  const start = toCounts(input.remaining);
  const cost = search(0, start, input.ownActivated);
  if (!Number.isFinite(cost)) return null;
  // Walk the recorded choices to rebuild the order.
  const order: Candidate[] = [];
  let mask = 0;
  let rem = start;
  while (!rem.every((n) => n === 0)) {
    const i = choice.get(`${mask}:${key(rem)}`);
    if (i === undefined || i < 0) break;
    order.push(candAt(i));
    const ic = iconsAt(i);
    const next: Counts = [...rem];
    for (let j = 0; j < SKILL_COUNT; j++) {
      const s = j as SkillSlot;
      next[s] = Math.max(0, next[s] - (next[s] > 0 ? ic[s] : 0));
    }
    mask |= 1 << i;
    rem = next;
  }
  return { cost, order };
}
