/**
 * How late the event loop runs what is due (issue 36, "no stalls"): node:perf_hooks'
 * `monitorEventLoopDelay` samples the loop with a timer every `RESOLUTION_MS`, and the time a
 * sample waited beyond that is the delay a message, a timer or an acknowledgement due then
 * would have waited too. A sweep over all tables, a large frame parsed at once or a long
 * garbage collection shows here as a high max, steady overload as a high p99.
 *
 * The samples are kept per window of `WINDOW_MS`: when a window ends its p99 and max are kept
 * and the histogram starts again, so a stall is reported for one to two windows and then
 * forgotten, however often (or seldom) `/metrics` is read. What is read is the worse of the
 * last complete window and the one under way: the last 10 to 20 seconds.
 *
 * The event loop is the process's (every server a test starts in one process shares it), so
 * there is one monitor per process, started by the first server's metrics.
 */
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

/** The sampling timer's period (Node's default); a sample's delay is its wait beyond it. */
export const RESOLUTION_MS = 10;
/** How long the samples of one window are kept before the histogram starts again. */
export const WINDOW_MS = 10_000;

const NS_PER_MS = 1e6;

export interface DelayFigures {
  /** Milliseconds: 99% of the samples waited no longer than this beyond their due time. */
  p99Ms: number;
  /** Milliseconds: the longest wait of a sample. */
  maxMs: number;
}

/** A sample's time beyond the timer's period, in ms (the histogram holds whole periods). */
function delayMs(nanoseconds: number): number {
  return Math.max(0, nanoseconds / NS_PER_MS - RESOLUTION_MS);
}

export class EventLoopDelay {
  private readonly histogram: IntervalHistogram;
  private previous: DelayFigures = { p99Ms: 0, maxMs: 0 };
  private readonly timer: NodeJS.Timeout;

  constructor(windowMs = WINDOW_MS) {
    this.histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    this.histogram.enable();
    this.timer = setInterval(() => this.endWindow(), windowMs);
    // Measuring never keeps the process alive.
    this.timer.unref();
  }

  /** The window under way, alone. */
  private current(): DelayFigures {
    if (this.histogram.count === 0) return { p99Ms: 0, maxMs: 0 };
    return {
      p99Ms: delayMs(this.histogram.percentile(99)),
      maxMs: delayMs(this.histogram.max),
    };
  }

  /** Keeps the ending window's figures and starts the next one. */
  endWindow(): void {
    this.previous = this.current();
    this.histogram.reset();
  }

  /** The worse of the last complete window and the current one. */
  figures(): DelayFigures {
    const now = this.current();
    return {
      p99Ms: Math.max(this.previous.p99Ms, now.p99Ms),
      maxMs: Math.max(this.previous.maxMs, now.maxMs),
    };
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}

let shared: EventLoopDelay | null = null;

/** The process's monitor, started on first use. */
export function processEventLoopDelay(): EventLoopDelay {
  shared ??= new EventLoopDelay();
  return shared;
}
