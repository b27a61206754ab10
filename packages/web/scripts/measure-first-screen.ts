/// <reference types="node" />
/**
 * The first screen: what a first visit downloads until the welcome screen shows, and how long
 * that takes, in the production build served by the real game server, in Debian's Chromium:
 *
 *   npm run bench:first-screen -w packages/web [-- --runs 5 --network local,4G,3G --dist DIR --port N]
 *
 * Each run is a first visit: a fresh browser context (empty cache, no service worker yet).
 * The page times itself from the navigation's start to the end of the frame that first shows
 * the welcome screen (a MutationObserver finds it; requestAnimationFrame, then a posted task,
 * runs after that frame's paint). The bytes are the Resource Timing of every file the page
 * asked for until then and until its network was idle (the page, its scripts and styles, the
 * fonts): `transferSize` (over the wire: headers and the compressed body) and
 * `decodedBodySize` (the files as built), the same files with and without compression. The service worker's precache, which downloads the
 * rest of the app for offline play after the page has loaded, is not part of the first screen.
 *
 * Three network settings: none (the server on this machine), and two emulated with DevTools'
 * Network.emulateNetworkConditions — "4G" (9 Mbit/s, 60 ms round trip: Lighthouse's mobile
 * profile is close to it) and "3G" (1.6 Mbit/s, 300 ms round trip: DevTools' "Slow 4G"/"Fast
 * 3G"). Each also without compression (`Accept-Encoding: identity`), to show what it saves.
 */
import type { Browser } from 'playwright-core';
import {
  cleanUp,
  launchChromium,
  machine,
  option,
  productionBuild,
  startServer,
  summarize,
} from './measure-support.ts';

const RUNS = Number(option('runs', '5'));
/** `--network local,4G,3G`: which network settings to measure (the start of their names). */
const CHOSEN = option('network', 'local,4G,3G').split(',');

interface Network {
  name: string;
  /** Bytes per second down and up, and the added round trip in ms; null: not emulated. */
  conditions: { downloadThroughput: number; uploadThroughput: number; latency: number } | null;
}

const NETWORKS: Network[] = [
  { name: 'local', conditions: null },
  {
    name: '4G (9 Mbit/s, 60 ms)',
    conditions: { downloadThroughput: 9e6 / 8, uploadThroughput: 1.5e6 / 8, latency: 60 },
  },
  {
    name: '3G (1.6 Mbit/s, 300 ms)',
    conditions: { downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8, latency: 300 },
  },
];

interface FirstScreen {
  welcomeMs: number;
  transferred: number;
  decoded: number;
  files: number;
}

/** Installed before the app: the moment the welcome screen is painted. */
function watchForWelcome(): void {
  const w = window as unknown as { __welcomePainted?: number };
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="welcome"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        w.__welcomePainted = performance.now();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function firstVisit(
  browser: Browser,
  url: string,
  network: Network,
  compressed: boolean,
): Promise<FirstScreen> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
  });
  await context.addInitScript(watchForWelcome);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (!compressed) {
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  }
  if (network.conditions) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.conditions });
  }
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => (window as unknown as { __welcomePainted?: number }).__welcomePainted !== undefined,
    undefined,
    { timeout: 300_000, polling: 50 },
  );
  // Every file of the first screen, counted whole: what the page asked for until it has loaded,
  // shows the welcome screen and its network has been idle for 0.5 s (the fonts included).
  await page.waitForLoadState('networkidle', { timeout: 300_000 });
  const screen = await page.evaluate(() => {
    const at = (window as unknown as { __welcomePainted: number }).__welcomePainted;
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    const before = entries;
    return {
      welcomeMs: at,
      transferred: before.reduce((sum, entry) => sum + entry.transferSize, 0),
      decoded: before.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
      files: before.length,
    };
  });
  await context.close();
  return screen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

try {
  const url = await startServer(productionBuild());
  const browser = await launchChromium();
  console.log(
    `first screen: a first visit until the welcome screen is painted (${RUNS} runs each)`,
  );
  console.log(`${new Date().toISOString()}; ${machine()}`);
  for (const network of NETWORKS.filter((n) => CHOSEN.some((name) => n.name.startsWith(name)))) {
    for (const compressed of [true, false]) {
      const runs: FirstScreen[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await firstVisit(browser, url, network, compressed));
      const time = summarize(runs.map((run) => run.welcomeMs));
      const last = runs.at(-1);
      if (last === undefined) throw new Error('--runs must be at least 1');
      console.log(
        `${network.name.padEnd(24)} ${compressed ? 'br/gzip ' : 'identity'}  welcome painted: median ${time.median.toFixed(0).padStart(5)} ms (max ${time.max.toFixed(0)})  over the wire ${kb(last.transferred).padStart(10)} for ${kb(last.decoded)} of files (${last.files} requests)`,
      );
    }
  }
} finally {
  await cleanUp();
}
