/**
 * The five family emblems, drawn here: an eight-pointed star (Bratva), a sun (Cartel), a brick
 * wall (Ghetto Gang), a fedora (Mafia) and a folding fan (Triads). Each is a different shape,
 * so colour is never the only cue.
 */
import type { Family } from '@gangsta/engine';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { familyName } from './text.ts';

const INK = '#1b1d23';

/** Points of a star with `points` tips around (12, 12). */
function starPath(points: number, outer: number, inner: number): string {
  const corners: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI * i) / points - Math.PI / 2;
    corners.push(
      `${(12 + radius * Math.cos(angle)).toFixed(2)} ${(12 + radius * Math.sin(angle)).toFixed(2)}`,
    );
  }
  return `M${corners.join('L')}Z`;
}

const BRATVA_STAR = starPath(8, 11, 4.6);
const CARTEL_RAYS = starPath(12, 11.2, 7);

/** Ribs of the fan, from its pivot to the rim. */
const FAN_RIBS = [-60, -30, 0, 30, 60]
  .map((deg) => {
    const angle = ((deg - 90) * Math.PI) / 180;
    return `M12 19.5L${(12 + 13 * Math.cos(angle)).toFixed(2)} ${(19.5 + 13 * Math.sin(angle)).toFixed(2)}`;
  })
  .join('');

const EMBLEMS: Record<Family, { colour: string; draw: (colour: string) => ReactElement }> = {
  bratva: {
    colour: '#3f6fa3',
    draw: (colour) => (
      <>
        <path d={BRATVA_STAR} fill={colour} stroke={INK} strokeWidth={1.2} strokeLinejoin="round" />
        <circle cx="12" cy="12" r="2.6" fill="#e8eef5" stroke={INK} strokeWidth={1} />
      </>
    ),
  },
  cartel: {
    colour: '#d88a1c',
    draw: (colour) => (
      <>
        <path d={CARTEL_RAYS} fill={colour} stroke={INK} strokeWidth={1} strokeLinejoin="round" />
        <circle cx="12" cy="12" r="5.4" fill="#f6d27a" stroke={INK} strokeWidth={1.2} />
      </>
    ),
  },
  ghettoGang: {
    colour: '#a4532f',
    draw: (colour) => (
      <>
        <rect
          x="2.5"
          y="4"
          width="19"
          height="16"
          rx="2"
          fill={colour}
          stroke={INK}
          strokeWidth={1.2}
        />
        <path
          d="M2.5 9.3h19M2.5 14.6h19M8 4v5.3M16 4v5.3M12 9.3v5.3M6 14.6V20M18 14.6V20"
          stroke="#f1e3d3"
          strokeWidth={1.2}
        />
      </>
    ),
  },
  mafia: {
    colour: '#2d2d33',
    draw: (colour) => (
      <>
        <path
          d="M6.2 15.2c0-5 1.2-8.6 3.2-8.6 1 0 1.6.8 2.6.8s1.6-.8 2.6-.8c2 0 3.2 3.6 3.2 8.6Z"
          fill={colour}
          stroke={INK}
          strokeWidth={1}
        />
        <path d="M6.5 12.6h11v2.4h-11Z" fill="#e9e4da" />
        <ellipse
          cx="12"
          cy="16.4"
          rx="10.2"
          ry="2.6"
          fill={colour}
          stroke="#e9e4da"
          strokeWidth={0.8}
        />
      </>
    ),
  },
  triads: {
    colour: '#b3202a',
    draw: (colour) => (
      <>
        <path
          d="M12 19.5 0.74 13A13 13 0 0 1 23.26 13Z"
          fill={colour}
          stroke={INK}
          strokeWidth={1.2}
          strokeLinejoin="round"
        />
        <path d={FAN_RIBS} stroke="#f3c64b" strokeWidth={1.1} />
        <circle cx="12" cy="19.5" r="1.6" fill="#f3c64b" stroke={INK} strokeWidth={0.8} />
      </>
    ),
  },
};

export interface FamilyEmblemProps {
  family: Family;
  /** Width and height in pixels (default 20). */
  size?: number;
  /** Hidden from screen readers (a background ornament, or named by text beside it). */
  decorative?: boolean;
  className?: string;
}

export function FamilyEmblem({
  family,
  size = 20,
  decorative = false,
  className,
}: FamilyEmblemProps) {
  const { t } = useTranslation();
  const emblem = EMBLEMS[family];
  const name = familyName(t, family);
  return (
    <svg
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      className={['family-emblem', className].filter(Boolean).join(' ')}
      data-family={family}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      focusable="false"
    >
      {!decorative && <title>{name}</title>}
      {emblem.draw(emblem.colour)}
    </svg>
  );
}

/** The emblem colour of a family, for borders and accents. */
export function familyColour(family: Family): string {
  return EMBLEMS[family].colour;
}
