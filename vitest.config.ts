import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'packages/*/test/**/*.test.tsx'],
    testTimeout: 120_000,
    // Server tests start real servers in their hooks; on a busy 2-core machine that can take
    // longer than Vitest's default 10 s, which says nothing about the code under test.
    hookTimeout: 120_000,
  },
});
