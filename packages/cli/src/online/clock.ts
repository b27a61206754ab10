/**
 * The clocks at an online table in the terminal. The server sends each seat's remaining time
 * as of its sending, with the seats whose time runs (`ClockInfo`, packages/protocol/src/clock.ts);
 * the terminal counts the running ones down from the moment the table frame arrived.
 */
import type { Seat } from '@gangsta/engine';
import type { ClockInfo } from '@gangsta/protocol';
import type { Palette } from '../render/color.ts';

/** The player is warned once per decision when their clock has this much left, or less. */
export const WARN_BELOW_MS = 30_000;

export interface SeatClock {
  seat: Seat;
  /** Time left now (never below 0). */
  ms: number;
  running: boolean;
}

export interface ClockReading {
  /** The player's own clock; null for a spectator. */
  mine: SeatClock | null;
  /** The clocks of the seats that must decide now, other than the player's. */
  toMove: SeatClock[];
}

/**
 * The clocks `elapsedMs` after the table frame that carried `clock`: null when the table has
 * none (a friendly table).
 */
export function readClock(
  clock: ClockInfo | undefined,
  elapsedMs: number,
  mine: Seat | null,
  deciding: readonly Seat[],
): ClockReading | null {
  if (!clock || clock.setting.kind === 'none' || clock.remainingMs.length === 0) return null;
  const at = (seat: Seat): SeatClock => {
    const running = clock.running.includes(seat);
    const left = (clock.remainingMs[seat] ?? 0) - (running ? elapsedMs : 0);
    return { seat, ms: Math.max(0, left), running };
  };
  const movers = new Set([...deciding, ...clock.running]);
  return {
    mine: mine === null ? null : at(mine),
    toMove: [...movers].filter((seat) => seat !== mine).map(at),
  };
}

/** "4:05", "1:02:09", "2 d 03 h": what is left, to the second under a day. */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days} d ${two(hours)} h`;
  if (hours > 0) return `${hours}:${two(minutes)}:${two(rest)}`;
  return `${minutes}:${two(rest)}`;
}

/** "Clocks: you 4:05 (running) · to move: Seat 2 (easy bot) 3:10". */
export function clockLine(reading: ClockReading, names: readonly string[], c: Palette): string {
  const show = (clock: SeatClock) => {
    const text = formatClock(clock.ms);
    const low = clock.ms <= WARN_BELOW_MS ? c.red(text) : text;
    return clock.running ? `${low} (running)` : low;
  };
  const parts: string[] = [];
  if (reading.mine) parts.push(`you ${show(reading.mine)}`);
  if (reading.toMove.length > 0) {
    const movers = reading.toMove.map(
      (clock) => `${names[clock.seat] ?? `Seat ${clock.seat + 1}`} ${show(clock)}`,
    );
    parts.push(`to move: ${movers.join(', ')}`);
  }
  return `Clocks: ${parts.join(' · ')}`;
}
