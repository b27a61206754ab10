/**
 * A skill icon: a shape of its own per skill, filled with the skill's colour, on a 24×24 grid.
 * Every shape is drawn here from simple paths (no borrowed artwork).
 */
import type { Skill } from '@gangsta/engine';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SKILL_OUTLINE, SKILL_STYLES, type SkillShape } from './skillStyles.ts';
import { skillName } from './text.ts';

const stroke = { stroke: SKILL_OUTLINE, strokeWidth: 1.4, strokeLinejoin: 'round' } as const;

function Crown({ fill }: { fill: string }) {
  return (
    <>
      <path d="M3 17.5 4.2 6.5 8.8 11 12 4.2l3.2 6.8 4.6-4.5L21 17.5Z" fill={fill} {...stroke} />
      <rect x="3" y="18.6" width="18" height="2.6" rx="0.8" fill={fill} {...stroke} />
    </>
  );
}

function Shield({ fill }: { fill: string }) {
  return (
    <>
      <path
        d="M12 2.4 20 5.4v6.2c0 4.9-3.4 8.6-8 10-4.6-1.4-8-5.1-8-10V5.4Z"
        fill={fill}
        {...stroke}
      />
      <path d="M12 5.2v14" stroke={SKILL_OUTLINE} strokeWidth={1.2} />
    </>
  );
}

function Eye({ fill }: { fill: string }) {
  return (
    <>
      <path d="M1.6 12C5 6.2 19 6.2 22.4 12 19 17.8 5 17.8 1.6 12Z" fill={fill} {...stroke} />
      <circle cx="12" cy="12" r="3.6" fill="#fff" {...stroke} />
      <circle cx="12" cy="12" r="1.7" fill={SKILL_OUTLINE} />
    </>
  );
}

function Crosshair({ fill }: { fill: string }) {
  return (
    <>
      <circle cx="12" cy="12" r="8" fill="none" stroke={SKILL_OUTLINE} strokeWidth={4.4} />
      <circle cx="12" cy="12" r="8" fill="none" stroke={fill} strokeWidth={2.4} />
      <path
        d="M12 1.5v6.5M12 16v6.5M1.5 12H8M16 12h6.5"
        stroke={SKILL_OUTLINE}
        strokeWidth={2}
        strokeLinecap="round"
      />
      <circle cx="12" cy="12" r="1.6" fill={fill} {...stroke} />
    </>
  );
}

function Fist({ fill }: { fill: string }) {
  return (
    <>
      {/* Knuckles first, so the palm covers their lower halves. */}
      <circle cx="6.6" cy="8.4" r="2.6" fill={fill} {...stroke} />
      <circle cx="10.7" cy="7.4" r="2.6" fill={fill} {...stroke} />
      <circle cx="14.8" cy="7.4" r="2.6" fill={fill} {...stroke} />
      <circle cx="18.6" cy="8.6" r="2.5" fill={fill} {...stroke} />
      <rect x="4" y="8.8" width="17" height="12.4" rx="4" fill={fill} {...stroke} />
      <path d="M8.7 8.8v3.4M12.8 8.6v3.6M16.8 8.8v3.4" stroke={SKILL_OUTLINE} strokeWidth={1.2} />
      <path d="M4 14.4h7.6a2 2 0 0 1 0 4H6.2" fill={fill} {...stroke} />
    </>
  );
}

function Chip({ fill }: { fill: string }) {
  return (
    <>
      <path
        d="M9 2.5v3.5M12 2.5v3.5M15 2.5v3.5M9 18v3.5M12 18v3.5M15 18v3.5M2.5 9H6M2.5 12H6M2.5 15H6M18 9h3.5M18 12h3.5M18 15h3.5"
        stroke={SKILL_OUTLINE}
        strokeWidth={1.6}
        strokeLinecap="round"
      />
      <rect x="5.5" y="5.5" width="13" height="13" rx="1.6" fill={fill} {...stroke} />
      <rect x="9" y="9" width="6" height="6" rx="0.6" fill="#fff" opacity={0.85} />
    </>
  );
}

const SHAPES: Record<SkillShape, (props: { fill: string }) => ReactElement> = {
  crown: Crown,
  shield: Shield,
  eye: Eye,
  crosshair: Crosshair,
  fist: Fist,
  chip: Chip,
};

export interface SkillIconProps {
  skill: Skill;
  /** Width and height in pixels (default 20). */
  size?: number;
  /** A learned skill (Training): drawn with a dashed ring and named as learned. */
  learned?: boolean;
  /** A requirement icon already covered in the heist being put together. */
  covered?: boolean;
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
