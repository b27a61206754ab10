/**
 * What `/ready` answers (issue 18, `src/ops/health.ts`): 503 when this process cannot serve
 * (shutting down, not started, its own SQLite store unreachable), 200 with the service named
 * as degraded when a shared one is down (PostgreSQL, Redis), so that a balancer never drains
 * a whole cluster for an outage every process shares. And the cluster bus's reconnection
 * pace: within half a second of Redis answering again.
 */
import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from '../src/cluster/bus.ts';
import { judgeReadiness, type ReadinessSources } from '../src/ops/health.ts';

function sources(overrides: Partial<ReadinessSources>): ReadinessSources {
  return {
    process: () => null,
    store: () => null,
    storeShared: true,
    redis: () => null,
    ...overrides,
  };
}

describe('readiness', () => {
  it('is ready with nothing degraded when all is well', async () => {
    expect(await judgeReadiness(sources({}))).toEqual({ ready: true, degraded: [] });
  });

  it('is not ready when the process itself cannot serve, whatever the services say', async () => {
    const answer = await judgeReadiness(
      sources({ process: () => 'shutting down', redis: () => 'Redis cannot be reached' }),
    );
    expect(answer).toEqual({ ready: false, reason: 'shutting down' });
  });

  it('is not ready when its own store (SQLite) cannot be reached', async () => {
    const answer = await judgeReadiness(
      sources({ storeShared: false, store: async () => 'the database cannot be reached' }),
    );
    expect(answer).toEqual({ ready: false, reason: 'the database cannot be reached' });
  });

  it('stays ready and names the shared services that are down', async () => {
    const answer = await judgeReadiness(
      sources({
        store: async () => 'the database cannot be reached',
        redis: () => 'Redis cannot be reached',
      }),
    );
    expect(answer).toEqual({
      ready: true,
      degraded: [
        { service: 'database', reason: 'the database cannot be reached' },
        { service: 'redis', reason: 'Redis cannot be reached' },
      ],
    });
  });
});

describe("the cluster bus's reconnection", () => {
  it('tries again quickly, never waiting more than half a second', () => {
    const delays = Array.from({ length: 20 }, (_, i) => reconnectDelayMs(i + 1));
    expect(delays.slice(0, 5)).toEqual([100, 200, 300, 400, 500]);
    expect(Math.max(...delays)).toBe(500);
  });
});
