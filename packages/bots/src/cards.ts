/**
 * Fast card lookups built once per card set (the bots never hard-code card ids: everything
 * comes from the set a game is played with).
 */
import type {
  BossCard,
  CardId,
  CardSet,
  GangsterCard,
  HeistCard,
  Member,
  ResourceCard,
  Skill,
  SnitchCard,
} from '@gangsta/engine';

export interface CardIndex {
  set: CardSet;
  boss: Map<CardId, BossCard>;
  gangster: Map<CardId, GangsterCard>;
  heist: Map<CardId, HeistCard>;
  snitch: Map<CardId, SnitchCard>;
  resource: Map<CardId, ResourceCard>;
}

const cache = new WeakMap<CardSet, CardIndex>();

export function indexCards(set: CardSet): CardIndex {
  let index = cache.get(set);
  if (!index) {
    index = {
      set,
      boss: new Map(set.bosses.map((c) => [c.id, c])),
      gangster: new Map(set.gangsters.map((c) => [c.id, c])),
      heist: new Map(set.heists.map((c) => [c.id, c])),
      snitch: new Map(set.snitches.map((c) => [c.id, c])),
      resource: new Map(set.resources.map((c) => [c.id, c])),
    };
    cache.set(set, index);
  }
  return index;
}

/** Printed skills of a boss or gangster. */
export function printedSkills(cards: CardIndex, id: CardId): readonly Skill[] {
  return cards.boss.get(id)?.skills ?? cards.gangster.get(id)?.skills ?? [];
}

/** Printed IP of a boss or gangster. */
export function memberIp(cards: CardIndex, id: CardId): number {
  return cards.boss.get(id)?.ip ?? cards.gangster.get(id)?.ip ?? 0;
}

/** A member's icons: printed skills plus the one it learned, if any. */
export function memberIcons(cards: CardIndex, member: Member): Skill[] {
  const printed = printedSkills(cards, member.id);
  return member.learned ? [...printed, member.learned] : [...printed];
}

export function isLeader(cards: CardIndex, member: Member): boolean {
  return memberIcons(cards, member).includes('L');
}

export function countSkill(icons: readonly Skill[], skill: Skill): number {
  let n = 0;
  for (const icon of icons) if (icon === skill) n++;
  return n;
}

/** Icons of a whole gang, as one list. */
export function gangIconList(cards: CardIndex, gang: readonly Member[]): Skill[] {
  const all: Skill[] = [];
  for (const member of gang) all.push(...memberIcons(cards, member));
  return all;
}

/** The icons of `requirement` that `icons` does not cover (multiset difference). */
export function missingIcons(requirement: readonly Skill[], icons: readonly Skill[]): Skill[] {
  const pool = [...icons];
  const missing: Skill[] = [];
  for (const need of requirement) {
    const at = pool.indexOf(need);
    if (at >= 0) pool.splice(at, 1);
    else missing.push(need);
  }
  return missing;
}
