/** The final score (R-END): the breakdown per player and the winner or winners. */
import type { GameResult } from '@gangsta/engine';
import { useEffect, useRef } from 'react';
import type { SeatKind } from '../game/seats.ts';
import type { TextContext } from '../text/context.ts';
import { seatName } from '../text/names.ts';

const ROWS = [
  'heists',
  'members',
  'resources',
  'media',
  'richest',
  'largestGang',
  'families',
] as const;

export function ScoreScreen({
  ctx,
  result,
  seats,
  families,
  resources,
  focusOnShow = false,
}: {
  ctx: TextContext;
  result: GameResult;
  seats: readonly SeatKind[];
  families: boolean;
  resources: boolean;
  /** Take the focus when shown (at the end of a game, not while scrubbing a replay). */
  focusOnShow?: boolean;
}) {
  const { t } = ctx;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);
  const rows = ROWS.filter(
    (row) =>
      (row !== 'families' || families) &&
      (row !== 'largestGang' || !families) &&
      ((row !== 'resources' && row !== 'media') || resources),
  );
  const winners = result.winners.map((s) => seatName(t, s, seats, ctx.viewer)).join(', ');
  return (
    <section className="score" aria-labelledby="score-title" data-testid="score">
      <h2 id="score-title" ref={heading} tabIndex={-1}>
        {t('score.title')}
      </h2>
      <p className="winner">
        {result.winners.length > 1
          ? t('score.sharedVictory', { winners })
          : t('score.winner', { winner: winners })}
      </p>
      <p>{t(`score.reason.${result.reason}`)}</p>
      <div className="score-scroll">
        <table>
          <caption className="sr-only">{t('score.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('score.category')}</th>
              {result.scores.map((s) => (
                <th
                  key={s.seat}
                  scope="col"
                  className={result.winners.includes(s.seat) ? 'won' : ''}
                >
                  {seatName(t, s.seat, seats, ctx.viewer)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row}>
                <th scope="row">{t(`score.rows.${row}`)}</th>
                {result.scores.map((s) => (
                  <td key={s.seat}>{s[row]}</td>
                ))}
              </tr>
            ))}
            <tr className="total">
              <th scope="row">{t('score.rows.total')}</th>
              {result.scores.map((s) => (
                <td key={s.seat}>{s.total}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t('score.rows.gangSize')}</th>
              {result.scores.map((s) => (
                <td key={s.seat}>{s.gangSize}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
