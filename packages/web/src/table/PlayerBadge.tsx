/**
 * A player's name as the table shows it beside a board or a line: the family emblem (the
 * Boss's family, which a bot's name comes from too) and, for a bot, its level as a badge with
 * one to four pips, so a hard bot is told from an easy one at a glance and without colour.
 */
import type { Family, Seat } from '@gangsta/engine';
import { useTranslation } from 'react-i18next';
import { FamilyEmblem } from '../cards/FamilyEmblem.tsx';
import { playerIdentity } from '../game/players.ts';
import type { BotSeatKind } from '../game/seats.ts';
import type { TablePlayer } from './tableSource.ts';
import './playerBadge.css';

const PIPS: Record<BotSeatKind, number> = { random: 1, easy: 2, medium: 3, hard: 4 };

/** "Bot: medium" with three of four pips filled. */
export function LevelBadge({ level }: { level: BotSeatKind }) {
  const { t } = useTranslation();
  const label = t('app.botBadge', { level: t(`app.botLevel.${level}`) });
  return (
    <span className="level-badge" data-level={level} title={label}>
      <span className="level-badge__pips" aria-hidden="true">
        {[1, 2, 3, 4].map((pip) => (
          <span key={pip} className={pip <= PIPS[level] ? 'is-on' : undefined} />
        ))}
      </span>
      {label}
    </span>
  );
}

export interface PlayerBadgeProps {
  player: TablePlayer | undefined;
  seat: Seat;
  /** The family of the player's Boss (the board knows it); else the one the bot's name tells. */
  family?: Family | null;
}

export function PlayerBadge({ player, seat, family }: PlayerBadgeProps) {
  const { t } = useTranslation();
  const identity = playerIdentity(t, player, seat);
  const emblem = family ?? identity.family;
  return (
    <span className="player-badge">
      {emblem ? <FamilyEmblem family={emblem} size={18} /> : null}
      <bdi className="player-badge__name">{identity.name}</bdi>
      {identity.level ? <LevelBadge level={identity.level} /> : null}
    </span>
  );
}
