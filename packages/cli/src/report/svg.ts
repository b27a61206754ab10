/**
 * Inline SVG charts for the HTML report, drawn by hand so the page needs no library and no
 * network: horizontal bars with 95% intervals, and histograms.
 */
import type { Histogram } from '../sim/stats.ts';
import { entriesOf, maxOf, minOf } from '../sim/stats.ts';
import type { WinRow } from './tables.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const FONT = 'font-family="system-ui, sans-serif" font-size="12"';

/** Win shares as bars with their interval as a whisker, and a dashed line at the even share. */
export function winChart(rows: WinRow[], expected: number): string {
  const labelWidth = 190;
  const plot = 420;
  const rowHeight = 24;
  const height = rows.length * rowHeight + 30;
  const top = Math.max(expected * 2, ...rows.map((r) => r.interval.high), 0.05);
  const scale = (x: number) => labelWidth + (x / top) * plot;
  const bars = rows.map((row, i) => {
    const y = 10 + i * rowHeight;
    const { rate, low, high } = row.interval;
    return [
      `<text x="${labelWidth - 8}" y="${y + 15}" text-anchor="end" ${FONT}>${escapeHtml(row.label)}</text>`,
      `<rect x="${labelWidth}" y="${y + 4}" width="${(scale(rate) - labelWidth).toFixed(1)}" height="14" fill="#4e79a7"><title>${(100 * rate).toFixed(1)}% (n=${row.games})</title></rect>`,
      `<line x1="${scale(low).toFixed(1)}" x2="${scale(high).toFixed(1)}" y1="${y + 11}" y2="${y + 11}" stroke="#222" stroke-width="1.5"/>`,
      `<line x1="${scale(low).toFixed(1)}" x2="${scale(low).toFixed(1)}" y1="${y + 6}" y2="${y + 16}" stroke="#222"/>`,
      `<line x1="${scale(high).toFixed(1)}" x2="${scale(high).toFixed(1)}" y1="${y + 6}" y2="${y + 16}" stroke="#222"/>`,
      `<text x="${(scale(high) + 6).toFixed(1)}" y="${y + 15}" ${FONT}>${(100 * rate).toFixed(1)}%</text>`,
    ].join('');
  });
  const even =
    expected > 0
      ? `<line x1="${scale(expected).toFixed(1)}" x2="${scale(expected).toFixed(1)}" y1="4" y2="${height - 20}" stroke="#e15759" stroke-dasharray="4 3"/><text x="${scale(expected).toFixed(1)}" y="${height - 6}" text-anchor="middle" ${FONT} fill="#e15759">even ${(100 * expected).toFixed(1)}%</text>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + plot + 80}" height="${height}" role="img">${bars.join('')}${even}</svg>`;
}

/** A histogram of whole numbers, with axis labels; bins widen so there are at most ~50 bars. */
export function histogramChart(hist: Histogram, xLabel: string): string {
  const entries = entriesOf(hist);
  if (entries.length === 0) return '<p>No data.</p>';
  const lowest = minOf(hist);
  const highest = maxOf(hist);
  const span = highest - lowest + 1;
  const bin = Math.max(1, Math.ceil(span / 50));
  const bins = new Map<number, number>();
  for (const [value, count] of entries) {
    const key = Math.floor(value / bin) * bin;
    bins.set(key, (bins.get(key) ?? 0) + count);
  }
  const keys = [...bins.keys()].sort((a, b) => a - b);
  // The bins of the lowest and the highest value: the first and last keys.
  const first = Math.floor(lowest / bin) * bin;
  const last = Math.floor(highest / bin) * bin;
  const slots = (last - first) / bin + 1;
  const width = 640;
  const height = 200;
  const left = 40;
  const bottom = 30;
  const barWidth = (width - left - 10) / slots;
  const peak = Math.max(...bins.values());
  const total = entries.reduce((n, [, c]) => n + c, 0);
  const bars = keys.map((key) => {
    const count = bins.get(key)!;
    const h = ((height - bottom - 10) * count) / peak;
    const x = left + ((key - first) / bin) * barWidth;
    const label = bin === 1 ? `${key}` : `${key}–${key + bin - 1}`;
    return `<rect x="${x.toFixed(1)}" y="${(height - bottom - h).toFixed(1)}" width="${Math.max(1, barWidth - 1).toFixed(1)}" height="${h.toFixed(1)}" fill="#59a14f"><title>${label}: ${count} (${((100 * count) / total).toFixed(1)}%)</title></rect>`;
  });
  const ticks: string[] = [];
  const step = Math.max(1, Math.ceil(slots / 10));
  for (let i = 0; i < slots; i += step) {
    const x = left + i * barWidth + barWidth / 2;
    ticks.push(
      `<text x="${x.toFixed(1)}" y="${height - bottom + 14}" text-anchor="middle" ${FONT}>${first + i * bin}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img"><line x1="${left}" x2="${width - 10}" y1="${height - bottom}" y2="${height - bottom}" stroke="#888"/>${bars.join('')}${ticks.join('')}<text x="${width / 2}" y="${height - 2}" text-anchor="middle" ${FONT}>${escapeHtml(xLabel)}</text><text x="4" y="14" ${FONT}>${peak}</text></svg>`;
}

/** Shares as one stacked horizontal bar with a legend. */
export function shareBar(rows: { label: string; count: number }[]): string {
  const total = rows.reduce((n, r) => n + r.count, 0) || 1;
  const colours = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f'];
  let x = 0;
  const parts = rows.map((row, i) => {
    const w = (600 * row.count) / total;
    const rect = `<rect x="${x.toFixed(1)}" y="0" width="${w.toFixed(1)}" height="24" fill="${colours[i % colours.length]}"><title>${escapeHtml(row.label)}: ${row.count}</title></rect>`;
    x += w;
    return rect;
  });
  const legend = rows.map(
    (row, i) =>
      `<rect x="${i * 260}" y="34" width="12" height="12" fill="${colours[i % colours.length]}"/><text x="${i * 260 + 16}" y="45" ${FONT}>${escapeHtml(row.label)} ${((100 * row.count) / total).toFixed(1)}%</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.max(620, rows.length * 260)}" height="56" role="img">${parts.join('')}${legend.join('')}</svg>`;
}
