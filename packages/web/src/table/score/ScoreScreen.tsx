/**
 * The final score (R-END): who won and, after a tie, why (R-END-4), and the viewer's own place;
 * the breakdown per player, best first, in their names and seat colours; the screen's actions
 * (Review my game, the online rematch); and a chart of each player's IP and money over the
 * game, drawn from the game record. The chart is a lazy chunk (chart.js); online, the record
 * arrives after the end, so the breakdown shows at once and the chart when it is there.
 *
 * Wide screens: the result with the actions beside it, so they are in view as the score
 * appears; under them the breakdown, a table across the whole width whose columns share it (it
 * never scrolls sideways, and four players' names fit); the chart last. On a phone a table of
 * four players does not fit: each player gets a card instead, the viewer's first, with the
 * actions right after it.
 */
import {
  type GameRecord,
  type GameResult,
  SCORE_SOURCES,
  type ScoreSource,
  type Seat,
  scoreSourceApplies,
} from '@gangsta/engine';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef } from 'react';
import { playerName, seatColour } from '../../game/players.ts';
import type { SeatKind } from '../../game/seats.ts';
import { type TextContext, youSeat } from '../../text/context.ts';
import { seatName } from '../../text/names.ts';
import { focusForInput } from '../focus.ts';
import type { TablePlayer } from '../tableSource.ts';
import { usePhone } from '../widgets/showDecision.ts';
import { type Outcome, outcomeOf, type Ranked, ranking } from './outcome.ts';
import './score.css';

const ScoreChart = lazy(() => import('./ScoreChart.tsx'));

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
  record?: GameRecord | null | undefined;
  /** What to do next (Review my game, the rematch): shown beside the score, in view at once. */
  actions?: ReactNode;
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

/** The rows of the breakdown for this game's variants, the total and the tie-break last. */
type Row = ScoreSource | 'total' | 'gangSize';

interface Breakdown {
  ctx: TextContext;
  ranked: Ranked[];
  rows: Row[];
  names: string[];
  won: (seat: Seat) => boolean;
  /** Rows that are 0 for every player: shown quieter, and said so. */
  zero: (row: Row) => boolean;
}

function PlayerHeading({
  ctx,
  entry,
  names,
  won,
}: Omit<Breakdown, 'rows' | 'zero' | 'ranked'> & { entry: Ranked }) {
  const { t } = ctx;
  const seat = entry.score.seat;
  return (
    <>
      <span className="score-player">
        <Swatch seat={seat} />
        <span>{t('score.ranked', { rank: entry.rank, name: names[seat] })}</span>
      </span>
      {won(seat) ? <span className="score-badge">{t('score.winnerBadge')}</span> : null}
    </>
  );
}

/**
 * Wide screens: categories down, players across. The columns share the table's width (fixed
 * layout; long names break), so every figure stays whole whatever the names and the language.
 */
function ScoreTable(props: Breakdown) {
  const { ctx, ranked, rows, won, zero } = props;
  const { t } = ctx;
  return (
    <div className="score-breakdown">
      <table className={`score-table players-${ranked.length}`}>
        <caption className="sr-only">{t('score.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('score.category')}</th>
            {ranked.map((entry) => (
              <th
                key={entry.score.seat}
                scope="col"
                className={won(entry.score.seat) ? 'won' : ''}
                data-seat={entry.score.seat}
              >
                <PlayerHeading {...props} entry={entry} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row} className={row === 'total' ? 'total' : zero(row) ? 'is-zero' : undefined}>
              <RowHeader ctx={ctx} row={row} zero={zero(row)} />
              {ranked.map(({ score: s }) => (
                <td key={s.seat} className={won(s.seat) ? 'won' : undefined} data-seat={s.seat}>
                  {s[row]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One player's result on a phone: place, name, total, then every row of the breakdown. */
function ScoreCard({ entry, ...props }: Breakdown & { entry: Ranked }) {
  const { ctx, rows, won, zero } = props;
  const { t } = ctx;
  const s = entry.score;
  return (
    <li
      className={`score-card${won(s.seat) ? ' won' : ''}`}
      data-seat={s.seat}
      data-testid="score-card"
    >
      <h3 className="score-card__head">
        <PlayerHeading {...props} entry={entry} />
      </h3>
      {/* The total first: it decides the places. */}
      <dl className="score-card__rows">
        {['total' as const, ...rows.filter((row) => row !== 'total')].map((row) => (
          <div key={row} className={row === 'total' ? 'total' : zero(row) ? 'is-zero' : undefined}>
            <dt>{t(`score.rows.${row}`)}</dt>
            <dd>{s[row]}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** On a phone, what each row counts, once for all the cards (folded: the cards come first). */
function RowsHelp({ ctx, rows, zero }: Pick<Breakdown, 'ctx' | 'rows' | 'zero'>) {
  const { t } = ctx;
  return (
    <details className="score-help">
      <summary>{t('score.rowsHelp')}</summary>
      <dl>
        {rows.map((row) => (
          <div key={row}>
            <dt>{t(`score.rows.${row}`)}</dt>
            <dd>
              {t(`score.rowHelp.${row}`)}
              {zero(row) ? ` ${t('score.zeroForAll')}` : null}
            </dd>
          </div>
        ))}
      </dl>
    </details>
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
  actions,
}: ScoreScreenProps) {
  const { t } = ctx;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) focusForInput(heading.current);
  }, [focusOnShow]);
  const phone = usePhone();
  const names = useNames(ctx, seats, players);
  const rows: Row[] = [
    ...SCORE_SOURCES.filter((row) => scoreSourceApplies(row, { families, resources })),
    'total',
    'gangSize',
  ];
  const ranked = ranking(result.scores);
  const breakdown: Breakdown = {
    ctx,
    ranked,
    rows,
    names,
    won: (seat) => result.winners.includes(seat),
    zero: (row) =>
      row !== 'total' && row !== 'gangSize' && result.scores.every((s) => s[row] === 0),
  };
  const you = youSeat(ctx);
  const yours = ranked.find((entry) => entry.score.seat === you);
  const lead = (
    <div className="score-lead">
      <h2 id="score-title" ref={heading} tabIndex={-1}>
        {t('score.title')}
      </h2>
      <OutcomeLines ctx={ctx} outcome={outcomeOf(result)} names={names} />
      <p>{t(`score.reason.${result.reason}`)}</p>
      {yours ? (
        <p className="score-yours" data-testid="score-yours">
          {t('score.yourPlace', {
            rank: yours.rank,
            players: ranked.length,
            total: yours.score.total,
          })}
        </p>
      ) : null}
    </div>
  );
  const actionBox = actions ? (
    <div className="score-actions" data-testid="score-actions">
      {actions}
    </div>
  ) : null;
  const chart = record !== undefined ? <ChartArea ctx={ctx} record={record} names={names} /> : null;

  if (phone) {
    // The viewer's card right under the result, then the actions, then everyone else's.
    const others = ranked.filter((entry) => entry !== yours);
    return (
      <section className="score score--cards" aria-labelledby="score-title" data-testid="score">
        {lead}
        {yours ? (
          <ul className="score-cards">
            <ScoreCard {...breakdown} entry={yours} />
          </ul>
        ) : null}
        {actionBox}
        <ul className="score-cards">
          {others.map((entry) => (
            <ScoreCard key={entry.score.seat} {...breakdown} entry={entry} />
          ))}
        </ul>
        <RowsHelp {...breakdown} />
        {chart}
      </section>
    );
  }
  return (
    <section
      className={`score score--table${actionBox ? ' has-actions' : ''}`}
      aria-labelledby="score-title"
      data-testid="score"
    >
      {lead}
      {actionBox}
      <ScoreTable {...breakdown} />
      {chart}
    </section>
  );
}
