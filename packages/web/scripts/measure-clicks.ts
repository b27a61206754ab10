/// <reference types="node" />
/**
 * Click → update: how long the table takes to answer a click on a legal card or move button,
 * in the production build served by the real game server, in Debian's Chromium:
 *
 *   npm run bench:clicks -w packages/web [-- --clicks 80 --bots easy --seed 7 --throttle 1,4
 *                                            --profile FILE.cpuprofile --dist DIR --port N]
 *
 * A game of you against three bots (their "thinking" pause off, as a player may set it), played
 * by clicking a seeded random choice among the enabled move controls the page shows, cards
 * first when there are some. Before each click the page must have been quiet (no DOM change)
 * for QUIET_MS, so that nothing but the click changes it. The page itself times each click
 * (scripts installed before the app): from the click event's timestamp (the input's time) to
 *
 * - **DOM**: the first DOM change after it (a MutationObserver, so once React has committed);
 * - **painted**: the end of the frame that shows it (requestAnimationFrame, then a task posted
 *   from it, which runs after that frame's paint).
 *
 * Each figure is printed for a desktop (1440×900) at full speed and with Chromium's CPU slowed
 * 4× (DevTools' `Emulation.setCPUThrottlingRate`, a mid-range phone's main thread). Goal on a
 * desktop: median ≤ 50 ms, p90 ≤ 100 ms (painted). The bots think in a Web Worker on the same
 * cores, so on a busy machine compare figures of one run.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { itemOf } from '../test/helpers.ts';
import {
  cleanUp,
  launchChromium,
  machine,
  option,
  productionBuild,
  type Summary,
  startServer,
  summarize,
} from './measure-support.ts';

const CLICKS = Number(option('clicks', '80'));
/** `--profile FILE`: a CPU profile of the page's main thread during the full-speed clicks. */
const PROFILE = option('profile', '');
const BOTS = option('bots', 'easy');
const SEED = Number(option('seed', '7'));
/** `--throttle 1,4`: the CPU slow-downs to measure, one run each. */
const THROTTLES = option('throttle', '1,4').split(',').map(Number);
/** The page must have been still this long before a click. */
const QUIET_MS = 300;

/** The move controls of the table (as the end-to-end tests' policy picks them). */
const MOVE_BUTTONS =
  '[data-testid="decision"] button[data-move-type]:not([data-move-type="bank"]):not([data-move-type="abandonHeist"]):not([aria-disabled="true"]):not(:disabled)';

interface Timing {
  dom: number;
  painted: number;
  onCard: boolean;
  /**
   * The browser's own Event Timing of the click (absent when under its 16 ms threshold): the
   * wait for the main thread (`delay`), the event handlers with React's synchronous render
   * (`handlers`), and what follows until the next paint (`render`: style, layout, paint, and
   * any work the handlers left for later).
   */
  delay?: number;
  handlers?: number;
  render?: number;
}

/** Installed before the app's own scripts: the quiet clock and the per-click timer. */
function instrument(): void {
  const w = window as unknown as {
    __lastChange: number;
    __clicks: unknown[];
    __events: PerformanceEventTiming[];
  };
  w.__lastChange = performance.now();
  w.__clicks = [];
  w.__events = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (entry.name === 'click') w.__events.push(entry);
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  const everything = { subtree: true, childList: true, attributes: true, characterData: true };
  new MutationObserver(() => {
    w.__lastChange = performance.now();
  }).observe(document, everything);
  // Capture on the document: before React's own listeners, so the watch starts before any
  // change the click makes.
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest('button') : null;
      if (!target?.dataset.moveType) return;
      const start = event.timeStamp;
      const onCard = target.classList.contains('gcard') || target.classList.contains('deck');
      const watch = new MutationObserver(() => {
        watch.disconnect();
        const dom = performance.now() - start;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            const painted = performance.now() - start;
            // The Event Timing entry is queued after the paint: read it a little later.
            setTimeout(() => {
              const timing = w.__events.find((entry) => Math.abs(entry.startTime - start) < 1);
              w.__clicks.push({
                dom,
                painted,
                onCard,
                ...(timing && {
                  delay: timing.processingStart - timing.startTime,
                  handlers: timing.processingEnd - timing.processingStart,
                  render: timing.startTime + timing.duration - timing.processingEnd,
                }),
              });
            }, 500);
          };
          channel.port2.postMessage(null);
        });
      });
      watch.observe(document, everything);
    },
    true,
  );
}

async function startGame(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByTestId('custom-game').click();
  await page.getByText('4 players', { exact: true }).click();
  for (const seat of [2, 3, 4]) {
    await page.getByLabel(`Player ${seat}`, { exact: true }).selectOption(BOTS);
  }
  await page.getByLabel('Seed').fill(String(SEED));
  await page.getByTestId('start-game').click();
}

/** xorshift32: the click policy's seeded choice. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

/** Waits for a decision of ours and a still page; the visible controls' indices, or 'over'. */
async function offer(page: Page): Promise<{ index: number; onCard: boolean }[] | 'over'> {
  await page.waitForFunction(
    ({ selector, quiet }) => {
      const w = window as unknown as { __lastChange: number };
      const ready =
        document.querySelector('[data-testid="score"]') !== null ||
        document.querySelector(selector) !== null;
      return ready && performance.now() - w.__lastChange >= quiet;
    },
    { selector: MOVE_BUTTONS, quiet: QUIET_MS },
    { timeout: 120_000, polling: 50 },
  );
  return page.evaluate((selector) => {
    if (document.querySelector('[data-testid="score"]')) return 'over' as const;
    return [...document.querySelectorAll<HTMLElement>(selector)].flatMap((element, index) => {
      const box = element.getBoundingClientRect();
      const seen =
        box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      const onCard = element.classList.contains('gcard') || element.classList.contains('deck');
      return seen ? [{ index, onCard }] : [];
    });
  }, MOVE_BUTTONS);
}

async function measure(browser: Browser, url: string, throttle: number): Promise<Timing[]> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    serviceWorkers: 'block',
  });
  await context.addInitScript(() => {
    localStorage.setItem('gangsta.settings.v1', JSON.stringify({ botDelayMs: 0 }));
  });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await startGame(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const profiling = PROFILE && throttle === 1;
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const random = rng(SEED);
  const timings: Timing[] = [];
  let games = 1;
  while (timings.length < CLICKS) {
    const shown = await offer(page);
    if (shown === 'over') {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await startGame(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      games++;
      continue;
    }
    if (shown.length === 0) {
      await page.waitForTimeout(100);
      continue;
    }
    const cards = shown.filter((control) => control.onCard);
    const among = cards.length > 0 ? cards : shown;
    const pick = itemOf(among, Math.floor(random() * among.length));
    const before = await page.evaluate(
      () => (window as unknown as { __clicks: [] }).__clicks.length,
    );
    await page.locator(MOVE_BUTTONS).nth(pick.index).click();
    await page.waitForFunction(
      (n) => (window as unknown as { __clicks: [] }).__clicks.length > n,
      before,
      { timeout: 30_000 },
    );
    const all = await page.evaluate(() => (window as unknown as { __clicks: Timing[] }).__clicks);
    timings.push(itemOf(all, all.length - 1));
  }
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  process.stderr.write(
    `  (${games} game${games > 1 ? 's' : ''} played; ${elements} elements in the page at the end)\n`,
  );
  if (profiling) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(PROFILE, JSON.stringify(profile));
    printHotFunctions(profile);
  }
  await context.close();
  return timings;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/**
 * The functions the main thread spent most of its samples in (self time), with the share of
 * the samples that were not idle.
 */
function printHotFunctions(profile: {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let busy = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const dt = profile.timeDeltas?.[i] ?? 0;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    const file = frame.url.split('/').pop() || '';
    const key = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    busy += dt;
  });
  console.log(`  CPU profile (${PROFILE}): ${(busy / 1000).toFixed(0)} ms busy; most self time:`);
  for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`    ${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${key}`);
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const line = (what: string, s: Summary) =>
  `  ${what.padEnd(9)} median ${ms(s.median).padStart(9)}  p90 ${ms(s.p90).padStart(9)}  max ${ms(s.max).padStart(9)}  (n=${s.n})`;

try {
  const url = await startServer(productionBuild());
  const browser = await launchChromium();
  console.log(`click → update, ${CLICKS} clicks against three '${BOTS}' bots (seed ${SEED})`);
  console.log(`${new Date().toISOString()}; ${machine()}`);
  for (const throttle of THROTTLES) {
    const name = `desktop 1440×900, CPU ${throttle === 1 ? '1×' : `${throttle}× slower`}`;
    const timings = await measure(browser, url, throttle);
    const cards = timings.filter((timing) => timing.onCard);
    console.log(name);
    console.log(line('DOM', summarize(timings.map((timing) => timing.dom))));
    console.log(line('painted', summarize(timings.map((timing) => timing.painted))));
    console.log(line('cards', summarize(cards.map((timing) => timing.painted))));
    const timed = timings.filter((timing) => timing.handlers !== undefined);
    if (timed.length > 0) {
      console.log(`  Event Timing of the ${timed.length} clicks over 16 ms:`);
      for (const part of ['delay', 'handlers', 'render'] as const) {
        console.log(line(part, summarize(timed.map((timing) => timing[part] ?? 0))));
      }
    }
  }
  console.log('goal (desktop, painted): median ≤ 50 ms, p90 ≤ 100 ms');
} finally {
  await cleanUp();
}
