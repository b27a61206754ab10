import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Files that need a fresh module graph of their own (see `isolate` below). */
const ISOLATED = [
  // The browser client's tests: each renders into its own jsdom document.
  'packages/web/test/**/*.test.{ts,tsx}',
  // Replaces `fastify` with vi.mock, which only works where the server is imported afresh.
  'packages/server/test/api-docs.test.ts',
];

export default defineConfig({
  test: {
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
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/test/**/*.test.ts'],
          exclude: ISOLATED,
          // A worker keeps its modules from one test file to the next instead of loading
          // Fastify, zod, pino and the sources again for each: the server's files took about
          // 2 s each to import. They keep no state in modules that another file could trip on
          // (servers, folders and databases are each file's own, stopped in its afterAll).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED },
      },
    ],
  },
});
