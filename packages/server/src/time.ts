/**
 * The server's sense of time: the moment now and timers. Everything that depends on time (the
 * game clocks' deadlines, absence, expiry, notices) asks a `TimeSource`, so that tests can move
 * time forward by hand instead of sleeping. ("TimeSource" is the game's clock only: `tables/game/clock.ts`.)
 */

export interface TimeSource {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `fn` once at (or soon after) `atMs`; returns a function that cancels it. */
  setTimer(atMs: number, fn: () => void): () => void;
}

/**
 * `setTimeout` waits at most about 24.8 days; a turn-based deadline can be further away, so a
 * long wait is cut into steps.
 */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Real timers, waiting until `now()` reaches the deadline (`now` may be shifted in tests). */
export function realTime(now: () => number = Date.now): TimeSource {
  return {
    now,
    setTimer: (atMs, fn) => realTimer(now, atMs, fn),
  };
}

export const systemTime: TimeSource = realTime();

function realTimer(now: () => number, atMs: number, fn: () => void): () => void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const wait = atMs - now();
    if (wait > MAX_TIMEOUT_MS) {
      timer = setTimeout(arm, MAX_TIMEOUT_MS);
    } else {
      timer = setTimeout(fn, Math.max(0, wait));
    }
    // A pending deadline must not keep a stopping process alive.
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

interface ManualTimer {
  at: number;
  order: number;
  fn: () => void;
}

/** Time for tests: time stands still until `advance` or `set` moves it, firing due timers. */
export class ManualTime implements TimeSource {
  private timers = new Set<ManualTimer>();
  private order = 0;

  constructor(private time = Date.UTC(2026, 10, 1, 12)) {}

  now(): number {
    return this.time;
  }

  setTimer(atMs: number, fn: () => void): () => void {
    const timer: ManualTimer = { at: atMs, order: this.order++, fn };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  /** Moves time forward by `ms`, firing due timers in time order (also those they set). */
  advance(ms: number): void {
    this.set(this.time + ms);
  }

  set(target: number): void {
    for (;;) {
      const due = [...this.timers]
        .filter((t) => t.at <= target)
        .sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!due) break;
      this.timers.delete(due);
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.time = Math.max(this.time, target);
  }

  /** Timers waiting to fire (for tests). */
  get pending(): number {
    return this.timers.size;
  }
}
