/**
 * A card's picture: a portrait or a scene from src/art (generated SVG files). Decorative: the
 * card's name says what it shows, so the image has an empty alt and stays out of the
 * accessibility tree. A card with no picture (a custom card set) keeps the same window, plain.
 */
import type { ReactNode } from 'react';

export function CardArt({
  src,
  className,
  children,
}: {
  src: string | undefined;
  className?: string;
  /** Badges laid over the picture (cost, emblem, a stamp). */
  children?: ReactNode;
}) {
  return (
    <span className={['gcard__window', className].filter(Boolean).join(' ')}>
      {src ? (
        <img className="gcard__art" src={src} alt="" decoding="async" draggable={false} />
      ) : null}
      {children}
    </span>
  );
}
