/**
 * The game clock as pure functions of the time. Between two consecutive events (a move, an
 * undo, a seat taken over or taken back) every seat that must decide and is played by its
 * person is charged the time that passed. Real-time adds the increment to a person's bank
 * after their move; turn-based gives a seat its full time whenever it starts a new decision.
 * A bot's seat and a seat a bot plays for its player are never charged.
 */
import { itemAt, type Seat } from '@gangsta/engine';
import type { ClockInfo, ClockSetting } from '@gangsta/protocol';
import type { ClockState } from '../../store/types.ts';

/**
 * A real-time player who takes their seat back gets at least this much (or their whole bank
 * when it is smaller): enough to find their bearings, so that they do not run out of time
 * again at once, and not so much that timing out pays.
 */
export const RESUME_MIN_MS = 60_000;

/** What a seat starts a game or a decision with; 0 without a clock. */
export function fullTimeOf(setting: ClockSetting): number {
  if (setting.kind === 'realtime') return setting.bankMs;
  if (setting.kind === 'turn') return setting.perMoveMs;
  return 0;
}

/** The clock at the start of a game; null for a friendly table. */
export function startClock(
  setting: ClockSetting,
  seats: number,
  charged: readonly Seat[],
  now: number,
): ClockState | null {
  if (setting.kind === 'none') return null;
  return {
    at: now,
    remainingMs: Array.from({ length: seats }, () => fullTimeOf(setting)),
    charged: [...charged],
  };
}

/** The remaining times at `now`: the charged seats lose the time since `at` (never below 0). */
export function elapse(state: ClockState, now: number): ClockState {
  const spent = Math.max(0, now - state.at);
  const charged = new Set(state.charged);
  return {
    at: Math.max(now, state.at),
    remainingMs: state.remainingMs.map((ms, seat) =>
      charged.has(seat) ? Math.max(0, ms - spent) : ms,
    ),
    charged: [...state.charged],
  };
}

export interface ClockEvent {
  now: number;
  /** The seat that moved or took a move back. */
  mover: Seat;
  /** A person's move (not a bot's, not an undo): real-time credits the increment. */
  credit: boolean;
  /** Seats that had to decide before the event, and after it. */
  decidingBefore: readonly Seat[];
  decidingAfter: readonly Seat[];
  /** Seats their person plays now (not a bot seat, not taken over). */
  people: readonly Seat[];
  over: boolean;
}

/** The clock after a move or an undo. */
export function afterMove(setting: ClockSetting, state: ClockState, event: ClockEvent): ClockState {
  const next = elapse(state, event.now);
  if (setting.kind === 'realtime' && event.credit) {
    next.remainingMs[event.mover] = remainingOf(next, event.mover) + setting.incrementMs;
  }
  next.charged = event.over ? [] : chargedSeats(event.decidingAfter, event.people);
  if (setting.kind === 'turn') {
    const before = new Set(event.decidingBefore);
    for (const seat of next.charged) {
      // The mover decides anew; a seat still deciding the same thing keeps its time.
      if (seat === event.mover || !before.has(seat)) next.remainingMs[seat] = setting.perMoveMs;
    }
  }
  return next;
}

/**
 * The clock after seats were taken over or given back (no move): the time so far is charged,
 * then the seats whose time runs are chosen again. A player who takes their seat back gets a
 * turn-based decision's full time, or at least `RESUME_MIN_MS` of real time.
 */
export function afterSeatChange(
  setting: ClockSetting,
  state: ClockState,
  now: number,
  deciding: readonly Seat[],
  people: readonly Seat[],
  resumed: Seat | null,
): ClockState {
  const next = elapse(state, now);
  next.charged = chargedSeats(deciding, people);
  if (resumed !== null && setting.kind === 'realtime') {
    const floor = Math.min(setting.bankMs, RESUME_MIN_MS);
    next.remainingMs[resumed] = Math.max(remainingOf(next, resumed), floor);
  }
  if (resumed !== null && setting.kind === 'turn' && next.charged.includes(resumed)) {
    next.remainingMs[resumed] = setting.perMoveMs;
  }
  return next;
}

/** A seat's time left; the clock holds one entry per seat of its table. */
function remainingOf(state: ClockState, seat: Seat): number {
  return itemAt(state.remainingMs, seat, 'seat on the clock');
}

function chargedSeats(deciding: readonly Seat[], people: readonly Seat[]): Seat[] {
  const played = new Set(people);
  return deciding.filter((seat) => played.has(seat)).sort((a, b) => a - b);
}

/** When the first charged seat runs out of time (null: nobody's time runs). */
export function nextDeadline(state: ClockState): number | null {
  let first: number | null = null;
  for (const seat of state.charged) {
    const at = state.at + Math.max(0, remainingOf(state, seat));
    if (first === null || at < first) first = at;
  }
  return first;
}

/** The charged seats whose time is up at `now`. */
export function expiredSeats(state: ClockState, now: number): Seat[] {
  return state.charged.filter((seat) => state.at + remainingOf(state, seat) <= now);
}

/** The clock as watchers see it at `now`. */
export function clockInfoOf(
  setting: ClockSetting,
  state: ClockState | null,
  seats: number,
  now: number,
): ClockInfo {
  if (setting.kind === 'none') return { setting, remainingMs: [], running: [] };
  if (state === null) {
    return {
      setting,
      remainingMs: Array.from({ length: seats }, () => fullTimeOf(setting)),
      running: [],
    };
  }
  const current = elapse(state, now);
  return {
    setting,
    remainingMs: current.remainingMs.map((ms) => Math.max(0, Math.round(ms))),
    running: current.charged,
  };
}
