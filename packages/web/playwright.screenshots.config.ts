/**
 * `npm run screenshots -w packages/web`: the pictures of the app for a human to look at (not
 * tests of anything): the welcome screen, a 4-player table at 1440×900, the phone's table, log
 * and opponents tabs at 390×844, the open menu, and the German table. Same browser and server
 * as the end-to-end tests; the PNGs land in test-results/screenshots/ (not committed).
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: './screenshots',
  outputDir: `./test-results/artifacts-screenshots-${process.env.E2E_PORT ?? 4173}`,
});
