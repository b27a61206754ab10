/**
 * A skill icon: a shape of its own per skill, filled with the skill's colour, on a 24×24 grid.
 * Every shape is drawn here from simple paths (our own drawing, no borrowed artwork).
 */
import type { Skill } from '@gangsta/engine';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SKILL_OUTLINE, SKILL_STYLES, type SkillShape } from './skillStyles.ts';
import { skillName } from './text.ts';

// Bold silhouettes, one per skill, each filling a different part of the 24 × 24 grid so that
// they stay apart at 14–15 px, in greyscale and for colour-blind players (the pixel test
// `test/skill-icon-pixels.test.tsx` holds them to it): a crown (Leader), a shield with a bar
// (Mercenary), a wide open eye (Informant), a ring with four heavy ticks (Sniper), a burst
// (Brawler) and code brackets "</>" (Hacker). Outlines are thick and dark; thin inner detail
// would vanish at that size.
const stroke = { stroke: SKILL_OUTLINE, strokeWidth: 1.6, strokeLinejoin: 'round' } as const;

function Crown({ fill }: { fill: string }) {
  return (
    <>
      <path d="M2.2 18.2V5.6l5.6 5.2L12 2.6l4.2 8.2 5.6-5.2v12.6Z" fill={fill} {...stroke} />
      <rect x="2.2" y="18.2" width="19.6" height="4" rx="0.8" fill={SKILL_OUTLINE} />
    </>
  );
}

function Shield({ fill }: { fill: string }) {
  return (
    <>
      <path
        d="M12 1.4 21.4 4.8v6.6c0 5.4-3.9 9.4-9.4 11.2-5.5-1.8-9.4-5.8-9.4-11.2V4.8Z"
        fill={fill}
        {...stroke}
      />
      <path d="M2.8 9.4h18.4v4.2H2.8Z" fill={SKILL_OUTLINE} />
    </>
  );
}

function Eye({ fill }: { fill: string }) {
  return (
    <>
      <path
        d="M0.9 12C4.6 4.2 19.4 4.2 23.1 12 19.4 19.8 4.6 19.8 0.9 12Z"
        fill={fill}
        {...stroke}
      />
      <circle cx="12" cy="12" r="5.2" fill="#fff" {...stroke} />
      <circle cx="12" cy="12" r="2.8" fill={SKILL_OUTLINE} />
    </>
  );
}

function Crosshair({ fill }: { fill: string }) {
  return (
    <>
      <circle cx="12" cy="12" r="7.4" fill="none" stroke={SKILL_OUTLINE} strokeWidth={4.2} />
      <circle cx="12" cy="12" r="7.4" fill="none" stroke={fill} strokeWidth={2} />
      <path
        d="M12 0.6v7M12 16.4v7M0.6 12h7M16.4 12h7"
        stroke={SKILL_OUTLINE}
        strokeWidth={3.2}
        strokeLinecap="round"
      />
    </>
  );
}

function Burst({ fill }: { fill: string }) {
  return (
    <path
      d="M12.0 0.4 14.4 6.3 20.2 3.8 17.7 9.6 23.6 12.0 17.7 14.4 20.2 20.2 14.4 17.7 12.0 23.6 9.6 17.7 3.8 20.2 6.3 14.4 0.4 12.0 6.3 9.6 3.8 3.8 9.6 6.3Z"
      fill={fill}
      stroke={SKILL_OUTLINE}
      strokeWidth={2.4}
      strokeLinejoin="round"
    />
  );
}

function Code({ fill }: { fill: string }) {
  const lines = 'M8 4.6 2.2 12 8 19.4M16 4.6l5.8 7.4-5.8 7.4M14.2 3 9.8 21';
  return (
    <>
      <path d={lines} fill="none" stroke={SKILL_OUTLINE} strokeWidth={5} {...round} />
      <path d={lines} fill="none" stroke={fill} strokeWidth={2.4} {...round} />
    </>
  );
}

const round = { strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const SHAPES: Record<SkillShape, (props: { fill: string }) => ReactElement> = {
  crown: Crown,
  shield: Shield,
  eye: Eye,
  crosshair: Crosshair,
  burst: Burst,
  code: Code,
};

export interface SkillIconProps {
  skill: Skill;
  /** Width and height in pixels (default 20). */
  size?: number;
  /** A learned skill (Training): drawn with a dashed ring and named as learned. */
  learned?: boolean;
  /** A requirement icon already covered in the heist being put together. */
  covered?: boolean | undefined;
  /** Overrides the accessible name (for example "Leader (learned)"). */
  label?: string;
  /** Hidden from screen readers, when text beside it already names the skill. */
  decorative?: boolean;
  className?: string;
}

export function SkillIcon({
  skill,
  size = 20,
  learned = false,
  covered = false,
  label,
  decorative = false,
  className,
}: SkillIconProps) {
  const { t } = useTranslation();
  const style = SKILL_STYLES[skill];
  const Shape = SHAPES[style.shape];
  const name = skillName(t, skill);
  const accessibleName =
    label ??
    (learned
      ? t('cards.learned', { skill: name })
      : covered
        ? t('cards.covered', { skill: name })
        : name);
  const classes = ['skill-icon', `skill-icon--${style.shape}`];
  if (learned) classes.push('is-learned');
  if (covered) classes.push('is-covered');
  if (className) classes.push(className);
  return (
    <svg
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : accessibleName}
      aria-hidden={decorative || undefined}
      className={classes.join(' ')}
      data-skill={skill}
      data-shape={style.shape}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      focusable="false"
    >
      {!decorative && <title>{accessibleName}</title>}
      {learned && (
        <circle
          cx="12"
          cy="12"
          r="11.3"
          fill="none"
          stroke={SKILL_OUTLINE}
          strokeWidth={1}
          strokeDasharray="2.2 1.6"
        />
      )}
      <g transform={learned ? 'translate(2.4 2.4) scale(0.8)' : undefined}>
        <Shape fill={style.colour} />
      </g>
    </svg>
  );
}
