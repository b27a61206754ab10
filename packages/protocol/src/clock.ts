/**
 * Time controls. A table is friendly (no clock), real-time (a bank per player plus extra
 * seconds per move) or turn-based (a fixed time per decision, for games played over days).
 * The server owns the clock; it sends each seat's remaining time as of the moment it sends,
 * and clients count down from the moment they receive it, so their own clock's offset from
 * the server's never matters.
 */
import { z } from 'zod';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Bounds: short enough to be a game, long enough that the network is not the opponent. */
export const CLOCK_BOUNDS = {
  bankMinMs: 30 * SECOND,
  bankMaxMs: 3 * HOUR,
  incrementMaxMs: 5 * MINUTE,
  perMoveMinMs: 1 * MINUTE,
  perMoveMaxMs: 14 * DAY,
} as const;

export const clockSettingSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({
    kind: z.literal('realtime'),
    /** Each player's time for the whole game. */
    bankMs: z.number().int().min(CLOCK_BOUNDS.bankMinMs).max(CLOCK_BOUNDS.bankMaxMs),
    /** Added to a player's bank after each of their moves. */
    incrementMs: z.number().int().min(0).max(CLOCK_BOUNDS.incrementMaxMs),
  }),
  z.strictObject({
    kind: z.literal('turn'),
    /** The time for each decision; it starts afresh with every new decision. */
    perMoveMs: z.number().int().min(CLOCK_BOUNDS.perMoveMinMs).max(CLOCK_BOUNDS.perMoveMaxMs),
  }),
]);
export type ClockSetting = z.infer<typeof clockSettingSchema>;

export const NO_CLOCK: ClockSetting = { kind: 'none' };

/** The time controls a host picks from (real-time like the online edition's speeds). */
export const CLOCK_PRESETS = {
  fast: { kind: 'realtime', bankMs: 5 * MINUTE, incrementMs: 5 * SECOND },
  normal: { kind: 'realtime', bankMs: 10 * MINUTE, incrementMs: 10 * SECOND },
  slow: { kind: 'realtime', bankMs: 20 * MINUTE, incrementMs: 20 * SECOND },
  day: { kind: 'turn', perMoveMs: 1 * DAY },
  threeDays: { kind: 'turn', perMoveMs: 3 * DAY },
} as const satisfies Record<string, ClockSetting>;
export type ClockPreset = keyof typeof CLOCK_PRESETS;

/** The clock as a table's watchers see it. */
export const clockInfoSchema = z.object({
  setting: clockSettingSchema,
  /**
   * Each seat's remaining time in ms as of the server's moment of sending (empty without a
   * clock). A client counts down the running seats from the moment it receives this.
   */
  remainingMs: z.array(z.number().int()),
  /** The seats whose time runs now. */
  running: z.array(z.number().int().min(0).max(3)),
});
export type ClockInfo = z.infer<typeof clockInfoSchema>;

/** What a system notice in the chat says; clients translate it by key. */
export const NOTICE_KEYS = ['timeout', 'absent', 'left', 'back'] as const;
export type NoticeKey = (typeof NOTICE_KEYS)[number];

export const noticeSchema = z.object({
  key: z.enum(NOTICE_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type Notice = z.infer<typeof noticeSchema>;
