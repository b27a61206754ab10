/**
 * Card sets and fast look-ups by id. The lookup of a card set is built once and cached, so
 * rules code can ask `cards.heist(id)` on the hot path.
 */

import type { Ruleset } from '../types.ts';
import { CLASSIC_CARD_SET_DATA } from './classic.ts';
import {
  type BossCard,
  type CardSet,
  type Family,
  type GangsterCard,
  type HeistCard,
  parseCardSet,
  type ResourceCard,
  SKILLS,
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
  /** The chapter deck a heist or snitch belongs to. */
  chapterOf(id: string): number;
  /** Printed icons of a Boss or gangster, or a heist's requirement, counted per skill (L M I S B H). */
  skillCounts(id: string): Readonly<SkillVector>;
}

/**
 * Icon counts per skill, in the order of `SKILLS` (L M I S B H): always six entries. Rules code
 * loops over them with `for (let i = 0; i < SKILL_COUNT; i++)` and reads slot `i as SkillSlot`
 * (a `for…of` over the slots is much slower on the hot path).
 */
export type SkillVector = [number, number, number, number, number, number];
/** A position in a `SkillVector`. */
export type SkillSlot = 0 | 1 | 2 | 3 | 4 | 5;
export const SKILL_COUNT = SKILLS.length;

/** Index of each skill in `SkillVector`s, from the order of `SKILLS`. */
export const SKILL_INDEX = Object.fromEntries(
  SKILLS.map((skill, slot) => [skill, slot]),
) as Readonly<Record<Skill, SkillSlot>>;

export function emptySkillVector(): SkillVector {
  return [0, 0, 0, 0, 0, 0];
}

export function countSkills(icons: readonly Skill[]): SkillVector {
  const counts = emptySkillVector();
  for (const icon of icons) counts[SKILL_INDEX[icon]]++;
  return counts;
}

const cache = new WeakMap<CardSet, CardLookup>();

function indexById<T extends { id: string }>(cards: readonly T[]): Map<string, T> {
  return new Map(cards.map((card) => [card.id, card]));
}

interface Entry {
  kind: CardKind;
  card: BossCard | GangsterCard | HeistCard | SnitchCard | ResourceCard;
  skills: readonly Skill[];
  counts: Readonly<SkillVector>;
}

function buildLookup(set: CardSet): CardLookup {
  // One map for every card: the hot path asks for a member's icons many times per move.
  const entries = new Map<string, Entry>();
  const add = (kind: CardKind, card: Entry['card'], skills: readonly Skill[]) =>
    entries.set(card.id, { kind, card, skills, counts: countSkills(skills) });
  for (const card of set.bosses) add('boss', card, card.skills);
  for (const card of set.gangsters) add('gangster', card, card.skills);
  for (const card of set.heists) add('heist', card, card.requirement);
  for (const card of set.snitches) add('snitch', card, []);
  for (const card of set.resources) add('resource', card, card.requirement);
  const entry = (id: string): Entry => {
    const found = entries.get(id);
    if (!found) throw new Error(`unknown card ${id}`);
    return found;
  };
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
  const member = (id: string): BossCard | GangsterCard => entry(id).card as BossCard | GangsterCard;
  return {
    set,
    kindOf: (id) => entries.get(id)?.kind,
    boss: (id) => get(bosses, id, 'boss'),
    gangster: (id) => get(gangsters, id, 'gangster'),
    heist: (id) => get(heists, id, 'heist'),
    snitch: (id) => get(snitches, id, 'snitch'),
    resource: (id) => get(resources, id, 'resource'),
    isSnitch: (id) => entries.get(id)?.kind === 'snitch',
    skillsOf: (id) => entry(id).skills,
    skillCounts: (id) => entry(id).counts,
    familyOf: (id) => member(id).family,
    memberIp: (id) => member(id).ip,
    chapterOf: (id) => (entry(id).card as HeistCard | SnitchCard).chapter,
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

/**
 * Whether a heist is dealt under a ruleset (R-OPT-4): the printed ruleset leaves out the
 * heists that only the online edition has (R-COMP-5). Snitches are in both.
 */
export function heistInRuleset(heist: HeistCard, ruleset: Ruleset | undefined): boolean {
  return ruleset !== 'printed' || heist.onlineOnly !== true;
}
