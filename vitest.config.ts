import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One project per package, named after it, so that a package's own `npm test` runs only its
 * files: `vitest run --project engine` (what `npm test -w packages/engine` runs).
 *
 * A project's `globalSetup` runs only when at least one of its files is selected, so the
 * esbuild bundles of the server and of the `gangsta` command, which tests start as processes,
 * are built only by the projects whose tests start them (scripts/vitest-setup-*.mjs).
 */
function project(
  name: string,
  include: string[],
  options: {
    isolate?: boolean;
    globalSetup?: string[];
    setupFiles?: string[];
    exclude?: string[];
  } = {},
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include,
      exclude: options.exclude ?? [],
      // Most packages' files share their worker's modules from one file to the next instead
      // of loading Fastify, zod, pino and the sources again for each: the server's files took
      // about 2 s each to import. They keep no state in modules that another file could trip
      // on (servers, folders and databases are each file's own, stopped in its afterAll).
      isolate: options.isolate ?? false,
      globalSetup: options.globalSetup ?? [],
      setupFiles: options.setupFiles ?? [],
    },
  };
}

/** Replaces `fastify` with vi.mock, which only works where the server is imported afresh. */
const SERVER_VI_MOCK = ['packages/server/test/api-docs.test.ts'];

export default defineConfig({
  test: {
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
      project('engine', ['packages/engine/test/**/*.test.ts']),
      project('protocol', ['packages/protocol/test/**/*.test.ts']),
      project('client', ['packages/client/test/**/*.test.ts']),
      project('bots', ['packages/bots/test/**/*.test.ts']),
      // The command's tests run `gangsta` as a process, and `gangsta online` against a server.
      project('cli', ['packages/cli/test/**/*.test.ts'], {
        globalSetup: ['scripts/vitest-setup-cli.mjs'],
      }),
      project('server', ['packages/server/test/**/*.test.ts'], {
        exclude: SERVER_VI_MOCK,
        globalSetup: ['scripts/vitest-setup-server.mjs'],
      }),
      project('server-isolated', SERVER_VI_MOCK, { isolate: true }),
      // Each of the browser client's files renders into its own jsdom document.
      project('web', ['packages/web/test/**/*.test.{ts,tsx}'], {
        isolate: true,
        setupFiles: ['packages/web/test/setup.ts'],
      }),
      // The repository's own scripts (scripts/figures, the package test scripts).
      project('scripts', ['scripts/test/**/*.test.ts']),
    ],
  },
});
