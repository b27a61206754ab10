/** How long the client waits before trying again: reconnections and refused messages. */

export const BACKOFF_MIN_MS = 500;
export const BACKOFF_MAX_MS = 10_000;

/**
 * The wait before reconnection attempt `attempt` (0 first): half of the doubled delay is
 * fixed and half is random, so clients dropped together do not all come back at once.
 */
export function backoffDelay(attempt: number, random: () => number): number {
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * The wait before sending again something refused with UNAVAILABLE for the `refusals`-th time
 * in a row (0 first): at least the server's `retryMs`, and the reconnection backoff's doubling
 * (with its jitter) beyond it, so a long outage is asked about less and less often.
 */
export function storeRetryDelay(retryMs: number, refusals: number, random: () => number): number {
  return Math.max(retryMs, backoffDelay(refusals, random));
}

/** The `retryMs` of a refusal, at least 50 ms; `fallback` when it has none. */
export function askedRetryMs(params: Record<string, unknown>, fallback: number): number {
  return Math.max(50, Number(params.retryMs) || fallback);
}
