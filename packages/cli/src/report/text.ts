/** The `simulate` and `tournament` summaries as aligned plain text for the terminal. */
import { type CardSet, SCORE_SOURCES } from '@gangsta/engine';
import type { Palette } from '../render/color.ts';
import { padEnd, padStart } from '../render/color.ts';
import type { Aggregate } from '../sim/aggregate.ts';
import { intervalText, pct } from '../sim/stats.ts';
import {
  bossRows,
  botRows,
  breakdownMeans,
  endReasonRows,
  heistRows,
  type LengthRow,
  lengthRows,
  positionRows,
  scoreRows,
  type WinRow,
} from './tables.ts';

function winTable(title: string, rows: WinRow[], expected: number, c: Palette): string[] {
  const width = Math.max(12, ...rows.map((r) => r.label.length)) + 2;
  const lines = [c.bold(`${title} (even share ${pct(expected)}; 95% CI)`)];
  for (const row of rows) {
    const off = row.interval.high < expected || row.interval.low > expected;
    const text = `  ${padEnd(row.label, width)}${padStart(intervalText(row.interval), 24)}   n=${row.games}`;
    lines.push(off ? c.yellow(text) : text);
  }
  return lines;
}

function lengthTable(title: string, rows: LengthRow[], c: Palette): string[] {
  const width = Math.max(...rows.map((r) => r.label.length)) + 2;
  const head = `  ${padEnd('', width)}${['mean', 'sd', 'min', '5%', 'median', '95%', 'max'].map((h) => padStart(h, 8)).join('')}`;
  const lines = [c.bold(title), c.dim(head)];
  for (const r of rows) {
    const cells = [r.mean.toFixed(1), r.sd.toFixed(1), r.min, r.p5, r.median, r.p95, r.max];
    lines.push(`  ${padEnd(r.label, width)}${cells.map((x) => padStart(String(x), 8)).join('')}`);
  }
  return lines;
}

export function renderSummaryText(agg: Aggregate, cards: CardSet, c: Palette): string {
  const players = agg.players.length === 1 ? (agg.players[0] ?? 0) : 0;
  const expected = players > 0 ? 1 / players : 0;
  const lines: string[] = [];
  lines.push(...winTable('Win rate by turn order', positionRows(agg), expected, c), '');
  lines.push(...winTable('Win rate by Boss', bossRows(agg, cards), expected, c), '');
  lines.push(...winTable('Win rate by bot', botRows(agg), expected, c), '');
  if (agg.sharedVictories > 0) {
    lines.push(
      `Shared victories: ${agg.sharedVictories} (${pct(agg.sharedVictories / agg.games)}); each winner counts 1/k.`,
      '',
    );
  }
  lines.push(...lengthTable('Length', lengthRows(agg), c), '');
  lines.push(...lengthTable('Scores', scoreRows(agg), c), '');
  const means = breakdownMeans(agg);
  lines.push(
    c.bold('Mean score per player by source'),
    `  ${[...SCORE_SOURCES, 'total'].map((k) => `${k} ${(means[k] ?? 0).toFixed(1)}`).join(' · ')}`,
    '',
  );
  lines.push(c.bold('How the game ended'));
  for (const row of endReasonRows(agg)) {
    lines.push(`  ${padEnd(row.label, 28)}${padStart(pct(row.share), 7)}   (${row.count})`);
  }
  const heists = heistRows(agg, cards).filter((h) => h.offered > 0);
  if (heists.length > 0) {
    const byRate = [...heists].sort((a, b) => b.takeRate - a.takeRate);
    const show = (h: (typeof heists)[number]) =>
      `  ${padEnd(`${h.name} (${h.id})`, 32)} taken ${padStart(pct(h.takeRate, 0), 4)} of ${padStart(String(h.offered), 5)} showings · ${h.engagedMean.toFixed(1)} members · $${h.moneyPerMember.toFixed(2)} + ${h.ipPerMember.toFixed(2)} IP per member`;
    lines.push(
      '',
      c.bold('Heists most often taken when in the row'),
      ...byRate.slice(0, 5).map(show),
    );
    lines.push(c.bold('Heists least often taken'), ...byRate.slice(-5).map(show));
  }
  return lines.join('\n');
}
