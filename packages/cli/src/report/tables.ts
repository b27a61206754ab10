/**
 * The rows every report shares (text, Markdown, HTML), computed once from an aggregate:
 * win shares with intervals by position, Boss and bot; lengths; end reasons; heists.
 */
import type { CardSet } from '@gangsta/engine';
import { cardName, indexCards, rewardsText } from '../render/cards.ts';

/** "L M I S → 3 IP; each: $3" from the card data. */
export function heistSummary(cards: CardSet, id: string): string {
  const heist = indexCards(cards).heist(id);
  if (!heist) return '';
  const b = heist.coop ? `; each: ${rewardsText(heist.rewardB)}` : '';
  return `${heist.requirement.join(' ')} → ${rewardsText(heist.rewardA)}${b}`;
}

import type { Aggregate } from '../sim/aggregate.ts';
import {
  countOf,
  type Histogram,
  type Interval,
  maxOf,
  meanOf,
  minOf,
  quantileOf,
  sdOf,
  wilson,
} from '../sim/stats.ts';

export interface WinRow {
  label: string;
  games: number;
  interval: Interval;
}

/** "1st", "2nd", "3rd", "4th" … for a position counted from 1. */
export function ordinal(position: number): string {
  const teen = position % 100 >= 11 && position % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[position % 10] ?? 'th');
  return `${position}${suffix}`;
}

/** "Name (id)": how the reports name a Boss. */
export function bossLabel(cards: CardSet, id: string): string {
  return `${cardName(cards, id)} (${id})`;
}

export function positionRows(agg: Aggregate): WinRow[] {
  return agg.byPosition.map((p, i) => ({
    label: `${ordinal(i + 1)} player`,
    games: p.games,
    interval: wilson(p),
  }));
}

export function bossRows(agg: Aggregate, cards: CardSet): WinRow[] {
  return Object.entries(agg.byBoss)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, p]) => ({
      label: bossLabel(cards, id),
      games: p.games,
      interval: wilson(p),
    }));
}

export function botRows(agg: Aggregate): WinRow[] {
  return Object.entries(agg.byBot)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, p]) => ({ label, games: p.games, interval: wilson(p) }));
}

export interface LengthRow {
  label: string;
  mean: number;
  sd: number;
  min: number;
  p5: number;
  median: number;
  p95: number;
  max: number;
  n: number;
}

export function lengthRow(label: string, hist: Histogram): LengthRow {
  return {
    label,
    mean: meanOf(hist),
    sd: sdOf(hist),
    min: minOf(hist),
    p5: quantileOf(hist, 0.05),
    median: quantileOf(hist, 0.5),
    p95: quantileOf(hist, 0.95),
    max: maxOf(hist),
    n: countOf(hist),
  };
}

export function lengthRows(agg: Aggregate): LengthRow[] {
  return [
    lengthRow('whole game (turns)', agg.turns),
    lengthRow('chapter I (turns)', agg.chapterTurns[0]),
    lengthRow('chapter II (turns)', agg.chapterTurns[1]),
    lengthRow('chapter III (turns)', agg.chapterTurns[2]),
    lengthRow('moves per game', agg.moves),
  ];
}

export function scoreRows(agg: Aggregate): LengthRow[] {
  return [
    lengthRow('every player (IP)', agg.scores),
    lengthRow('winner (IP)', agg.winnerScores),
    lengthRow('winning margin (IP)', agg.margins),
  ];
}

export const END_REASON_LABELS: Record<string, string> = {
  gangSize: 'a gang reached 9 members',
  snitches: '3rd snitch of chapter III',
  safeguard: 'no-progress safeguard',
};

export function endReasonRows(agg: Aggregate): { label: string; count: number; share: number }[] {
  return Object.entries(END_REASON_LABELS).map(([reason, label]) => ({
    label,
    count: agg.endReasons[reason] ?? 0,
    share: (agg.endReasons[reason] ?? 0) / Math.max(1, agg.games),
  }));
}

export interface HeistRow {
  id: string;
  name: string;
  /** Requirement and rewards in short: "L M I S → 3 IP; each: $3". */
  card: string;
  offered: number;
  taken: number;
  /** Taken per appearance in the row. */
  takeRate: number;
  /** Taken per game. */
  perGame: number;
  engagedMean: number;
  moneyPerMember: number;
  ipPerMember: number;
  coopShare: number;
}

export function heistRows(agg: Aggregate, cards: CardSet): HeistRow[] {
  return Object.entries(agg.heists).map(([id, h]) => ({
    id,
    name: cardName(cards, id),
    card: heistSummary(cards, id),
    offered: h.offered,
    taken: h.taken,
    takeRate: h.offered > 0 ? h.taken / h.offered : 0,
    perGame: h.taken / Math.max(1, agg.games),
    engagedMean: h.taken > 0 ? h.engaged / h.taken : 0,
    moneyPerMember: h.engaged > 0 ? h.money / h.engaged : 0,
    ipPerMember: h.engaged > 0 ? h.ip / h.engaged : 0,
    coopShare: h.taken > 0 ? h.cooperative / h.taken : 0,
  }));
}

/** Mean of each score component per player. */
export function breakdownMeans(agg: Aggregate): Record<string, number> {
  const players = Object.values(agg.byPosition).reduce((n, p) => n + p.games, 0);
  return Object.fromEntries(
    Object.entries(agg.breakdownSums).map(([key, sum]) => [key, sum / Math.max(1, players)]),
  );
}
