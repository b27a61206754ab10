/**
 * The heist row and the recruit row, each after its deck. A deck is a card you can click when the
 * engine offers to take its top card (Biker gang, Informant network).
 */
import type { GameView, Move } from '@gangsta/engine';
import { useTranslation } from 'react-i18next';
import { DeckBack } from '../../cards/DeckBack.tsx';
import { lookup, recruitPrice } from '../../game/derive.ts';
import { useTablePlay } from '../tablePlay.tsx';
import type { CardState } from './cardStates.ts';
import { TableCard } from './TableCard.tsx';

export interface RowsProps {
  view: GameView;
  states: ReadonlyMap<string, CardState>;
  legal: readonly Move[];
  flash?: ReadonlySet<string> | undefined;
  hint?: ReadonlySet<string> | undefined;
}

function Deck({
  kind,
  count,
  chapter,
  move,
}: {
  kind: 'heist' | 'gangster';
  count: number;
  /** The chapter whose heist deck this is (its back shows it). */
  chapter: 1 | 2 | 3;
  move: Move | undefined;
}) {
  const { t } = useTranslation();
  const { play: onPlay, moveText } = useTablePlay();
  const label = t(`table.deck.${kind}`, { count });
  const face = (
    <>
      <DeckBack deck={kind === 'heist' ? `chapter${chapter}` : 'gangster'} />
      <span className="deck__count">{count}</span>
      <span className="deck__label">{t(`table.deck.${kind}Short`, { count })}</span>
    </>
  );
  if (move && onPlay) {
    return (
      <button
        type="button"
        className={`deck deck--${kind} is-legal`}
        data-move-type={move.type}
        aria-label={`${label}. ${moveText?.(move) ?? ''}`}
        onClick={() => onPlay(move)}
      >
        {face}
      </button>
    );
  }
  return (
    <div className={`deck deck--${kind}`} role="img" aria-label={label}>
      {face}
    </div>
  );
}

function Row(props: RowsProps & { kind: 'heist' | 'gangster' }) {
  const { t } = useTranslation();
  const { view, kind } = props;
  const cards = lookup(view);
  const ids = kind === 'heist' ? view.heistRow : view.recruitRow;
  const deckMove = props.legal.find(
    (m) => m.type === (kind === 'heist' ? 'heistFromDeck' : 'recruitFromDeck'),
  );
  const buyer = view.viewer;
  // With the Families discount the price differs from the printed cost: say so.
  const priceNote = (id: string) => {
    if (kind !== 'gangster' || buyer === null || !view.options.families) return undefined;
    const price = recruitPrice(view, buyer, id);
    return price === cards.gangster(id).cost
      ? undefined
      : t('table.yourPrice', { price: t('app.money', { amount: price }) });
  };
  const titleId = `${kind}-row-title`;
  return (
    <section className={`row row--${kind}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="row__title">
        {t(kind === 'heist' ? 'table.heistRow' : 'table.recruitRow')}
      </h2>
      {/* Focusable: on a phone the row scrolls sideways, and keyboards must reach all of it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus */}
      <div className="row__cards" tabIndex={0}>
        <Deck
          kind={kind}
          count={kind === 'heist' ? view.heistDeckCount : view.gangsterDeckCount}
          chapter={view.chapter}
          move={deckMove}
        />
        <ul className="cards">
          {ids.map((id, slot) => {
            if (!id) {
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: an empty slot has no id
                <li key={`empty-${slot}`} className="slot">
                  <span className="empty-card">{t('table.emptySlot')}</span>
                </li>
              );
            }
            const state = props.states.get(id);
            const doable = state?.kind === 'legal' && state.doable;
            const needsOthers = state?.kind === 'legal' && state.needsOthers;
            return (
              <li key={id} className="slot">
                <TableCard
                  cards={view.cards}
                  id={id}
                  state={state}
                  flash={props.flash?.has(id)}
                  hinted={props.hint?.has(id)}
                  note={priceNote(id)}
                  badge={
                    doable || needsOthers ? (
                      <span className={`tcard__badge${doable ? ' is-doable' : ''}`}>
                        {t(doable ? 'table.doable' : 'table.needsOthers')}
                      </span>
                    ) : undefined
                  }
                />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function Rows(props: RowsProps) {
  return (
    <div className="rows">
      <Row {...props} kind="heist" />
      <Row {...props} kind="gangster" />
    </div>
  );
}
