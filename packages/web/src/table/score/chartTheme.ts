/**
 * What the app's line charts (the score screen's, a profile's rating history) share: axes in
 * the dark theme and no animation for a player who asked the system for less motion.
 */
import { prefersReducedMotion } from '../motion/reducedMotion.ts';

/** Axis text and grid lines in the app's dark theme (styles.css --muted and --line). */
export const CHART_INK = '#c3bfb5';
export const CHART_GRID = '#4a4f5c';

/** Chart.js's `animation` option. */
export function chartAnimation(): false | { duration: number } {
  return prefersReducedMotion() ? false : { duration: 400 };
}

/** A titled axis in the theme's colours, with the ticks' other settings. */
export function themedAxis(
  title: string,
  ticks: { autoSkip?: boolean; maxRotation?: number; precision?: number } = {},
) {
  return {
    title: { display: true, text: title, color: CHART_INK },
    ticks: { color: CHART_INK, ...ticks },
    grid: { color: CHART_GRID },
  };
}
