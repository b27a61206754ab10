/**
 * A heist's rewards as short chips, in the order they are resolved. Each chip's tooltip holds
 * the full sentence; screen readers read the short text, which already names the amount.
 */
import type { Reward } from '@gangsta/engine';
import { useTranslation } from 'react-i18next';
import './cards.css';
import { SkillIcon } from './SkillIcon.tsx';
import { rewardShort, rewardText } from './text.ts';

export interface RewardListProps {
  rewards: readonly Reward[];
  /** Accessible name of the list ("Reward A"). */
  label?: string;
  className?: string;
}

export function RewardList({ rewards, label, className }: RewardListProps) {
  const { t } = useTranslation();
  const classes = ['reward-list', className].filter(Boolean).join(' ');
  if (rewards.length === 0) {
    return <span className={`${classes} reward-list--empty`}>{t('rewards.none')}</span>;
  }
  return (
    // Spans with list roles, not <ul>: the list may sit inside a card that is a <button>.
    // biome-ignore lint/a11y/useSemanticElements: a <ul> is not allowed inside a <button>
    <span className={classes} role="list" aria-label={label}>
      {rewards.map((reward, index) => (
        // biome-ignore lint/a11y/useSemanticElements: a <li> is not allowed inside a <button>
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: rewards keep their printed order
          key={index}
          role="listitem"
          className={`reward reward--${reward.kind}`}
          data-reward={reward.kind}
          title={rewardText(t, reward)}
        >
          {reward.kind === 'training' && <SkillIcon skill={reward.skill} size={14} decorative />}
          {rewardShort(t, reward)}
        </span>
      ))}
    </span>
  );
}
