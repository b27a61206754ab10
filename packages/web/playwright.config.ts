/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser). The web server is the
 * real game server (packages/server) serving the production build and the online API, with a
 * fresh database per run; Playwright starts and stops it.
 */
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets several runs share a machine; each builds into its own folder.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const OUT = `dist-e2e-${PORT}`;
const vite = '../../node_modules/.bin/vite';
// Bots move at once; limits meant for strangers on the internet would only slow the tests
// (every page of both workers connects from 127.0.0.1).
const serverEnv = `PORT=${PORT} HOST=127.0.0.1 STATIC_DIR=${OUT} DATA_DIR="$(mktemp -d)" BOT_DELAY_MS=0 LOG_LEVEL=warn RATE_LIMIT_HTTP=0 RATE_LIMIT_PLAYERS=0 WS_UPGRADES_PER_MINUTE=0 MAX_SOCKETS_PER_ADDRESS=1000`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  timeout: 240_000,
  expect: { timeout: 15_000 },
  // Two spec files at a time, each in its own browser context against the one server: the
  // specs share no state there but the lobby, where each finds its tables by their names.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    locale: 'en-GB',
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `${vite} build --outDir ${OUT} && ${serverEnv} exec node ../server/bin/server.mjs`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
