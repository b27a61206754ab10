/**
 * Small statistics for the reports: win shares with Wilson 95% intervals, and histograms
 * (value → count) that merge across workers and give means and quantiles.
 */
import { itemAt } from '@gangsta/engine';

export interface Proportion {
  /** Wins, counting a shared victory as 1/k to each of the k winners. */
  wins: number;
  games: number;
}

export interface Interval {
  rate: number;
  low: number;
  high: number;
}

/** Wilson score interval at 95% (z = 1.96): well behaved near 0 and 1 and for small n. */
export function wilson({ wins, games }: Proportion, z = 1.96): Interval {
  if (games === 0) return { rate: 0, low: 0, high: 0 };
  const p = wins / games;
  const z2 = z * z;
  const centre = (p + z2 / (2 * games)) / (1 + z2 / games);
  const half = (z / (1 + z2 / games)) * Math.sqrt((p * (1 - p)) / games + z2 / (4 * games * games));
  return { rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** A histogram of whole numbers, stored as { value: count } so it serializes as JSON. */
export type Histogram = Record<string, number>;

export function addTo(hist: Histogram, value: number, count = 1): void {
  const key = String(value);
  hist[key] = (hist[key] ?? 0) + count;
}

export function mergeInto(target: Histogram, source: Histogram): void {
  for (const [key, count] of Object.entries(source)) target[key] = (target[key] ?? 0) + count;
}

function sorted(hist: Histogram): [number, number][] {
  return Object.entries(hist)
    .map(([k, v]): [number, number] => [Number(k), v])
    .sort((a, b) => a[0] - b[0]);
}

export function countOf(hist: Histogram): number {
  return Object.values(hist).reduce((a, b) => a + b, 0);
}

export function meanOf(hist: Histogram): number {
  const n = countOf(hist);
  if (n === 0) return 0;
  return sorted(hist).reduce((sum, [value, count]) => sum + value * count, 0) / n;
}

export function sdOf(hist: Histogram): number {
  const n = countOf(hist);
  if (n < 2) return 0;
  const mean = meanOf(hist);
  const squares = sorted(hist).reduce((sum, [v, c]) => sum + c * (v - mean) ** 2, 0);
  return Math.sqrt(squares / (n - 1));
}

/** The q-quantile (0..1), lower value at ties. */
export function quantileOf(hist: Histogram, q: number): number {
  const entries = sorted(hist);
  const n = countOf(hist);
  if (n === 0) return 0;
  const target = Math.max(1, Math.ceil(q * n));
  let seen = 0;
  for (const [value, count] of entries) {
    seen += count;
    if (seen >= target) return value;
  }
  // Unreachable: the counts add up to n ≥ target. The largest value is the honest answer.
  return maxOf(hist);
}

export function minOf(hist: Histogram): number {
  return sorted(hist)[0]?.[0] ?? 0;
}

export function maxOf(hist: Histogram): number {
  const entries = sorted(hist);
  return entries[entries.length - 1]?.[0] ?? 0;
}

/** The values and counts in order, for charts. */
export function entriesOf(hist: Histogram): [number, number][] {
  return sorted(hist);
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const upper = itemAt(s, mid, 'value');
  return s.length % 2 ? upper : (itemAt(s, mid - 1, 'value') + upper) / 2;
}

export const pct = (x: number, digits = 1): string => `${(100 * x).toFixed(digits)}%`;

/** "27.0% [18.6–37.2]" */
export function intervalText(i: Interval): string {
  return `${pct(i.rate)} [${(100 * i.low).toFixed(1)}–${(100 * i.high).toFixed(1)}]`;
}
