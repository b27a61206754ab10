/** Whether the player asked the system for less motion (then nothing on the table animates). */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Finishes the table's running animations at once (a click skips them). Endless ones (the
 * "thinking" spinner) cannot be finished and are left alone.
 */
export function finishAnimations(root: Element): void {
  for (const animation of root.getAnimations?.({ subtree: true }) ?? []) {
    if (animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY) continue;
    animation.finish();
  }
}
