/**
 * The enlarged card with its full text, beside the card it belongs to (left or right, whichever
 * side has room). It never takes the pointer, so it cannot hide the card's own click.
 */
import type { CardSet } from '@gangsta/engine';
import { useTranslation } from 'react-i18next';
import { CardDetails, CardFace, cardTitle } from '../../cards/index.ts';
import { useZoom } from './zoom.tsx';

const WIDTH = 380;

export function ZoomLayer({ cards }: { cards: CardSet }) {
  const { t } = useTranslation();
  const { target } = useZoom();
  if (!target) return null;
  const { rect } = target;
  const roomRight = window.innerWidth - rect.right;
  const left =
    roomRight >= WIDTH + 12
      ? rect.right + 8
      : rect.left >= WIDTH + 12
        ? rect.left - WIDTH - 8
        : Math.max(4, (window.innerWidth - WIDTH) / 2);
  const top = Math.max(4, Math.min(rect.top, window.innerHeight - 330));
  return (
    <div
      className="card-zoom"
      aria-hidden="true"
      data-testid="card-zoom"
      style={{ left, top, width: Math.min(WIDTH, window.innerWidth - 8) }}
    >
      <div className="card-zoom__face">
        <CardFace cards={cards} id={target.id} member={target.member} active={target.active} />
      </div>
      <div className="card-zoom__text">
        <h3>{cardTitle(t, cards, target.id)}</h3>
        {target.note ? (
          <p className={target.blocked ? 'card-zoom__why' : 'card-zoom__move'}>{target.note}</p>
        ) : null}
        <CardDetails cards={cards} id={target.id} member={target.member} />
      </div>
    </div>
  );
}
