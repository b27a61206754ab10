/**
 * Card sets and fast look-ups by id. The lookup of a card set is built once and cached, so
 * rules code can ask `cards.heist(id)` on the hot path.
 */
import { CLASSIC_CARD_SET_DATA } from './classic.ts';
import {
  type BossCard,
  type CardSet,
  type Family,
  type GangsterCard,
  type HeistCard,
  parseCardSet,
  type ResourceCard,
  type Skill,
  type SnitchCard,
} from './schema.ts';

/** The published game's cards, validated. */
export const CLASSIC_CARDS: CardSet = parseCardSet(CLASSIC_CARD_SET_DATA);

export type CardKind = 'boss' | 'gangster' | 'heist' | 'snitch' | 'resource';

export interface CardLookup {
  readonly set: CardSet;
  kindOf(id: string): CardKind | undefined;
  boss(id: string): BossCard;
  gangster(id: string): GangsterCard;
  heist(id: string): HeistCard;
  snitch(id: string): SnitchCard;
  resource(id: string): ResourceCard;
  isSnitch(id: string): boolean;
  /** Printed skills of a Boss or gangster. */
  skillsOf(id: string): readonly Skill[];
  familyOf(id: string): Family;
  /** IP printed on a Boss or gangster. */
  memberIp(id: string): number;
}

const cache = new WeakMap<CardSet, CardLookup>();

function indexById<T extends { id: string }>(cards: readonly T[]): Map<string, T> {
  return new Map(cards.map((card) => [card.id, card]));
}

function buildLookup(set: CardSet): CardLookup {
  const bosses = indexById(set.bosses);
  const gangsters = indexById(set.gangsters);
  const heists = indexById(set.heists);
  const snitches = indexById(set.snitches);
  const resources = indexById(set.resources);
  const get = <T>(map: Map<string, T>, id: string, what: string): T => {
    const card = map.get(id);
    if (!card) throw new Error(`unknown ${what} card ${id}`);
    return card;
  };
  const member = (id: string): BossCard | GangsterCard =>
    bosses.get(id) ?? get(gangsters, id, 'member');
  return {
    set,
    kindOf(id) {
      if (gangsters.has(id)) return 'gangster';
      if (heists.has(id)) return 'heist';
      if (bosses.has(id)) return 'boss';
      if (snitches.has(id)) return 'snitch';
      if (resources.has(id)) return 'resource';
      return undefined;
    },
    boss: (id) => get(bosses, id, 'boss'),
    gangster: (id) => get(gangsters, id, 'gangster'),
    heist: (id) => get(heists, id, 'heist'),
    snitch: (id) => get(snitches, id, 'snitch'),
    resource: (id) => get(resources, id, 'resource'),
    isSnitch: (id) => snitches.has(id),
    skillsOf: (id) => member(id).skills,
    familyOf: (id) => member(id).family,
    memberIp: (id) => member(id).ip,
  };
}

/** The cached lookup of a card set. */
export function cardsOf(set: CardSet): CardLookup {
  let lookup = cache.get(set);
  if (!lookup) {
    lookup = buildLookup(set);
    cache.set(set, lookup);
  }
  return lookup;
}
