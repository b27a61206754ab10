/** Sizes and rates both sides agree on. The server enforces them; the client respects them. */
/**
 * 2: live `update`s carry a JSON Patch of the recipient's frame instead of the whole frame
 * (`frameDelta.ts`). A client of version 1 is refused with PROTOCOL_VERSION; the web client
 * then stops connecting until its page is loaded again (with the new version).
 */
export const PROTOCOL_VERSION = 2;

/**
 * What a server of PROTOCOL_VERSION offers beyond its first release, in its `welcome`: a
 * client may use a feature once the server's minor is at least the feature's. A client still
 * says `hello` with PROTOCOL_VERSION alone: a minor adds, it never changes.
 * 1: `watch` with `patches: false` (live updates carry the whole frame, no JSON Patch).
 */
export const PROTOCOL_MINOR = 1;

export const LIMITS = {
  /** Largest WebSocket frame the server reads; larger ones are refused with TOO_LARGE. */
  maxFrameBytes: 64 * 1024,
  /** Largest HTTP JSON body (a custom card set fits well within it). */
  maxBodyBytes: 256 * 1024,
  /** Display names: trimmed, 1–24 code points (`names.ts`). */
  nameMin: 1,
  nameMax: 24,
  /** Chat: 1–300 characters, at most `chatBurst` messages then one per `chatEveryMs`. */
  chatMax: 300,
  chatBurst: 5,
  chatEveryMs: 2000,
  /** Chat lines kept per table and sent on (re)connection. */
  chatHistory: 100,
  /** Messages per connection: a burst, then a steady rate per second. */
  messagesBurst: 60,
  messagesPerSecond: 20,
  /** A client resends an unacknowledged move after this long without an answer. */
  resendAfterMs: 2500,
  /** Table name: up to 40 code points. */
  tableNameMax: 40,
} as const;

/** Bot strengths a table can seat; the names match the web client's local seat kinds. */
export const BOT_LEVELS = ['easy', 'medium', 'hard'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
