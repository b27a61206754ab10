/**
 * How cards read in the terminal, computed from the card data (never from hard-coded ids):
 * icons, rewards, heists, gangsters, resources and members.
 */
import type {
  BossCard,
  CardId,
  CardSet,
  GangsterCard,
  HeistCard,
  Member,
  ResourceCard,
  Reward,
  Skill,
  SnitchCard,
} from '@gangsta/engine';
import { type Palette, PLAIN } from './color.ts';
import {
  FAMILY_NAMES,
  HEIST_KIND_NAMES,
  MEMBER_NAMES,
  RESOURCE_EFFECT_TEXT,
  RESOURCE_NAMES,
  SKILL_NAMES,
} from './names.ts';

export type CardKind = 'boss' | 'gangster' | 'heist' | 'snitch' | 'resource';

/** Card lookups by id for one card set (built once per set). */
export interface CardIndex {
  boss(id: CardId): BossCard | undefined;
  gangster(id: CardId): GangsterCard | undefined;
  heist(id: CardId): HeistCard | undefined;
  snitch(id: CardId): SnitchCard | undefined;
  resource(id: CardId): ResourceCard | undefined;
  kindOf(id: CardId): CardKind | undefined;
}

const indexes = new WeakMap<CardSet, CardIndex>();

export function indexCards(cards: CardSet): CardIndex {
  const cached = indexes.get(cards);
  if (cached) return cached;
  const byId = <T extends { id: CardId }>(list: T[]) => new Map(list.map((c) => [c.id, c]));
  const bosses = byId(cards.bosses);
  const gangsters = byId(cards.gangsters);
  const heists = byId(cards.heists);
  const snitches = byId(cards.snitches);
  const resources = byId(cards.resources);
  const index: CardIndex = {
    boss: (id) => bosses.get(id),
    gangster: (id) => gangsters.get(id),
    heist: (id) => heists.get(id),
    snitch: (id) => snitches.get(id),
    resource: (id) => resources.get(id),
    kindOf: (id) =>
      bosses.has(id)
        ? 'boss'
        : gangsters.has(id)
          ? 'gangster'
          : heists.has(id)
            ? 'heist'
            : snitches.has(id)
              ? 'snitch'
              : resources.has(id)
                ? 'resource'
                : undefined,
  };
  indexes.set(cards, index);
  return index;
}

/** Icons as coloured letters: "L M M". */
export function icons(skills: readonly Skill[], c: Palette = PLAIN): string {
  return skills.map((s) => c.skill(s)).join(' ');
}

/** Icons as words: "Leader, Mercenary". */
export function iconWords(skills: readonly Skill[]): string {
  return skills.map((s) => SKILL_NAMES[s]).join(', ');
}

/** The printed icons of a member plus the one it learned. */
export function memberIcons(cards: CardSet, member: Pick<Member, 'id' | 'learned'>): Skill[] {
  const index = indexCards(cards);
  const printed = index.boss(member.id)?.skills ?? index.gangster(member.id)?.skills ?? [];
  return member.learned ? [...printed, member.learned] : [...printed];
}

export function rewardText(reward: Reward): string {
  switch (reward.kind) {
    case 'income':
      return `$${reward.amount}`;
    case 'influence':
      return `${reward.amount} IP`;
    case 'recruit':
      return 'Recruit';
    case 'training':
      return `Training ${SKILL_NAMES[reward.skill]}`;
    case 'playAgain':
      return 'Play again';
    case 'theft':
      return `Theft $${reward.amount}`;
    case 'assassination':
      return 'Assassination';
    case 'mobilization':
      return 'Mobilization';
    case 'diversion':
      return `Diversion ${reward.amount}`;
  }
}

export function rewardsText(rewards: readonly Reward[]): string {
  return rewards.length === 0 ? 'nothing' : rewards.map(rewardText).join(', ');
}

/**
 * A Boss's or gangster's nickname as the browser shows it ("Sal the Whisper"); a card of a
 * custom set without one is named by its id.
 */
export function nickname(id: CardId): string | undefined {
  return Object.hasOwn(MEMBER_NAMES, id) ? MEMBER_NAMES[id] : undefined;
}

/** A name with the card's id after it, for typing: "Sal the Whisper [G22]". */
export function withId(name: string | undefined, id: CardId, c: Palette = PLAIN): string {
  return name === undefined ? id : `${name} ${c.dim(`[${id}]`)}`;
}

/**
 * A card's name, whatever its kind, as the browser names it: "Casino", "Police Station",
 * "Papa Volkov", "Sal the Whisper" (a nameless card of a custom set: "Bratva Boss", its id).
 */
export function cardName(cards: CardSet, id: CardId): string {
  const index = indexCards(cards);
  const heist = index.heist(id);
  if (heist) return HEIST_KIND_NAMES[heist.kind];
  const resource = index.resource(id);
  if (resource) return RESOURCE_NAMES[resource.effect];
  const boss = index.boss(id);
  if (boss) return nickname(id) ?? `${FAMILY_NAMES[boss.family]} Boss`;
  if (index.snitch(id)) return 'Snitch';
  return nickname(id) ?? id;
}

/** "Casino [HII-05] needs L M H → A: 2 IP | B (each): $2  coop" */
export function heistLine(cards: CardSet, id: CardId, c: Palette = PLAIN): string {
  const heist = indexCards(cards).heist(id);
  if (!heist) return id;
  const parts = [
    `${c.bold(HEIST_KIND_NAMES[heist.kind])} ${c.dim(`[${id}]`)}`,
    `needs ${icons(heist.requirement, c)}`,
    `→ ${rewardsText(heist.rewardA)}`,
  ];
  if (heist.coop) parts.push(c.cyan(`coop, each participant: ${rewardsText(heist.rewardB)}`));
  return parts.join('  ');
}

/** "Ojo Silva [G11] Cartel  H H  $5  3 IP" */
export function gangsterLine(cards: CardSet, id: CardId, c: Palette = PLAIN): string {
  const g = indexCards(cards).gangster(id);
  if (!g) return id;
  const name = nickname(id);
  const label = name === undefined ? c.bold(id) : `${c.bold(name)} ${c.dim(`[${id}]`)}`;
  return `${label} ${FAMILY_NAMES[g.family]}  ${icons(g.skills, c)}  $${g.cost}  ${g.ip} IP`;
}

export function resourceLine(cards: CardSet, id: CardId, c: Palette = PLAIN): string {
  const r = indexCards(cards).resource(id);
  if (!r) return id;
  return `${c.bold(RESOURCE_NAMES[r.effect])} ${c.dim(`[${id}]`)}  needs ${icons(r.requirement, c)}  ${r.ip} IP`;
}

/** The resource line with what the card does: for the secret choice at setup. */
export function resourceLineWithEffect(cards: CardSet, id: CardId, c: Palette = PLAIN): string {
  const r = indexCards(cards).resource(id);
  return r ? `${resourceLine(cards, id, c)} — ${RESOURCE_EFFECT_TEXT[r.effect]}` : id;
}

/**
 * A member as it appears in a gang, named as the browser names it with its id after (for
 * typing): "Papa Volkov, Boss (L S)", "Sal the Whisper [G22] (H H+L)"; a learned skill after a +.
 */
export function memberLabel(cards: CardSet, member: Member, c: Palette = PLAIN): string {
  const index = indexCards(cards);
  const printed = index.boss(member.id)?.skills ?? index.gangster(member.id)?.skills ?? [];
  const name = index.boss(member.id)
    ? `${nickname(member.id) ?? 'Boss'}${nickname(member.id) ? ', Boss' : ''}`
    : withId(nickname(member.id), member.id, c);
  const learned = member.learned ? `+${c.skill(member.learned)}` : '';
  return `${name} (${icons(printed, c)}${learned})`;
}

/** A member named for a sentence: "Papa Volkov (Bratva Boss, L S)" / "Sal the Whisper [G22] (H H)". */
export function memberName(cards: CardSet, id: CardId): string {
  const index = indexCards(cards);
  const boss = index.boss(id);
  const name = nickname(id);
  if (boss) {
    const what = `${FAMILY_NAMES[boss.family]} Boss`;
    return name
      ? `${name} (${what}, ${boss.skills.join(' ')})`
      : `${what} (${boss.skills.join(' ')})`;
  }
  const g = index.gangster(id);
  return g ? `${withId(name, id)} (${g.skills.join(' ')})` : id;
}
