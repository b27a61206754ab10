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
// The server's database: emptied at every start, kept after the run for a look (not in /tmp,
// where a folder per run used to pile up).
const DATA = `test-results/server-data-${PORT}`;
// Bots move at once; limits meant for strangers on the internet would only slow the tests.
const serverEnv = `PORT=${PORT} HOST=127.0.0.1 STATIC_DIR=${OUT} DATA_DIR=${DATA} BOT_DELAY_MS=0 LOG_LEVEL=warn RATE_LIMIT_HTTP=0 RATE_LIMIT_PLAYERS=0 WS_UPGRADES_PER_MINUTE=0`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  timeout: 240_000,
  expect: { timeout: 15_000 },
  // One spec at a time: the browser, the server and the bots' worker already keep both cores
  // of this machine busy. Two workers were tried on 2026-11-26: 19.2 minutes against about 17
  // for one, and a whole game of random bots took over two minutes instead of 47 s.
  fullyParallel: false,
  workers: 1,
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
    // A failed test keeps its trace (every action, with its source, the console and the
    // network) and a screenshot of the page as it failed. The trace's DOM snapshots and
    // screencast are left out: taken around every action of every test, passed or not, they
    // made each round trip to the page about 4 times slower (a click-by-click game twice as
    // slow; measured 2026-11-26).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${DATA} && ${vite} build --outDir ${OUT} && ${serverEnv} exec node ../server/bin/server.mjs`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
