/**
 * The engine's only source of randomness: a 32-bit generator (mulberry32) whose whole state is
 * one integer kept in the game state, so clones, saves and replays draw the same cards.
 */
import type { GameState } from './types.ts';

/** Normalises any number into a valid generator state. */
export function seedState(seed: number): number {
  return (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
}

/** A float in [0, 1), advancing `holder.rng`. */
export function nextRandom(holder: { rng: number }): number {
  holder.rng = (holder.rng + 0x6d2b79f5) >>> 0;
  let t = holder.rng;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** An integer in [0, n). */
export function randomInt(holder: { rng: number }, n: number): number {
  return Math.floor(nextRandom(holder) * n);
}

/** Shuffles `items` in place (Fisher–Yates) and returns it. */
export function shuffle<T>(holder: Pick<GameState, 'rng'> | { rng: number }, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(holder, i + 1);
    // 0 <= j <= i < items.length: both slots exist.
    const swap = items[i] as T;
    items[i] = items[j] as T;
    items[j] = swap;
  }
  return items;
}
