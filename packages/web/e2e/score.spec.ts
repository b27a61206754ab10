/**
 * The score screen at the end of a game: the breakdown in the players' names, the chart of IP
 * and money over the game (a lazy chunk drawn on a canvas, with its numbers in a hidden table),
 * no serious axe violation, and a screenshot of it with its chart. The first game is played by
 * bots in Node to a few moves before its end (fixtures.ts), opened as a game file and continued
 * at the table, where the browser's bots finish it: the score screen of a game ended at the
 * table. The layout checks open a finished 4-player game as the browser's saved game, with a
 * person at seat 0: at 1440×900 every figure whole and the actions in view; on a phone the
 * person's own result at once and nothing to scroll sideways; in all five languages. Online,
 * the rematch offer is in view as the score appears.
 */
import type { GameRecord } from '@gangsta/engine';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { beforeTheEnd, botGame, continueRecord, randomBots } from './fixtures.ts';
import { axe, closeOpenedContexts, instantBots, SCREENSHOTS } from './helpers.ts';

closeOpenedContexts();

// Reduced motion: the bots' last moves go faster without the table's animations.
test.use({ reducedMotion: 'reduce' });

test('the score screen shows the breakdown and a chart of IP and money over the game', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await instantBots(page);
  const game = botGame({ players: 3, seed: 12 }, randomBots(3));
  await page.goto('/');
  await continueRecord(page, beforeTheEnd(game, 6), randomBots(3));
  const score = page.getByTestId('score');
  await expect(score).toBeVisible({ timeout: 60_000 });
  await expect(score).toContainText(/wins!|Shared victory/);
  await expect(score.getByRole('columnheader', { name: /^1\. / }).first()).toBeVisible();
  const chart = score.getByTestId('score-chart');
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await expect(chart).toHaveAttribute('data-measure', 'ip');
  // The canvas was drawn on (some pixel is not transparent).
  await expect
    .poll(() =>
      chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0) return 0;
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
        let painted = 0;
        // Every fourth byte is a pixel's alpha.
        for (const [i, value] of pixels.entries()) if (i % 4 === 3 && value > 0) painted++;
        return painted;
      }),
    )
    .toBeGreaterThan(1000);
  const rows = chart.getByTestId('score-chart-data').getByRole('row');
  expect(await rows.count()).toBeGreaterThan(10);
  await page.mouse.move(0, 0);
  // Tall enough for the whole score panel, chart included, in one picture.
  await page.setViewportSize({ width: 1440, height: 1800 });
  await score.screenshot({ path: `${SCREENSHOTS}/score-chart.png` });
  await page.screenshot({ path: `${SCREENSHOTS}/score-page.png`, fullPage: true });
  const results = await axe(page).include('[data-testid="score"]').analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  await chart.getByRole('button', { name: 'Money' }).click();
  await expect(chart).toHaveAttribute('data-measure', 'money');
  await expect(chart.getByRole('button', { name: 'Money' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await score.screenshot({ path: `${SCREENSHOTS}/score-chart-money.png` });
  expect(errors).toEqual([]);
});

/** The person at seat 0, with a long name, as people have. */
const PERSON = 'Alexandra Konstantinou';
const LANGUAGES = ['en', 'de', 'fr', 'nl', 'pt'] as const;

/**
 * A finished 4-player game with both variants (every row of the breakdown): seat 0 plays at
 * random against three heuristic bots, so the person's column is usually the last.
 */
function finishedGame(): GameRecord {
  return botGame({ players: 4, seed: 31, families: true, resources: true }, [
    'random',
    'heuristic',
    'heuristic',
    'heuristic',
  ]);
}

/** The finished game as this browser's saved game, reopened at its table (its score screen). */
async function openFinished(page: Page, record: GameRecord): Promise<void> {
  await page.addInitScript(
    ({ record, person }) => {
      localStorage.setItem('gangsta.settings.v1', JSON.stringify({ botDelayMs: 0 }));
      localStorage.setItem(
        'gangsta.game.v1',
        JSON.stringify({
          record,
          seats: ['human', 'easy', 'medium', 'hard'],
          names: [person, null, null, null],
        }),
      );
      sessionStorage.setItem('gangsta.atTable.v1', '1');
    },
    { record, person: PERSON },
  );
  await page.goto('/');
  await expect(page.getByTestId('score')).toBeVisible();
}

async function setLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate((code) => localStorage.setItem('gangsta.language', code), language);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByTestId('score')).toBeVisible();
}

/**
 * Where an element is not wholly in sight: outside the window, or cut off by a box around it
 * that clips (a scrolling area). Empty when it is whole and in view.
 */
async function hiddenPart(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    let left = 0;
    let top = 0;
    let right = window.innerWidth;
    let bottom = window.innerHeight;
    for (let up = element.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = up.getBoundingClientRect();
      left = Math.max(left, clip.left);
      top = Math.max(top, clip.top);
      right = Math.min(right, clip.right);
      bottom = Math.min(bottom, clip.bottom);
    }
    const out = [
      box.left < left - 0.5 ? `left ${left - box.left}` : '',
      box.right > right + 0.5 ? `right ${box.right - right}` : '',
      box.top < top - 0.5 ? `top ${top - box.top}` : '',
      box.bottom > bottom + 0.5 ? `bottom ${box.bottom - bottom}` : '',
    ].filter(Boolean);
    return out.join(', ');
  });
}

/**
 * Every figure of the breakdown that is not whole in sight sideways: its text beyond its cell,
 * or the cell cut off by a clipping box around it (as the 4th column was, "2" for 23).
 */
async function clippedFigures(page: Page): Promise<string[]> {
  // The breakdown is the score's first table (the chart's hidden one comes after it).
  return page
    .getByTestId('score')
    .locator('table')
    .first()
    .evaluate((table) => {
      const problems: string[] = [];
      for (const cell of table.querySelectorAll<HTMLElement>('td')) {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const text = range.getBoundingClientRect();
        const own = cell.getBoundingClientRect();
        let left = Math.max(0, own.left);
        let right = Math.min(window.innerWidth, own.right);
        for (let up = cell.parentElement; up; up = up.parentElement) {
          if (getComputedStyle(up).overflowX === 'visible') continue;
          const clip = up.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        if (text.left < left - 0.5 || text.right > right + 0.5) {
          problems.push(
            `seat ${cell.dataset.seat} "${cell.textContent}": ${text.right - right} px cut`,
          );
        }
      }
      return problems;
    });
}

/** How far the page, or the table's main area, scrolls sideways (0: not at all). */
async function sidewaysScroll(page: Page): Promise<{ page: number; main: number }> {
  return page.evaluate(() => {
    const main = document.querySelector('.table-main') as HTMLElement;
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      main: main.scrollWidth - main.clientWidth,
    };
  });
}

test.describe('the score screen of a 4-player game with a person at seat 0', () => {
  test.use({ reducedMotion: 'reduce' });

  test('at 1440×900: every figure whole, the actions and the chart in view, no sideways scroll', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openFinished(page, finishedGame());
    const score = page.getByTestId('score');
    const chart = score.getByTestId('score-chart');
    for (const language of LANGUAGES) {
      if (language !== 'en') await setLanguage(page, language);
      await expect(chart.locator('canvas')).toBeVisible({ timeout: 30_000 });
      await page.mouse.move(0, 0);
      await expect(score.locator('table').first().locator('tbody tr')).toHaveCount(8);
      expect(await clippedFigures(page), language).toEqual([]);
      // The person's own place is said in words, beside the winner.
      await expect(score.getByTestId('score-yours')).toBeVisible();
      expect(await hiddenPart(score.getByTestId('score-yours')), language).toBe('');
      // "Review my game" is in view as the score appears (the chart follows the breakdown).
      const review = score.getByTestId('game-review').locator('button.primary');
      await expect(review).toBeVisible();
      expect(await hiddenPart(review), `${language}: Review my game`).toBe('');
      // The chart's hidden data table takes no room: nothing scrolls sideways.
      expect(await sidewaysScroll(page), language).toEqual({ page: 0, main: 0 });
      await page.screenshot({ path: `${SCREENSHOTS}/score-1440-${language}.png` });
    }
  });

  test('on a phone: the person’s own result at once, the actions next, no sideways scroll', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await openFinished(page, finishedGame());
    const score = page.getByTestId('score');
    for (const language of LANGUAGES) {
      if (language !== 'en') await setLanguage(page, language);
      await expect(score.getByTestId('score-chart').locator('canvas')).toBeVisible({
        timeout: 30_000,
      });
      // A card per player; the person's comes first, whole in the first screen.
      const cards = score.getByTestId('score-card');
      await expect(cards).toHaveCount(4);
      await expect(cards.first()).toHaveAttribute('data-seat', '0');
      await expect(cards.first()).toContainText(PERSON);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await hiddenPart(cards.first()), `${language}: own card`).toBe('');
      // Then the actions: "Review my game" still in the first screen.
      const review = score.getByTestId('game-review').locator('button.primary');
      await expect(review).toBeVisible();
      expect(await hiddenPart(review), `${language}: Review my game`).toBe('');
      expect(await sidewaysScroll(page), language).toEqual({ page: 0, main: 0 });
      await page.screenshot({ path: `${SCREENSHOTS}/score-390-${language}.png` });
      await page.screenshot({
        path: `${SCREENSHOTS}/score-390-${language}-full.png`,
        fullPage: true,
      });
    }
  });
});

/** A guest in a fresh browser context, named on the online home; with its token. */
async function guest(browser: Browser, name: string): Promise<{ page: Page; token: string }> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/#/online');
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`You play as ${name}.`)).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('gangsta.online.v1'));
  const token = JSON.parse(stored ?? '{}').token as string | undefined;
  if (!token) throw new Error('the page has no player token');
  return { page, token };
}

test('online: the rematch offer is in view as the score appears, on a wide screen and a phone', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const ann = await guest(browser, 'Ann');
  const ben = await guest(browser, 'Ben');
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const created = await ann.page.request.post('/api/v1/tables', {
    headers: as(ann.token),
    data: {
      name: 'Ann and Ben',
      public: false,
      options: { players: 2 },
      seats: [{ kind: 'host' }, { kind: 'open' }],
      // The quickest takeover bot finishes the game for both once both have left.
      takeoverLevel: 'easy',
    },
  });
  expect(created.status()).toBe(201);
  const table = (await created.json()).table.id as string;
  const url = `/api/v1/tables/${table}`;
  expect(
    (await ben.page.request.post(`${url}/join`, { headers: as(ben.token), data: {} })).ok(),
  ).toBe(true);
  expect((await ann.page.request.post(`${url}/start`, { headers: as(ann.token) })).ok()).toBe(true);
  // Both leave: the takeover bots play the game to its end.
  for (const { page, token } of [ann, ben]) {
    expect((await page.request.post(`${url}/leave`, { headers: as(token), data: {} })).ok()).toBe(
      true,
    );
  }
  await expect
    .poll(async () => (await (await ann.page.request.get(url)).json()).table.status, {
      timeout: 180_000,
      intervals: [1000],
    })
    .toBe('finished');
  expect(
    (await ann.page.request.post(`${url}/rematch`, { headers: as(ann.token), data: {} })).ok(),
  ).toBe(true);

  const page = ben.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/#/online/t/${table}`);
  const score = page.getByTestId('score');
  await expect(score).toBeVisible();
  const offer = score.getByTestId('rematch-offer');
  await expect(offer).toHaveText('Ann offers a rematch');
  const join = score.getByTestId('rematch-join');
  expect(await hiddenPart(offer), 'the offer at 1440×900').toBe('');
  expect(await hiddenPart(join), 'Join at 1440×900').toBe('');
  await page.screenshot({ path: `${SCREENSHOTS}/score-online-rematch-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(score.getByTestId('score-card').first()).toContainText('Ben (you)');
  expect(await hiddenPart(join), 'Join on a phone').toBe('');
  expect((await sidewaysScroll(page)).page).toBe(0);
  await page.screenshot({ path: `${SCREENSHOTS}/score-online-rematch-390.png` });
});
