/** Markdown pieces for docs/balance.md: tables of win shares, lengths and heists. */
import { type CardSet, SCORE_SOURCES } from '@gangsta/engine';
import type { Aggregate } from '../sim/aggregate.ts';
import { type Interval, pct } from '../sim/stats.ts';
import {
  bossRows,
  breakdownMeans,
  endReasonRows,
  type HeistRow,
  heistRows,
  type LengthRow,
  lengthRows,
  positionRows,
  scoreRows,
  type WinRow,
} from './tables.ts';

/** "27.0% (25.9–28.1)", in bold when the interval excludes the even share. */
export function shareCell(i: Interval, expected: number): string {
  const text = `${pct(i.rate)} (${(100 * i.low).toFixed(1)}–${(100 * i.high).toFixed(1)})`;
  return i.high < expected || i.low > expected ? `**${text}**` : text;
}

export function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

export function winTableMd(rows: WinRow[], expected: number, what: string): string {
  return table(
    [what, 'win rate (95% CI)', 'seats played'],
    rows.map((r) => [r.label, shareCell(r.interval, expected), r.games]),
  );
}

export function lengthTableMd(rows: LengthRow[]): string {
  return table(
    ['', 'mean', 'sd', 'min', '5%', 'median', '95%', 'max'],
    rows.map((r) => [
      r.label,
      r.mean.toFixed(1),
      r.sd.toFixed(1),
      r.min,
      r.p5,
      r.median,
      r.p95,
      r.max,
    ]),
  );
}

function heistTable(rows: HeistRow[]): string {
  return table(
    [
      'heist',
      'id',
      'needs → rewards',
      'in row',
      'taken',
      'take rate',
      'members engaged',
      '$ per member',
      'IP per member',
    ],
    rows.map((h) => [
      h.name,
      h.id,
      h.card,
      h.offered,
      h.taken,
      pct(h.takeRate),
      h.engagedMean.toFixed(2),
      h.moneyPerMember.toFixed(2),
      h.ipPerMember.toFixed(2),
    ]),
  );
}

/** The sections for one player count. */
export function playerCountSection(
  agg: Aggregate,
  cards: CardSet,
  players: number,
  top = 8,
): string {
  const expected = 1 / players;
  const heists = heistRows(agg, cards)
    .filter((h) => h.offered >= 20)
    .sort((a, b) => b.takeRate - a.takeRate);
  const means = breakdownMeans(agg);
  const parts = [
    `### Win rate by turn order\n\n${winTableMd(positionRows(agg), expected, 'seat (turn order)')}`,
    `### Win rate by Boss\n\n${winTableMd(bossRows(agg, cards), expected, 'Boss')}`,
    `### Length\n\n${lengthTableMd(lengthRows(agg))}`,
    `### How the game ended\n\n${table(
      ['end', 'games', 'share'],
      endReasonRows(agg).map((r) => [r.label, r.count, pct(r.share)]),
    )}`,
    `### Scores\n\n${lengthTableMd(scoreRows(agg))}\n\nMean IP per player by source: ${SCORE_SOURCES.map(
      (k) => `${k} ${(means[k] ?? 0).toFixed(2)}`,
    ).join(
      ', ',
    )}; total ${(means.total ?? 0).toFixed(2)}. Shared victories: ${agg.sharedVictories} (${pct(agg.sharedVictories / Math.max(1, agg.games))}).`,
    `### Heists most often taken (per appearance in the row)\n\n${heistTable(heists.slice(0, top))}`,
    `### Heists least often taken\n\n${heistTable(heists.slice(-top).reverse())}`,
  ];
  return parts.join('\n\n');
}

export function allHeistsTable(rows: HeistRow[]): string {
  return heistTable(rows);
}
