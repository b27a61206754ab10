/**
 * The body of a rival's board, read without hovering: how many icons of each skill the gang has
 * available right now (engaged members count for nothing until readied, so this is what the
 * rival can bring to a heist, and what a cooperative heist can borrow), then the available
 * members, the engaged ones apart, the hospital and the resource cards — every one a chip with
 * its whole name. Chips are the same controls as cards: a legal move makes one a button.
 */
import { iconsOf, type Member, playerAt, type Skill } from '@gangsta/engine';
import { useTranslation } from 'react-i18next';
import { SKILL_STYLES, SkillIcon, skillName } from '../../cards/index.ts';
import { lookup } from '../../game/derive.ts';
import { type BoardProps, MemberList, Resources } from './boardParts.tsx';

const SKILL_ORDER = Object.keys(SKILL_STYLES) as Skill[];

export interface SkillCount {
  skill: Skill;
  /** Icons on available (not engaged) members, learned skills included. */
  available: number;
  /** Icons in the whole gang (the hospital is not part of it). */
  total: number;
}

/** Per skill present in the gang: its icons on available members and in all, in card order. */
export function skillCounts(props: Pick<BoardProps, 'view' | 'seat'>): SkillCount[] {
  const cards = lookup(props.view);
  const counts = new Map<Skill, SkillCount>();
  for (const member of playerAt(props.view, props.seat).gang) {
    for (const skill of iconsOf(cards, member)) {
      const count = counts.get(skill) ?? { skill, available: 0, total: 0 };
      count.total++;
      if (!member.engaged) count.available++;
      counts.set(skill, count);
    }
  }
  return SKILL_ORDER.flatMap((skill) => counts.get(skill) ?? []);
}

function AvailableSkills({ props }: { props: BoardProps }) {
  const { t } = useTranslation();
  const counts = skillCounts(props);
  if (counts.length === 0) return null;
  return (
    <div className="rival__skills">
      <span className="rival__skills-label" aria-hidden="true">
        {t('table.availableSkills')}
      </span>
      <ul aria-label={t('table.availableSkills')}>
        {counts.map((c) => (
          <li
            key={c.skill}
            className={c.available === 0 ? 'is-none' : undefined}
            data-skill={c.skill}
            data-available={c.available}
          >
            <SkillIcon skill={c.skill} size={18} decorative />
            <span aria-hidden="true">{c.available}</span>
            <span className="gcard-sr-only">
              {t('table.availableCount', { skill: skillName(t, c.skill), count: c.available })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RivalBody({ props }: { props: BoardProps }) {
  const { t } = useTranslation();
  const player = playerAt(props.view, props.seat);
  const available: Member[] = player.gang.filter((m) => !m.engaged);
  const engaged: Member[] = player.gang.filter((m) => m.engaged);
  return (
    <div className="board__body rival">
      <AvailableSkills props={props} />
      <MemberList members={available} props={props} label={t('table.gang')} />
      {engaged.length > 0 ? (
        <div className="rival__engaged" data-testid="rival-engaged">
          <h3>{t('table.engagedGroup', { count: engaged.length })}</h3>
          <MemberList
            members={engaged}
            props={props}
            label={t('table.engagedGroup', { count: engaged.length })}
          />
        </div>
      ) : null}
      {player.hospital.length > 0 ? (
        <div className="board__hospital">
          <h3>{t('table.hospital')}</h3>
          <MemberList members={player.hospital} props={props} label={t('table.hospital')} />
        </div>
      ) : null}
      <Resources props={props} />
    </div>
  );
}
