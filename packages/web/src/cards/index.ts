/**
 * Card faces drawn from card data (SVG and CSS only), and the text helpers that name cards,
 * skills and rewards in the current language. Every component takes the card set (a view's
 * `cards`, or CLASSIC_CARDS) and a card id; given `onSelect` a card becomes a button.
 */
export { CardDetails } from './CardDetails.tsx';
export { CardFace, type CardFaceProps } from './CardFace.tsx';
export { type CardInteraction, ScreenReaderText } from './CardFrame.tsx';
export { FamilyEmblem, type FamilyEmblemProps, familyColour } from './FamilyEmblem.tsx';
export { HeistCard, type HeistCardProps } from './HeistCard.tsx';
export { BossCard, GangsterCard, MemberCard, type MemberCardProps } from './MemberCards.tsx';
export { ResourceCard, type ResourceCardProps } from './ResourceCard.tsx';
export { RewardList, type RewardListProps } from './RewardList.tsx';
export { SkillIcon, type SkillIconProps } from './SkillIcon.tsx';
export { SkillRow, type SkillRowProps } from './SkillRow.tsx';
export { SnitchCard, type SnitchCardProps } from './SnitchCard.tsx';
export { SKILL_STYLES, type SkillShape, type SkillStyle } from './skillStyles.ts';
export {
  cardTitle,
  chapterLabel,
  chapterNumeral,
  familyName,
  heistTitle,
  influence,
  memberName,
  money,
  REWARD_KINDS,
  resourceEffectText,
  resourceName,
  rewardName,
  rewardShort,
  rewardText,
  skillName,
  type Translate,
} from './text.ts';
export { UnknownCard } from './UnknownCard.tsx';
