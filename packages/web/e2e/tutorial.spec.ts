/**
 * "Learn to play" in the browser: the tutorial is completed by clicking only what it highlights
 * (the one legal card, or the coach's Next), it can be left and resumed at the same step, and
 * axe finds no serious violation on it. At 1440×900 and on a 390×844 phone, in English and
 * German, every step shows what it asks for (the card in view and uncovered), keeps its
 * explanation in the window (a phone's page scrolls to the card: the coach stays at its foot),
 * and, where no card is asked for, leaves the game's own buttons (Sound, Start over, Leave)
 * uncovered. Screenshots of every step go to the screenshots folder.
 */
import { expect, type Page, test } from '@playwright/test';
import { instantBots, SCREENSHOTS, seriousViolations } from './helpers.ts';

/** Cards the table marks as clickable (the tutorial leaves exactly one). */
const LEGAL = '[data-legal="true"]';
const NEXT = '[data-testid="tutorial-next"]';

async function openTutorial(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: 'Learn to play' })
    .click();
  await expect(page.getByTestId('coach')).toBeVisible();
}

async function stepIndex(page: Page): Promise<number> {
  return Number(await page.getByTestId('coach').getAttribute('data-step-index'));
}

/** Waits until the coach is at step `index` (retried within milliseconds, up to 30 s). */
async function expectStep(page: Page, index: number): Promise<void> {
  await expect(page.getByTestId('coach')).toHaveAttribute('data-step-index', String(index), {
    timeout: 30_000,
  });
}

/** Clicks what the tutorial asks for: Next, or the one highlighted card. Returns what it was. */
async function advance(page: Page): Promise<'next' | 'card'> {
  const before = await stepIndex(page);
  await page.waitForFunction(
    ({ legal, next }) =>
      document.querySelector(next) !== null || document.querySelector(legal) !== null,
    { legal: LEGAL, next: NEXT },
    { timeout: 30_000 },
  );
  let clicked: 'next' | 'card';
  if (await page.locator(NEXT).isVisible()) {
    await page.locator(NEXT).click();
    clicked = 'next';
  } else {
    const cards = page.locator(LEGAL);
    await expect(cards, 'exactly one highlighted card').toHaveCount(1);
    await cards.click();
    clicked = 'card';
  }
  await expectStep(page, before + 1);
  return clicked;
}

test('the tutorial is completed by clicking what it highlights, and can be left and resumed', async ({
  page,
}) => {
  // Twenty steps, a reload and two axe scans: minutes on a busy machine.
  test.setTimeout(420_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await instantBots(page);
  await page.goto('/');
  await openTutorial(page);
  expect(await stepIndex(page)).toBe(0);
  const coach = page.getByTestId('coach');
  let cardClicks = 0;
  let resumed = false;
  while ((await coach.getAttribute('data-step')) !== 'finished') {
    const step = await coach.getAttribute('data-step');
    if (step === 'noHoldBack') {
      await expect(page.locator(LEGAL)).toHaveCount(1);
      // Away from the cards, so no enlarged card covers the coach.
      await page.mouse.move(0, 0);
      await expect(page.getByTestId('card-zoom')).toBeHidden();
      await page.screenshot({ path: `${SCREENSHOTS}/tutorial-step.png`, fullPage: true });
      expect(await seriousViolations(page), 'tutorial').toEqual([]);
    }
    if (step === 'synchronization' && !resumed) {
      // Leave, come back: the tutorial resumes at the same step (progress in localStorage).
      resumed = true;
      const at = await stepIndex(page);
      await page.getByRole('button', { name: 'Leave the tutorial' }).click();
      await expect(coach).toBeHidden();
      await page.reload();
      await openTutorial(page);
      expect(await stepIndex(page)).toBe(at);
    }
    if ((await advance(page)) === 'card') cardClicks++;
  }
  expect(resumed).toBe(true);
  expect(cardClicks).toBeGreaterThanOrEqual(12);
  await expect(page.getByTestId('chapter')).toHaveAttribute('data-chapter', '3');
  await expect(coach.getByRole('button', { name: 'Start a real game' })).toBeVisible();
  expect(await seriousViolations(page), 'tutorial, last step').toEqual([]);
  expect(errors).toEqual([]);
});

test('the tutorial speaks the chosen language', async ({ page }) => {
  await instantBots(page);
  await page.addInitScript(() => localStorage.setItem('gangsta.language', 'de'));
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Hauptmenü' })
    .getByRole('button', { name: 'Spielen lernen' })
    .click();
  const coach = page.getByTestId('coach');
  await expect(coach).toContainText('Willkommen in der Unterwelt');
  await expect(coach).toContainText('Mister Jade');
  await coach.getByRole('button', { name: 'Weiter' }).click();
  await expect(coach).toContainText('Klicke auf die hervorgehobene Karte');
});

/**
 * Where the asked-for control is, as the learner sees it: inside the window, the topmost thing
 * at its centre (nothing lies over it), clear of any banner, and big enough to hit (24 px, the
 * WCAG 2.2 minimum target size).
 */
async function targetProblem(page: Page, selector: string): Promise<string | null> {
  return page.evaluate((sel) => {
    const all = [...document.querySelectorAll<HTMLElement>(sel)].filter(
      (el) => el.getClientRects().length > 0,
    );
    const [target] = all;
    if (all.length !== 1 || target === undefined) {
      return `${all.length} shown controls match ${sel}`;
    }
    const box = target.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
      return `its centre (${Math.round(x)}, ${Math.round(y)}) is outside the window`;
    }
    const top = document.elementFromPoint(x, y);
    if (!top || !(top === target || target.contains(top))) {
      return `covered at its centre by ${top?.tagName}.${top?.className}`;
    }
    // Things that let clicks through (so elementFromPoint does not see them) but hide what is
    // under them: the banners.
    for (const banner of document.querySelectorAll('[data-testid="table-banner"] span')) {
      const b = banner.getBoundingClientRect();
      const visible = getComputedStyle(banner).visibility !== 'hidden' && b.width > 0;
      if (
        visible &&
        b.left < box.right &&
        b.right > box.left &&
        b.top < box.bottom &&
        b.bottom > box.top
      ) {
        return `${banner.className || 'a banner'} lies over it`;
      }
    }
    if (box.width < 24 || box.height < 24) {
      return `too small to hit: ${Math.round(box.width)}×${Math.round(box.height)} px`;
    }
    return null;
  }, selector);
}

/**
 * The coach's explanation as the learner sees it: its title, text and instruction wholly inside
 * the window, at every step (on a phone the page scrolls to the card, and the words must stay).
 */
async function coachProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const parts = document.querySelectorAll<HTMLElement>('[data-testid="coach"] .coach-text > *');
    if (parts.length === 0) return 'no explanation';
    for (const part of parts) {
      const box = part.getBoundingClientRect();
      if (box.top < -1 || box.bottom > window.innerHeight + 1) {
        return `"${part.textContent?.slice(0, 30)}…" is off screen (${Math.round(box.top)}–${Math.round(box.bottom)} px)`;
      }
    }
    return null;
  });
}

/**
 * The game's buttons beside the table's top line (Sound, Start over, Leave; on a phone the one
 * menu button): the topmost thing at their centre, inside the window.
 */
async function headerProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const buttons = [
      ...document.querySelectorAll<HTMLElement>('[data-testid="table-tools"] button'),
    ].filter((el) => el.getClientRects().length > 0);
    if (buttons.length === 0) return 'no game buttons shown';
    for (const button of buttons) {
      const box = button.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (y < 0 || y > window.innerHeight) return `${button.textContent} is off screen`;
      const top = document.elementFromPoint(x, y);
      if (!top || !(top === button || button.contains(top))) {
        return `${button.textContent} is covered by ${top?.tagName}.${top?.className}`;
      }
    }
    return null;
  });
}

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const;

for (const size of SIZES) {
  for (const language of ['en', 'de'] as const) {
    test.describe(`${size.name}, ${language}`, () => {
      test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

      test(`the coach shows what it asks for at ${size.viewport.width}×${size.viewport.height} (${language})`, async ({
        page,
      }) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(String(error)));
        await instantBots(page);
        await page.addInitScript(
          (code) => localStorage.setItem('gangsta.language', code),
          language,
        );
        await page.goto('/');
        // Whatever the first screen looks like, "Learn to play" is a button on it.
        await page
          .getByRole('button', { name: language === 'de' ? 'Spielen lernen' : 'Learn to play' })
          .first()
          .click();
        const coach = page.getByTestId('coach');
        await expect(coach).toBeVisible();
        const problems: string[] = [];
        for (let guard = 0; guard < 40; guard++) {
          const step = await coach.getAttribute('data-step');
          const index = await stepIndex(page);
          await page.waitForFunction(
            ({ legal, next }) =>
              document.querySelector(next) !== null ||
              document.querySelector(legal) !== null ||
              document.querySelector('[data-testid="coach"] .primary') !== null,
            { legal: LEGAL, next: NEXT },
            { timeout: 30_000 },
          );
          const selector =
            (await page.locator(LEGAL).count()) > 0
              ? LEGAL
              : step === 'finished'
                ? '[data-testid="coach"] .primary'
                : NEXT;
          // The coach brings the card into view itself (a smooth scroll may take a moment).
          let problem: string | null = 'not checked';
          for (let i = 0; i < 40 && problem; i++) {
            problem = await targetProblem(page, selector);
            if (problem) await page.waitForTimeout(100);
          }
          if (problem) problems.push(`step ${index + 1} (${step}): ${problem}`);
          const words = await coachProblem(page);
          if (words) problems.push(`step ${index + 1} (${step}), the coach: ${words}`);
          // Where nothing on the table is asked for, the game's own buttons are free to use.
          if (selector !== LEGAL) {
            let header: string | null = 'not checked';
            for (let i = 0; i < 20 && header; i++) {
              header = await headerProblem(page);
              if (header) await page.waitForTimeout(100);
            }
            if (header) problems.push(`step ${index + 1} (${step}), the header: ${header}`);
          }
          await page.screenshot({
            path: `${SCREENSHOTS}/tutorial-${size.name}-${language}-${String(index + 1).padStart(2, '0')}-${step}.png`,
          });
          if (step === 'finished') break;
          const target = page.locator(selector);
          if (size.touch) await target.tap();
          else await target.click();
          await expectStep(page, index + 1);
        }
        expect(await coach.getAttribute('data-step')).toBe('finished');
        expect(problems).toEqual([]);
        expect(errors).toEqual([]);
      });
    });
  }
}
