/**
 * `npm run bench:click -w packages/web`: measurements in the real browser against the real
 * server (same set-up as the end-to-end tests), printed, never asserted.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: './bench',
  outputDir: `./test-results/artifacts-bench-${process.env.E2E_PORT ?? 4173}`,
});
