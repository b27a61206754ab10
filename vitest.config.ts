import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'packages/*/test/**/*.test.tsx'],
    // Builds the bundles of the server and of the gangsta command, which tests start as processes.
    globalSetup: ['scripts/vitest-global-setup.mjs'],
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine,
    // which ran the whole suite one file at a time. Most server files spend their time waiting
    // on the processes they start, so two files side by side finish in about half the time.
    // Files share nothing but the machine: each server has its own port, data folder,
    // PostgreSQL database and Redis prefix (test/support/spawnServer.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 120_000,
    // Server tests start real servers in their hooks; on a busy 2-core machine that can take
    // longer than Vitest's default 10 s, which says nothing about the code under test.
    hookTimeout: 120_000,
  },
});
