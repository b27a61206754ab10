/**
 * The chart of each player's IP or money over the game (a lazy chunk: chart.js loads only
 * when a score screen shows one). Only the chart.js parts a line chart needs are registered,
 * so the rest of the library is left out of the bundle. Each player keeps their seat colour,
 * and also a line dash and point shape of their own, so the lines stay apart without colour.
 * The same numbers are in a visually hidden table for screen readers (in a clipping box, so
 * its width never widens the page).
 */

import { type GameRecord, itemAt } from '@gangsta/engine';
import {
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seatColour } from '../../game/players.ts';
import { CHART_INK, chartAnimation, themedAxis } from './chartTheme.ts';
import { type PointLabel, type ScorePoint, scoreSeries } from './series.ts';

Chart.register(
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  CategoryScale,
  Legend,
  Tooltip,
);

export type Measure = 'ip' | 'money';

const DASHES: number[][] = [[], [8, 4], [2, 3], [10, 3, 2, 3]];
const POINTS = ['circle', 'rect', 'triangle', 'rectRot'] as const;

export interface ScoreChartProps {
  record: GameRecord;
  /** Display names by seat. */
  names: readonly string[];
}

export function pointLabel(t: TFunction, label: PointLabel): string {
  if (label.kind === 'start') return t('score.chart.start');
  if (label.kind === 'end') return t('score.chart.end');
  return String(label.turn);
}

function chartConfig(
  t: TFunction,
  points: readonly ScorePoint[],
  names: readonly string[],
  measure: Measure,
): ChartConfiguration<'line'> {
  return {
    type: 'line',
    data: {
      labels: points.map((p) => pointLabel(t, p.label)),
      datasets: names.map((name, seat) => ({
        label: name,
        // Every point holds a figure per seat; a missing one would be a gap in the line.
        data: points.map((p) => p[measure][seat] ?? null),
        borderColor: seatColour(seat),
        backgroundColor: seatColour(seat),
        borderDash: itemAt(DASHES, seat % DASHES.length, 'dash'),
        pointStyle: itemAt(POINTS, seat % POINTS.length, 'point style'),
        pointRadius: points.length > 60 ? 0 : 2.5,
        pointHoverRadius: 5,
        borderWidth: 2.5,
        tension: 0,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: chartAnimation(),
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: themedAxis(t('score.chart.turn'), { autoSkip: true, maxRotation: 0 }),
        y: { beginAtZero: true, ...themedAxis(t(`score.chart.${measure}`), { precision: 0 }) },
      },
      plugins: {
        legend: { labels: { color: CHART_INK, usePointStyle: true, boxHeight: 9 } },
        tooltip: { enabled: true },
      },
    },
  };
}

/** The canvas: a chart.js line chart, rebuilt when the data, the measure or the language change. */
function LineCanvas({
  points,
  names,
  measure,
  label,
}: {
  points: readonly ScorePoint[];
  names: readonly string[];
  measure: Measure;
  label: string;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  // Names arrive as a new array on every render of the score screen: compare their text.
  const nameKey = names.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: nameKey stands for names
  const config = useMemo(
    () => chartConfig(t, points, names, measure),
    [t, points, nameKey, measure],
  );
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const chart = new Chart(context, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="score-chart-canvas">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

/** The numbers behind the chart, for screen readers. */
function DataTable({
  points,
  names,
  measure,
  caption,
}: {
  points: readonly ScorePoint[];
  names: readonly string[];
  measure: Measure;
  caption: string;
}) {
  const { t } = useTranslation();
  // The hiding box, not the table, is 1px wide and clips: a table is never narrower than its
  // contents, and a hidden one of 40 turns once widened the score panel by about 900 px.
  return (
    <div className="sr-only">
      <table data-testid="score-chart-data">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('score.chart.turn')}</th>
            {names.map((name, seat) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a seat is its index
              <th key={seat} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: points never reorder
            <tr key={i}>
              <th scope="row">{pointLabel(t, p.label)}</th>
              {p[measure].map((value, seat) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a seat is its index
                <td key={seat}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function ScoreChart({ record, names }: ScoreChartProps) {
  const { t } = useTranslation();
  const [measure, setMeasure] = useState<Measure>('ip');
  // The table hands over a new record object on each render; a finished game's record only
  // changes when a different game is shown (other options or another length).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the record is identified by these
  const series = useMemo(
    () => scoreSeries(record),
    [record.options, record.cardSet, record.moves.length],
  );
  if (!series.ok) {
    return (
      <p className="error" role="alert">
        {t('score.chart.failed', { message: series.error.message })}
      </p>
    );
  }
  const caption = t(measure === 'ip' ? 'score.chart.captionIp' : 'score.chart.captionMoney');
  return (
    <figure className="score-chart" data-testid="score-chart" data-measure={measure}>
      <div className="score-chart-head">
        <h3 id="score-chart-title">{t('score.chart.title')}</h3>
        <fieldset className="score-chart-toggle">
          <legend className="sr-only">{t('score.chart.show')}</legend>
          {(['ip', 'money'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={measure === m}
              className={measure === m ? 'primary' : ''}
              onClick={() => setMeasure(m)}
            >
              {t(`score.chart.${m}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <LineCanvas
        points={series.points}
        names={names}
        measure={measure}
        label={`${t(`score.chart.${measure}`)}: ${caption}`}
      />
      <figcaption>{caption}</figcaption>
      <DataTable
        points={series.points}
        names={names}
        measure={measure}
        caption={`${t(`score.chart.${measure}`)} — ${caption}`}
      />
    </figure>
  );
}
