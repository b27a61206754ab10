/** Counting skill icons of members and gangs (R-COMP-1). */
import type { CardLookup } from './cards/index.ts';
import type { Member, PlayerState, Skill } from './types.ts';

/** Every icon of a member: printed ones plus the learned one. */
export function iconsOf(cards: CardLookup, member: Member): Skill[] {
  const printed = cards.skillsOf(member.id);
  return member.learned ? [...printed, member.learned] : [...printed];
}

/** How many times `skill` shows on a member. */
export function memberIconCount(cards: CardLookup, member: Member, skill: Skill): number {
  let count = member.learned === skill ? 1 : 0;
  for (const icon of cards.skillsOf(member.id)) if (icon === skill) count++;
  return count;
}

/** How many times `skill` appears in a list of icons. */
export function countIcon(icons: readonly Skill[], skill: Skill): number {
  let count = 0;
  for (const icon of icons) if (icon === skill) count++;
  return count;
}

/** All icons of a gang, Boss and learned icons included (hospital excluded). */
export function gangIcons(cards: CardLookup, player: Pick<PlayerState, 'gang'>): Skill[] {
  const icons: Skill[] = [];
  for (const member of player.gang) icons.push(...iconsOf(cards, member));
  return icons;
}

/** Icons of `skill` across a gang. */
export function gangIconCount(
  cards: CardLookup,
  player: Pick<PlayerState, 'gang'>,
  skill: Skill,
): number {
  let count = 0;
  for (const member of player.gang) count += memberIconCount(cards, member, skill);
  return count;
}

/** Leader members count once each, whatever their icons (R-COMP-1, R-PASS-1). */
export function isLeader(cards: CardLookup, member: Member): boolean {
  return member.learned === 'L' || cards.skillsOf(member.id).includes('L');
}

/** Whether `have` contains `need` as a multiset. */
export function coversMultiset(have: readonly Skill[], need: readonly Skill[]): boolean {
  const counts = new Map<Skill, number>();
  for (const icon of have) counts.set(icon, (counts.get(icon) ?? 0) + 1);
  for (const icon of need) {
    const left = counts.get(icon) ?? 0;
    if (left === 0) return false;
    counts.set(icon, left - 1);
  }
  return true;
}
