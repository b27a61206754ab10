/**
 * The game's title as artwork: the five family emblems on an arc above the name, drawn with
 * CSS and SVG (no image file to load). It is decoration: the screen's heading says the same.
 */
import { FAMILIES } from '@gangsta/engine';
import type { CSSProperties } from 'react';
import { FamilyEmblem } from '../../cards/FamilyEmblem.tsx';

export function TitleArt({ title }: { title: string }) {
  return (
    <div className="title-art" aria-hidden="true">
      <div className="title-art__emblems">
        {FAMILIES.map((family, index) => (
          <span
            key={family}
            className="title-art__emblem"
            // Steps along an arc: the outer emblems sit lower and lean outwards.
            style={{ '--arc': index - (FAMILIES.length - 1) / 2 } as CSSProperties}
          >
            <FamilyEmblem family={family} size={44} decorative />
          </span>
        ))}
      </div>
      <p className="title-art__name">{title}</p>
      <svg
        className="title-art__rule"
        viewBox="0 0 240 12"
        width="240"
        height="12"
        aria-hidden="true"
      >
        <path d="M0 6h96M144 6h96" stroke="currentColor" strokeWidth="1.5" />
        <path d="M120 0l6 6-6 6-6-6Z" fill="currentColor" />
      </svg>
    </div>
  );
}
