/** The self-contained HTML report of a simulation: tables and inline SVG charts, no CDN. */
import { type CardSet, itemAt } from '@gangsta/engine';
import type { Aggregate } from '../sim/aggregate.ts';
import { pct } from '../sim/stats.ts';
import { escapeHtml, histogramChart, shareBar, winChart } from './svg.ts';
import {
  bossRows,
  botRows,
  endReasonRows,
  heistRows,
  type LengthRow,
  lengthRows,
  positionRows,
  scoreRows,
  type WinRow,
} from './tables.ts';

function winTable(rows: WinRow[]): string {
  const body = rows
    .map(
      (r) =>
        `<tr><td>${escapeHtml(r.label)}</td><td>${pct(r.interval.rate)}</td><td>${pct(r.interval.low)} – ${pct(r.interval.high)}</td><td>${r.games}</td></tr>`,
    )
    .join('');
  return `<table><tr><th></th><th>win rate</th><th>95% CI</th><th>n</th></tr>${body}</table>`;
}

function lengthTable(rows: LengthRow[]): string {
  const body = rows
    .map(
      (r) =>
        `<tr><td>${escapeHtml(r.label)}</td><td>${r.mean.toFixed(1)}</td><td>${r.sd.toFixed(1)}</td><td>${r.min}</td><td>${r.p5}</td><td>${r.median}</td><td>${r.p95}</td><td>${r.max}</td></tr>`,
    )
    .join('');
  return `<table><tr><th></th><th>mean</th><th>sd</th><th>min</th><th>5%</th><th>median</th><th>95%</th><th>max</th></tr>${body}</table>`;
}

export interface ReportMeta {
  title: string;
  command: string;
  facts: string[];
}

export function renderHtml(agg: Aggregate, cards: CardSet, meta: ReportMeta): string {
  const players = agg.players.length === 1 ? agg.players[0] : 0;
  const expected = players ? 1 / players : 0;
  const heists = heistRows(agg, cards)
    .filter((h) => h.offered > 0)
    .sort((a, b) => b.takeRate - a.takeRate);
  const heistTable = heists
    .map(
      (h) =>
        `<tr><td>${escapeHtml(h.name)}</td><td>${h.id}</td><td>${h.offered}</td><td>${h.taken}</td><td>${pct(h.takeRate)}</td><td>${h.engagedMean.toFixed(2)}</td><td>$${h.moneyPerMember.toFixed(2)}</td><td>${h.ipPerMember.toFixed(2)}</td></tr>`,
    )
    .join('');
  const sections = [
    `<h2>Win rate by turn order</h2>${winChart(positionRows(agg), expected)}${winTable(positionRows(agg))}`,
    `<h2>Win rate by Boss</h2>${winChart(bossRows(agg, cards), expected)}${winTable(bossRows(agg, cards))}`,
    `<h2>Win rate by bot</h2>${winChart(botRows(agg), expected)}${winTable(botRows(agg))}`,
    `<h2>How games ended</h2>${shareBar(endReasonRows(agg))}`,
    `<h2>Game length</h2>${histogramChart(agg.turns, 'turns per game')}${lengthTable(lengthRows(agg))}`,
    `<h2>Chapter lengths</h2>${(['I', 'II', 'III'] as const).map((ch, i) => `<h3>Chapter ${ch}</h3>${histogramChart(itemAt(agg.chapterTurns, i, 'chapter'), `turns in chapter ${ch}`)}`).join('')}`,
    `<h2>Scores</h2>${histogramChart(agg.scores, 'final IP (every player)')}${lengthTable(scoreRows(agg))}`,
    `<h2>Heists</h2><p>Sorted by how often they were taken when in the row. Rewards per member engaged count money and IP only.</p><table><tr><th>heist</th><th>id</th><th>showings</th><th>taken</th><th>take rate</th><th>members</th><th>$ / member</th><th>IP / member</th></tr>${heistTable}</table>`,
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(meta.title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}code{background:#f3f3f3;padding:1px 4px}
</style></head><body>
<h1>${escapeHtml(meta.title)}</h1>
<p><code>${escapeHtml(meta.command)}</code></p>
<ul>${meta.facts.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>
${sections.join('\n')}
</body></html>
`;
}
