/**
 * The event-loop delay on `/metrics` (issue 36): a stall of the loop shows as the max (and
 * in the p99 when it is most of the samples), it is reported for the window it happened in and
 * the next, then forgotten; the gauges are named and explained for Prometheus.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EventLoopDelay } from '../src/ops/eventLoopDelay.ts';
import { createMetrics } from '../src/ops/metrics.ts';

const HOUR_MS = 3_600_000;
const monitors: EventLoopDelay[] = [];

afterEach(() => {
  for (const monitor of monitors.splice(0)) monitor.stop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps the loop busy (a stall), then lets the monitor's timer run a few times. Before it, the
 * monitor's timer runs a few times too: its first tick only starts its count.
 */
async function stall(ms: number): Promise<void> {
  await pause(50);
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy: nothing else runs.
  }
  await pause(40);
}

describe('the event-loop delay', () => {
  it('reports a stall for its window and the next, then forgets it', async () => {
    // Windows ended by the test, not by the clock.
    const monitor = new EventLoopDelay(HOUR_MS);
    monitors.push(monitor);
    await stall(80);
    const during = monitor.figures();
    // A sample due during the stall waited at least the stall less one period (10 ms).
    expect(during.maxMs).toBeGreaterThanOrEqual(60);
    expect(during.p99Ms).toBeLessThanOrEqual(during.maxMs);
    monitor.endWindow();
    expect(monitor.figures().maxMs).toBe(during.maxMs);
    monitor.endWindow();
    // No sample since: the window with the stall is gone.
    expect(monitor.figures()).toEqual({ p99Ms: 0, maxMs: 0 });
  });

  it('is on /metrics as two gauges in seconds, with their help', async () => {
    const metrics = createMetrics({
      liveGames: () => 0,
      connections: () => 0,
      tablesRun: () => 0,
      tablesLoaded: () => 0,
      framesEncoded: () => 0,
      chatBuckets: () => 0,
    });
    await stall(60);
    const text = await metrics.registry.metrics();
    for (const name of ['p99', 'max']) {
      const metric = `gangsta_event_loop_delay_${name}_seconds`;
      expect(text).toMatch(new RegExp(`^# HELP ${metric} Event-loop delay ${name}: .+`, 'm'));
      expect(text).toMatch(new RegExp(`^# TYPE ${metric} gauge$`, 'm'));
      const value = Number(new RegExp(`^${metric} (\\S+)$`, 'm').exec(text)?.[1]);
      expect(value).toBeGreaterThanOrEqual(0);
    }
    const max = Number(/^gangsta_event_loop_delay_max_seconds (\S+)$/m.exec(text)?.[1]);
    // In seconds, not milliseconds: the 60 ms stall is about 0.05.
    expect(max).toBeGreaterThanOrEqual(0.04);
    expect(max).toBeLessThan(60);
  });
});
