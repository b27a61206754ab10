/**
 * HEAP_GROWTH_PERCENT: how far the server lets V8's heap grow past its live data before a full
 * collection. The memory it saves is measured by the load script (docs/scaling.md, "The heap's
 * growth"), not here: these tests check the setting's reading and that a bad value stops the
 * process at start with its name.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_HEAP_GROWTH_PERCENT, heapGrowthPercentFromEnv } from '../src/config.ts';
import { spawnServer, stopAllServers } from './support/spawnServer.ts';

afterAll(stopAllServers);

describe('HEAP_GROWTH_PERCENT', () => {
  it('defaults to 50, takes 0 for V8’s own choice and 10 to 400, and refuses anything else by name', () => {
    expect(heapGrowthPercentFromEnv({})).toBe(DEFAULT_HEAP_GROWTH_PERCENT);
    expect(DEFAULT_HEAP_GROWTH_PERCENT).toBe(50);
    expect(heapGrowthPercentFromEnv({ HEAP_GROWTH_PERCENT: '0' })).toBe(0);
    expect(heapGrowthPercentFromEnv({ HEAP_GROWTH_PERCENT: '10' })).toBe(10);
    expect(heapGrowthPercentFromEnv({ HEAP_GROWTH_PERCENT: '400' })).toBe(400);
    expect(() => heapGrowthPercentFromEnv({ HEAP_GROWTH_PERCENT: '5' })).toThrow(
      /HEAP_GROWTH_PERCENT .*"5"/,
    );
    expect(() => heapGrowthPercentFromEnv({ HEAP_GROWTH_PERCENT: '401' })).toThrow(
      /HEAP_GROWTH_PERCENT .*"401"/,
    );
    expect(() => heapGrowthPercentFromEnv({ HEAP_GROWTH_PERCENT: 'half' })).toThrow(
      /HEAP_GROWTH_PERCENT .*"half"/,
    );
  });

  it('a server process starts with a valid value and refuses to start with a bad one, naming it', async () => {
    const server = await spawnServer({ env: { HEAP_GROWTH_PERCENT: '25' } });
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    await server.stop();
    await expect(spawnServer({ env: { HEAP_GROWTH_PERCENT: '-3' } })).rejects.toThrow(
      /exited \(code 1\).*[\s\S]*HEAP_GROWTH_PERCENT/,
    );
  });
});
