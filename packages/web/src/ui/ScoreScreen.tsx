/**
 * The final score (R-END): who won and, after a tie, why (R-END-4); the breakdown per player,
 * best first, in their names and seat colours; and a chart of each player's IP and money over
 * the game, drawn from the game record. The chart is a lazy chunk (chart.js); online, the
 * record arrives after the end, so the breakdown shows at once and the chart when it is there.
 */
import {
  type GameRecord,
  type GameResult,
  SCORE_SOURCES,
  type ScoreSource,
  type Seat,
  scoreSourceApplies,
} from '@gangsta/engine';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { playerName, seatColour } from '../game/players.ts';
import type { SeatKind } from '../game/seats.ts';
import type { TablePlayer } from '../game/tableSource.ts';
import type { TextContext } from '../text/context.ts';
import { seatName } from '../text/names.ts';
import { focusForInput } from './focus.ts';
import { type Outcome, outcomeOf, ranking } from './score/outcome.ts';
import './score/score.css';

const ScoreChart = lazy(() => import('./score/ScoreChart.tsx'));

export interface ScoreScreenProps {
  ctx: TextContext;
  result: GameResult;
  seats: readonly SeatKind[];
  families: boolean;
  resources: boolean;
  /** Take the focus when shown (at the end of a game, not while scrubbing a replay). */
  focusOnShow?: boolean;
  /** Names by seat; without them, the seats' default names. */
  players?: readonly TablePlayer[];
  /**
   * The game record for the chart. Undefined: no chart (a replay's last move); null: the record
   * is on its way (online), so a note says the chart will follow.
   */
  record?: GameRecord | null;
}

/** "Vera", or "Seat 1 (you)": the player's name, marked when it is the viewer. */
function useNames(ctx: TextContext, seats: readonly SeatKind[], players?: readonly TablePlayer[]) {
  const { t, viewer } = ctx;
  return useMemo(
    () =>
      seats.map((_, seat) => {
        const player = players?.find((p) => p.seat === seat);
        if (!player?.name) return seatName(t, seat, seats, viewer);
        const name = playerName(t, player, seat);
        return seat === viewer ? t('app.seatYou', { seat: name }) : name;
      }),
    [t, seats, players, viewer],
  );
}

function Swatch({ seat }: { seat: Seat }) {
  return (
    <span className="seat-swatch" style={{ background: seatColour(seat) }} aria-hidden="true" />
  );
}

function OutcomeLines({
  ctx,
  outcome,
  names,
}: {
  ctx: TextContext;
  outcome: Outcome;
  names: string[];
}) {
  const { t } = ctx;
  const list = (seats: Seat[]) => seats.map((s) => names[s]).join(', ');
  if (outcome.kind === 'shared') {
    return (
      <>
        <p className="winner">{t('score.sharedVictory', { winners: list(outcome.winners) })}</p>
        <p>{t('score.tie.shared', { total: outcome.total, count: outcome.size })}</p>
      </>
    );
  }
  return (
    <>
      <p className="winner">
        <Swatch seat={outcome.winner} /> {t('score.winner', { winner: names[outcome.winner] })}
      </p>
      {outcome.kind === 'gangSize' ? (
        <p>
          {t('score.tie.gangSize', {
            total: outcome.total,
            others: list(outcome.tied),
            winner: names[outcome.winner],
            count: outcome.size,
          })}
        </p>
      ) : null}
    </>
  );
}

/**
 * A row's name and, under it, what the row counts, so a player reading "Richest: 2" knows
 * why; a row that is 0 for everyone says so, so it does not look like a fault.
 */
function RowHeader({
  ctx,
  row,
  zero,
}: {
  ctx: TextContext;
  row: ScoreSource | 'total' | 'gangSize';
  zero: boolean;
}) {
  const { t } = ctx;
  return (
    <th scope="row">
      <span className="score-row-name">{t(`score.rows.${row}`)}</span>
      <span className="score-row-help">
        {t(`score.rowHelp.${row}`)}
        {zero ? ` ${t('score.zeroForAll')}` : null}
      </span>
    </th>
  );
}

function ChartArea({
  ctx,
  record,
  names,
}: {
  ctx: TextContext;
  record: GameRecord | null;
  names: string[];
}) {
  if (record === null) {
    return (
      <p className="score-chart-waiting" role="status">
        {ctx.t('score.chart.waiting')}
      </p>
    );
  }
  return (
    <Suspense fallback={<p className="loading">{ctx.t('score.chart.loading')}</p>}>
      <ScoreChart record={record} names={names} />
    </Suspense>
  );
}

export function ScoreScreen({
  ctx,
  result,
  seats,
  families,
  resources,
  focusOnShow = false,
  players,
  record,
}: ScoreScreenProps) {
  const { t } = ctx;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) focusForInput(heading.current);
  }, [focusOnShow]);
  const names = useNames(ctx, seats, players);
  const rows = SCORE_SOURCES.filter((row) => scoreSourceApplies(row, { families, resources }));
  const ranked = ranking(result.scores);
  const won = (seat: Seat) => result.winners.includes(seat);
  return (
    <section className="score" aria-labelledby="score-title" data-testid="score">
      <h2 id="score-title" ref={heading} tabIndex={-1}>
        {t('score.title')}
      </h2>
      <OutcomeLines ctx={ctx} outcome={outcomeOf(result)} names={names} />
      <p>{t(`score.reason.${result.reason}`)}</p>
      {/* On a wide screen the breakdown and the chart sit side by side: both in one view. */}
      <div className={`score-body${record !== undefined ? ' has-chart' : ''}`}>
        {/* Focusable: on a narrow screen the table scrolls sideways, and keyboards must reach it. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus */}
        <div className="score-scroll" tabIndex={0}>
          <table>
            <caption className="sr-only">{t('score.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('score.category')}</th>
                {ranked.map(({ score: s, rank }) => (
                  <th
                    key={s.seat}
                    scope="col"
                    className={won(s.seat) ? 'won' : ''}
                    data-seat={s.seat}
                  >
                    <span className="score-player">
                      <Swatch seat={s.seat} />
                      {t('score.ranked', { rank, name: names[s.seat] })}
                    </span>
                    {won(s.seat) ? (
                      <span className="score-badge">{t('score.winnerBadge')}</span>
                    ) : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const zero = result.scores.every((s) => s[row] === 0);
                return (
                  <tr key={row} className={zero ? 'is-zero' : undefined}>
                    <RowHeader ctx={ctx} row={row} zero={zero} />
                    {ranked.map(({ score: s }) => (
                      <td key={s.seat} className={won(s.seat) ? 'won' : undefined}>
                        {s[row]}
                      </td>
                    ))}
                  </tr>
                );
              })}
              <tr className="total">
                <RowHeader ctx={ctx} row="total" zero={false} />
                {ranked.map(({ score: s }) => (
                  <td key={s.seat} className={won(s.seat) ? 'won' : undefined}>
                    {s.total}
                  </td>
                ))}
              </tr>
              <tr>
                <RowHeader ctx={ctx} row="gangSize" zero={false} />
                {ranked.map(({ score: s }) => (
                  <td key={s.seat} className={won(s.seat) ? 'won' : undefined}>
                    {s.gangSize}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
        {record !== undefined ? <ChartArea ctx={ctx} record={record} names={names} /> : null}
      </div>
    </section>
  );
}
