/**
 * Milliseconds from `performance.now()`, which both Node and browser Web Workers provide.
 * Looked up on globalThis because the bots compile without DOM or Node typings.
 */
const perf = (globalThis as unknown as { performance: { now(): number } }).performance;

export function now(): number {
  return perf.now();
}
