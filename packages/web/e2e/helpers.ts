/**
 * Shared steps for the end-to-end tests: set up a game (welcome screen → Custom game) and play
 * it by clicking, with a seeded choice among the enabled controls of the table — the cards
 * (rows, decks, gangs, resources) and the status bar's few buttons (Pass, Done…).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';

export type SeatKind = 'human' | 'random' | 'easy' | 'medium' | 'hard';

export const SCREENSHOTS = 'test-results/screenshots';

/**
 * Closes, after each test of the file, the browser contexts it opened beside its own page's
 * (another device, another player), passed or failed: one left open keeps its page, sockets
 * and timers running in the shared browser under every later test.
 */
export function closeOpenedContexts(): void {
  test.afterEach(async ({ browser, context }) => {
    const opened = browser.contexts().filter((other) => other !== context);
    await Promise.all(opened.map((other) => other.close()));
  });
}

/** Bots move without the "thinking" pause, so the tests run fast (the setting is the user's). */
export async function instantBots(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('gangsta.settings.v1', JSON.stringify({ botDelayMs: 0 }));
  });
}

/** Opens the app's menu when it is folded (at a table, on a phone); no-op when it shows. */
export async function openMenu(page: Page): Promise<Locator> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const toggle = menu.getByRole('button', { name: 'Menu' });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') {
    await toggle.click();
  }
  return menu;
}

/** The welcome screen, from wherever the app opened (a saved game reopens at its table). */
export async function goHome(page: Page): Promise<void> {
  await page.goto('/');
  const welcome = page.getByTestId('welcome');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(welcome.or(toggle).first()).toBeVisible();
  if (await welcome.isVisible()) return;
  await (await openMenu(page)).getByRole('button', { name: 'Home' }).click();
  await expect(welcome).toBeVisible();
}

/** Welcome → Custom game: the seats, the variants (by label), a seed; then Start. */
export async function newGame(
  page: Page,
  seats: SeatKind[],
  options: { seed?: number; flags?: string[] } = {},
): Promise<void> {
  await goHome(page);
  await page.getByTestId('custom-game').click();
  await page.getByText(`${seats.length} players`, { exact: true }).click();
  for (const [seat, kind] of seats.entries()) {
    await page.getByLabel(`Player ${seat + 1}`, { exact: true }).selectOption(kind);
  }
  for (const flag of options.flags ?? []) await page.getByLabel(flag, { exact: true }).check();
  if (options.seed !== undefined) await page.getByLabel('Seed').fill(String(options.seed));
  await page.getByTestId('start-game').click();
}

/** xorshift32: the click policy's own seeded generator. */
export function rng(seed: number): () => number {
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

// Controls the policy may click: every enabled card or button that plays a move, but Bank
// shuffles and giving up a heist, which could make a random player go round in circles.
export const MOVE_BUTTONS =
  '[data-testid="decision"] button[data-move-type]:not([data-move-type="bank"]):not([data-move-type="abandonHeist"]):not([aria-disabled="true"]):not(:disabled)';

export type Step = 'moved' | 'passed' | 'over';

/** What one click of the policy did: the move type, and whether a card (or deck) was clicked. */
export interface Click {
  moveType: string;
  onCard: boolean;
}

/**
 * One step of play: waits until a human decision, a pass-the-device screen or the score shows,
 * then clicks one control.
 */
export async function step(page: Page, random: () => number): Promise<Step> {
  return (await stepWithClick(page, random)).step;
}

/** Indices (in MOVE_BUTTONS order) of the move controls a player can see now. */
export function shownMoves(page: Page): Promise<number[]> {
  return page.locator(MOVE_BUTTONS).evaluateAll((elements) =>
    elements.flatMap((element, i) => {
      const box = element.getBoundingClientRect();
      const seen =
        box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      return seen ? [i] : [];
    }),
  );
}

/** What the page offers one step of play, read in one look (one round trip to the page). */
type Offer =
  | { kind: 'over' }
  | { kind: 'pass' }
  | { kind: 'moves'; shown: { index: number; click: Click }[] };

/** `step`, also telling what was clicked (for the tests that check cards are the controls). */
export async function stepWithClick(
  page: Page,
  random: () => number,
): Promise<{ step: Step; click: Click | null }> {
  await page.waitForFunction(
    (selector) =>
      document.querySelector('[data-testid="score"]') !== null ||
      document.querySelector('[data-testid="pass-device"]') !== null ||
      document.querySelector(selector) !== null,
    MOVE_BUTTONS,
    { timeout: 60_000 },
  );
  // Shown as Playwright's isVisible() judges it: a box with a size, and not visibility: hidden.
  const offer: Offer = await page.evaluate((selector) => {
    const seen = (element: Element | null): element is HTMLElement => {
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    if (seen(document.querySelector('[data-testid="score"]'))) return { kind: 'over' };
    if (seen(document.querySelector('[data-testid="pass-device"]'))) return { kind: 'pass' };
    const elements = [...document.querySelectorAll<HTMLElement>(selector)];
    return {
      kind: 'moves',
      shown: elements.flatMap((element, index) =>
        seen(element)
          ? [
              {
                index,
                click: {
                  moveType: element.dataset.moveType ?? '',
                  onCard: element.classList.contains('gcard') || element.classList.contains('deck'),
                },
              },
            ]
          : [],
      ),
    };
  }, MOVE_BUTTONS);
  if (offer.kind === 'over') return { step: 'over', click: null };
  if (offer.kind === 'pass') {
    await page.getByTestId('pass-device').getByRole('button').click();
    return { step: 'passed', click: null };
  }
  // On a phone, some controls of a decision sit on a tab that is not shown: pick among the
  // controls a player can see (on a desktop that is all of them, so the pick is as before).
  if (offer.shown.length === 0) {
    // Everything to choose is on another tab, which says "act here"; or the decision moved on.
    const actHere = page.locator('.phone-tabs .has-news').first();
    if (await actHere.isVisible()) await actHere.click();
    else await page.waitForTimeout(100);
    return stepWithClick(page, random);
  }
  const pick = offer.shown[Math.floor(random() * offer.shown.length)];
  if (pick === undefined) throw new Error('no control shown to pick from');
  await page.locator(MOVE_BUTTONS).nth(pick.index).click();
  return { step: 'moved', click: pick.click };
}

export async function chapter(page: Page): Promise<number> {
  return Number(await page.getByTestId('chapter').getAttribute('data-chapter'));
}

/** Plays until `done` or the score screen; returns the number of clicks. */
export async function playUntil(
  page: Page,
  random: () => number,
  done: () => Promise<boolean> = async () => false,
  maxClicks = 3000,
  /** Told of every click, to check what the player clicked. */
  onClick?: (click: Click) => void,
): Promise<number> {
  let clicks = 0;
  while (clicks < maxClicks) {
    if (await done()) return clicks;
    const result = await stepWithClick(page, random);
    if (result.step === 'over') return clicks;
    if (result.click) onClick?.(result.click);
    clicks++;
  }
  throw new Error(`no end after ${maxClicks} clicks`);
}

/**
 * An axe run of the page that reports every node of every violation, but no detail of the
 * rules that pass or do not apply (axe's `resultTypes`: the violations found are the same,
 * and a run on the table is about a third quicker without building selectors for every node
 * that passes).
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
}

/**
 * Waits until what is moving on the page (a card zoom fading in, cards dealt at a new chapter,
 * a panel sliding after a resize) has come to rest, at most 3 s: axe measures colours as
 * painted, and an element half faded in has too little contrast for a moment. Endless
 * animations are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const rest = Promise.all(finite.map((animation) => animation.finished.catch(() => {})));
    await Promise.race([rest, new Promise((resolve) => setTimeout(resolve, 3_000))]);
  });
}

/**
 * The serious and critical axe violations of the page at rest, one line each (its first
 * three nodes). The pointer is parked first: where the last click was, it may rest on a card,
 * whose zoom opens 300 ms later and fades in. The screens are checked at rest, not a passing
 * hover or a deal in flight (both seen in CI as contrast violations of half-faded cards).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  await settled(page);
  const results = await axe(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

export async function expectNoPageErrors(errors: string[]): Promise<void> {
  expect(errors, 'errors in the page').toEqual([]);
}
