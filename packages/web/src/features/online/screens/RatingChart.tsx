/**
 * A player's rating history at one table size (a lazy chunk: chart.js loads only when a
 * profile shows one): the cautious estimate (mu − 3σ, what leaderboards order by) before the
 * first game shown and after each rated game, oldest first. The same numbers are in a visually hidden table for screen readers.
 */
import type { RatingPoint } from '@gangsta/protocol';
import {
  CategoryScale,
  Chart,
  type ChartConfiguration,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { seatColour } from '../../../game/players.ts';
import { chartAnimation, themedAxis } from '../../../table/score/chartTheme.ts';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip);

export interface RatingChartProps {
  history: readonly RatingPoint[];
  /** The chart's name for screen readers ("Rating, 2 players"). */
  label: string;
}

/** The rating before the first game of the history (its change taken back). */
function startOf(history: readonly RatingPoint[]): number {
  const first = history[0];
  return first ? first.after.conservative - first.change : 0;
}

export default function RatingChart({ history, label }: RatingChartProps) {
  const { t, i18n } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const date = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }),
    [i18n.language],
  );
  const config = useMemo<ChartConfiguration<'line'>>(
    () => ({
      type: 'line',
      data: {
        // Game 0 is the rating before the first game shown, so one game draws a line too.
        labels: ['0', ...history.map((_, i) => String(i + 1))],
        datasets: [
          {
            label: t('online.profile.estimate'),
            data: [startOf(history), ...history.map((p) => p.after.conservative)].map((value) =>
              Number(value.toFixed(2)),
            ),
            borderColor: seatColour(0),
            backgroundColor: seatColour(0),
            pointRadius: history.length > 40 ? 0 : 3,
            borderWidth: 2.5,
            tension: 0,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: chartAnimation(),
        scales: {
          x: themedAxis(t('online.profile.ratedGame'), { autoSkip: true, maxRotation: 0 }),
          y: themedAxis(t('online.profile.estimate')),
        },
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              title: (items) => {
                const point = history[(items[0]?.dataIndex ?? 0) - 1];
                return point ? date.format(new Date(point.at)) : '';
              },
            },
          },
        },
      },
    }),
    [history, t, date],
  );
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const chart = new Chart(context, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <>
      <div className="profile-chart-canvas">
        <canvas ref={canvas} role="img" aria-label={label} data-testid="rating-chart" />
      </div>
      <div className="sr-only">
        <table>
          <caption>{label}</caption>
          <tbody>
            {history.map((point) => (
              <tr key={point.table}>
                <th scope="row">{date.format(new Date(point.at))}</th>
                <td>{point.after.conservative.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
