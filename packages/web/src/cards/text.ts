/**
 * Card text in the current language. Each helper turns card data into a message id and its
 * parameters, so the ids and their parameters are written once, here, with their types; the
 * table, the log and the decision controls use these too ("Ojo Silva", "Steal $3" …).
 */
import type {
  BossCard,
  CardSet,
  Family,
  GangsterCard,
  HeistKind,
  ResourceCard,
  ResourceEffect,
  Reward,
  RewardKind,
  Skill,
} from '@gangsta/engine';
import { cardsOf } from '@gangsta/engine';
import type { TFunction } from 'i18next';

/** Any `t` of our i18next instance (from `useTranslation()` or `i18n.t`). */
export type Translate = TFunction;

const ROMAN = ['', 'I', 'II', 'III', 'IV', 'V'] as const;

export function skillName(t: Translate, skill: Skill): string {
  return t(`skills.${skill}`);
}

export function familyName(t: Translate, family: Family): string {
  return t(`families.${family}`);
}

export function heistTitle(t: Translate, kind: HeistKind): string {
  return t(`heists.${kind}`);
}

/** A chapter as a Roman numeral ("II"), as printed on the cards. */
export function chapterNumeral(chapter: number): string {
  return ROMAN[chapter] ?? String(chapter);
}

/** "Chapter II — Gang War". */
export function chapterLabel(t: Translate, chapter: number): string {
  const numbered = t('cards.chapter', { chapter: chapterNumeral(chapter) });
  const name = t(`cards.chapterName.${chapter}`, { defaultValue: '' });
  return name ? `${numbered} — ${name}` : numbered;
}

/** A Boss's or gangster's nickname; a card of a custom set without one shows its id. */
export function memberName(t: Translate, card: Pick<BossCard | GangsterCard, 'id'>): string {
  return t(`gangsters.${card.id}`, { defaultValue: card.id });
}

export function money(t: Translate, amount: number): string {
  return t('cards.money', { amount });
}

export function influence(t: Translate, ip: number): string {
  return t('cards.ip', { ip });
}

export function resourceName(t: Translate, effect: ResourceEffect): string {
  return t(`resources.${effect}.name`);
}

/** Joins names as the language does: "Art Theft or Hack Attack". */
function orList(language: string, items: string[]): string {
  try {
    return new Intl.ListFormat(language, { type: 'disjunction' }).format(items);
  } catch {
    return items.join(' / ');
  }
}

/** The one-line effect of a resource card, with its numbers (every effect gets the same params). */
export function resourceEffectText(t: Translate, card: ResourceCard, language = 'en'): string {
  const kinds = orList(
    language,
    (card.heistKinds ?? []).map((kind) => heistTitle(t, kind)),
  );
  return t(`resources.${card.effect}.effect`, { amount: card.amount ?? 0, kinds });
}

/** Parameters of a reward's messages; every reward kind's messages use only these. */
function rewardParams(t: Translate, reward: Reward): { amount?: number; skill?: string } {
  switch (reward.kind) {
    case 'income':
    case 'influence':
    case 'theft':
    case 'diversion':
      return { amount: reward.amount };
    case 'training':
      return { skill: skillName(t, reward.skill) };
    default:
      return {};
  }
}

/** What the card shows: "$3", "+1 IP", "Learn Leader", "Play again". */
export function rewardShort(t: Translate, reward: Reward): string {
  return t(`rewards.${reward.kind}.short`, rewardParams(t, reward));
}

/** A sentence for the reward: "Take up to $3 in cash from an opponent of your choice." */
export function rewardText(t: Translate, reward: Reward): string {
  return t(`rewards.${reward.kind}.text`, rewardParams(t, reward));
}

/** Every reward kind, in the order the rules reference lists them. */
export const REWARD_KINDS = [
  'income',
  'influence',
  'recruit',
  'training',
  'playAgain',
  'theft',
  'assassination',
  'mobilization',
  'diversion',
] as const satisfies readonly RewardKind[];

// Fails to compile if the engine gains a reward kind that the list above (and the locales) lack.
type MissingRewardKind = Exclude<RewardKind, (typeof REWARD_KINDS)[number]>;
const rewardKindsComplete: [MissingRewardKind] extends [never] ? true : never = true;
void rewardKindsComplete;

export function rewardName(t: Translate, kind: Reward['kind']): string {
  return t(`rewards.${kind}.name`);
}

/** The title of any card by id, for logs and labels ("Casino", "Ojo Silva", "Bank", "Snitch"). */
export function cardTitle(t: Translate, cards: CardSet, id: string): string {
  const lookup = cardsOf(cards);
  switch (lookup.kindOf(id)) {
    case 'heist':
      return heistTitle(t, lookup.heist(id).kind);
    case 'boss':
    case 'gangster':
      return memberName(t, { id });
    case 'resource':
      return resourceName(t, lookup.resource(id).effect);
    case 'snitch':
      return t('cards.snitch');
    default:
      return t('cards.unknown', { id });
  }
}
