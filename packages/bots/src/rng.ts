/**
 * The bots' seeded generator (mulberry32) and a string hash to derive per-decision seeds.
 * Bots never use the platform's unseeded generator: a bot's choice is a function of its seed and what it sees.
 */
import { itemAt } from '@gangsta/engine';

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** A 32-bit unsigned integer (to seed another generator). */
  uint(): number;
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const uint = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    uint,
    next: () => uint() / 4294967296,
    int: (n) => Math.floor((uint() / 4294967296) * n),
  };
}

/** FNV-1a, mixed into a seed: different situations get unrelated streams. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h >>> 0;
}

/** Combines two 32-bit numbers into one seed. */
export function mixSeeds(a: number, b: number): number {
  let h = Math.imul((a ^ 0x9e3779b9) >>> 0, 0x85ebca6b) >>> 0;
  h = (h ^ b ^ (h >>> 13)) >>> 0;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** Picks an index with probability proportional to its (non-negative) weight. */
export function weightedIndex(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  if (total <= 0) return rng.int(weights.length);
  let r = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= itemAt(weights, i, 'weight');
    if (r < 0) return i;
  }
  return weights.length - 1;
}
