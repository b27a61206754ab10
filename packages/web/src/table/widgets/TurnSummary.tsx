/**
 * The turn summary: when the viewer's turn comes back, one line per rival turn since their
 * last one — who, what they did, what it earned them, what it cost the viewer — and the table's
 * moments (snitch, gang war, chapter) with their counts. Beside the rivals' boards on a wide
 * screen; a compact strip under the status bar on a phone, one line each until opened. It sits
 * in the page's flow, so it never covers a card; a button or the viewer's first move closes it.
 */
import type { Seat } from '@gangsta/engine';
import { type CSSProperties, useEffect, useId, useMemo, useRef, useState } from 'react';
import { playerName, seatColour } from '../../game/players.ts';
import { type TextContext, youSeat } from '../../text/context.ts';
import type { TableSnapshot } from '../tableSource.ts';
import { figureTexts, hitTexts, momentText, recapPhrases } from './recapText.ts';
import { type TurnRecap, type TurnSummaryModel, turnSummary } from './turnRecap.ts';

/** The summary to show now, if any, and how to close it. */
export function useTurnSummary(snapshot: TableSnapshot): {
  summary: TurnSummaryModel | null;
  dismiss: () => void;
} {
  const viewer = snapshot.viewer;
  const mine = snapshot.legal.length > 0 && snapshot.view !== null && !snapshot.over;
  const model = useMemo(
    () => (mine && viewer !== null ? turnSummary(snapshot.log, viewer) : null),
    [mine, viewer, snapshot.log],
  );
  const key = model && viewer !== null ? `${viewer}:${model.upTo}` : null;
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const shown = useRef<string | null>(null);
  if (key !== null) shown.current = key;
  // The viewer's first move closes the summary they were shown.
  const last = snapshot.lastMove;
  useEffect(() => {
    const seen = shown.current;
    if (!last || last.move.seat !== viewer || seen === null) return;
    setDismissed((set) => (set.has(seen) ? set : new Set(set).add(seen)));
  }, [last, viewer]);
  const dismiss = () => {
    if (key !== null) setDismissed((set) => new Set(set).add(key));
  };
  return { summary: key !== null && !dismissed.has(key) ? model : null, dismiss };
}

function RecapRow({
  ctx,
  recap,
  viewer,
  name,
}: {
  ctx: TextContext;
  recap: TurnRecap;
  viewer: Seat;
  name: string;
}) {
  const { t } = ctx;
  const own = recap.seat === viewer;
  // The viewer's own turn only shows what came after its end (chapter, gang war).
  const phrases = own
    ? recap.moments.map((m) => momentText(ctx, m))
    : [
        ...(recap.synchronized ? [t('table.recap.synchronized')] : []),
        ...recapPhrases(ctx, { ...recap, hits: [], moments: [], synchronized: false }),
      ];
  const hits = own ? [] : hitTexts(ctx, recap.hits);
  const moments = own ? [] : recap.moments.map((m) => momentText(ctx, m));
  const figures = own ? [] : figureTexts(ctx, recap, recap.seat);
  const yours = own ? [] : figureTexts(ctx, recap, viewer);
  return (
    <li
      className={`recap${own ? ' recap--table' : ''}`}
      style={{ '--seat-colour': seatColour(recap.seat) } as CSSProperties}
      data-testid="recap"
      data-seat={recap.seat}
    >
      <span className="recap__who">
        {own ? t('table.recap.afterYourTurn') : name}
        {recap.extra ? <span className="recap__extra"> {t('table.recap.extra')}</span> : null}
      </span>{' '}
      <span className="recap__what">
        {phrases.join(' · ')}
        {figures.map((f) => (
          <span
            key={f.kind}
            className={`recap__figure recap__figure--${f.kind} is-${f.up ? 'up' : 'down'}`}
          >
            {f.text}
          </span>
        ))}
        {hits.map((hit, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a turn's hits are a fixed list
            key={i}
            className={`recap__hit${hit.yours ? ' is-yours' : ''}`}
          >
            {hit.text}
          </span>
        ))}
        {yours.map((f) => (
          <span key={`you-${f.kind}`} className={`recap__you is-${f.up ? 'up' : 'down'}`}>
            {t('table.recap.forYou', { figure: f.text })}
          </span>
        ))}
        {moments.map((text) => (
          <span key={text} className="recap__moment">
            {text}
          </span>
        ))}
      </span>
    </li>
  );
}

export function TurnSummary({
  ctx,
  summary,
  snapshot,
  compact,
  onDismiss,
}: {
  ctx: TextContext;
  summary: TurnSummaryModel;
  snapshot: TableSnapshot;
  /** A phone: one line per turn until opened. */
  compact: boolean;
  onDismiss: () => void;
}) {
  const { t } = ctx;
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const viewer = snapshot.viewer ?? 0;
  const name = (seat: Seat) => playerName(t, snapshot.players[seat], seat);
  // Hot-seat: nobody is "you" for the whole table, so the title names whose summary it is.
  const title =
    youSeat(ctx) === null
      ? t('table.recap.titleNamed', { name: name(viewer) })
      : t('table.recap.title');
  const lines = summary.turns.length + (summary.yours ? 1 : 0);
  return (
    <section
      className={`turn-summary${compact ? ' turn-summary--compact' : ''}${open ? ' is-open' : ''}`}
      aria-labelledby={titleId}
      data-testid="turn-summary"
    >
      <div className="turn-summary__head">
        <h2 id={titleId}>{title}</h2>
        {compact && lines > 0 ? (
          <button
            type="button"
            className="secondary turn-summary__more"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {t(open ? 'table.recap.less' : 'table.recap.more')}
          </button>
        ) : null}
        <button
          type="button"
          className="secondary turn-summary__close"
          aria-label={t('table.recap.dismissLabel')}
          title={t('table.recap.dismissLabel')}
          onClick={onDismiss}
        >
          {t('table.recap.dismiss')}
        </button>
      </div>
      <ol className="turn-summary__list">
        {summary.turns.map((recap, i) => (
          <RecapRow
            // biome-ignore lint/suspicious/noArrayIndexKey: turns are in the order they were played
            key={i}
            ctx={ctx}
            recap={recap}
            viewer={viewer}
            name={name(recap.seat)}
          />
        ))}
        {summary.yours ? (
          <li
            className="recap recap--yours"
            style={{ '--seat-colour': seatColour(viewer) } as CSSProperties}
            data-testid="recap"
            data-seat={viewer}
          >
            <span className="recap__who">{t('table.recap.yourTurn')}</span>{' '}
            <span className="recap__what">
              {[
                ...(summary.yours.synchronized ? [t('table.recap.synchronized')] : []),
                ...summary.yours.moments.map((m) => momentText(ctx, m)),
              ].join(' · ')}
            </span>
          </li>
        ) : null}
      </ol>
    </section>
  );
}
