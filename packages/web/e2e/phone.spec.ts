/**
 * A phone you can play on: a whole game at 390×844 with touch (taps only), by the helpers'
 * seeded click policy restricted to what a thumb can reach — the controls of the open tab, or
 * the tab that says "act here". Along the way: chapter, snitches and turn stay on one line;
 * when a decision starts, one of the cards it is played on is in view without scrolling by hand;
 * the Log tab fills the screen with the newest line in view; the rivals' names are whole; at
 * 360 px nothing is cut off; and nothing moves on the player's own board when a decision of
 * theirs starts. A second test opens the chat tab at an online table.
 */
import { expect, type Page, test } from '@playwright/test';
import { itemOf } from '../test/helpers.ts';
import { instantBots, MOVE_BUTTONS, newGame, rng, SCREENSHOTS, shownMoves } from './helpers.ts';
import { motionReport, watchMotion } from './motion.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** The cards (and card-like choices) a decision is played on. */
const CARD_CONTROLS =
  '.gcard[data-move-type]:not([aria-disabled="true"]), .deck[data-move-type], .board__target, .stage button[data-move-type]';

/**
 * In the page: whether one of the decision's card controls that the open tab shows is wholly in
 * view — inside the window below the sticky tabs and inside every scrolling box around it.
 * "none" when the open tab shows no card control (only the status bar's buttons).
 */
function cardInView(selector: string): 'yes' | 'none' | false {
  const rendered = [...document.querySelectorAll<HTMLElement>(selector)].filter(
    (el) => el.getClientRects().length > 0 && !(el as HTMLButtonElement).disabled,
  );
  if (rendered.length === 0) return 'none';
  const tabs = document.querySelector('.phone-tabs')?.getBoundingClientRect();
  const top = tabs && tabs.top <= 1 ? tabs.bottom : 0;
  const visible = (el: HTMLElement) => {
    const box = el.getBoundingClientRect();
    const frames = [new DOMRect(0, top, window.innerWidth, window.innerHeight - top)];
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (/(auto|scroll|hidden)/.test(style.overflowX + style.overflowY)) {
        frames.push(node.getBoundingClientRect());
      }
    }
    return frames.every(
      (f) =>
        box.top >= f.top - 1 &&
        box.bottom <= f.bottom + 1 &&
        box.left >= f.left - 1 &&
        box.right <= f.right + 1,
    );
  };
  return rendered.some(visible) ? 'yes' : false;
}

/**
 * How far the page is wider than the phone. Measured against the emulated width, not
 * `innerWidth`: a mobile browser widens its layout viewport to fit a page that overflows.
 */
async function sideways(page: Page): Promise<number> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  return width - (page.viewportSize()?.width ?? 0);
}

/** Elements of the table whose text overflows a box that clips it. */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.table-screen *')]
      .filter((el) => {
        // Text for screen readers only sits in a 1-pixel box on purpose.
        if (el.getBoundingClientRect().width <= 2 || el.children.length > 0) return false;
        if (!el.textContent?.trim()) return false;
        const style = getComputedStyle(el);
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        return clips && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => `${el.className}: ${el.textContent}`),
  );
}

test('a whole game on a phone, by taps only', async ({ page }) => {
  test.setTimeout(480_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await instantBots(page);
  await watchMotion(page);
  await newGame(page, ['human', 'easy'], { seed: 404, flags: ['Resource cards'] });
  const random = rng(21);
  const notShown: string[] = [];
  const tabs = page.getByRole('navigation', { name: 'Table views' });
  let taps = 0;
  let decisions = 0;
  let looked = 0;
  let lookedAway = false;
  for (; taps < 3000; taps++) {
    await page.waitForFunction(
      (selector) =>
        document.querySelector('[data-testid="score"]') !== null ||
        [...document.querySelectorAll<HTMLElement>(selector)].some(
          (el) => el.getClientRects().length > 0,
        ) ||
        document.querySelector('.phone-tabs .has-news') !== null,
      MOVE_BUTTONS,
      { timeout: 60_000 },
    );
    if ((await page.getByTestId('score').count()) > 0) break;
    // The cards of the decision are in view (the table scrolled them there by itself) — unless
    // the test itself has just looked elsewhere (other tabs, another width) since it started.
    const shown = lookedAway
      ? ('skipped' as const)
      : await page
          .waitForFunction(cardInView, CARD_CONTROLS, { timeout: 3_000 })
          .then((handle) => handle.jsonValue())
          .catch(() => false as const);
    lookedAway = false;
    if (shown === 'yes') decisions++;
    if (shown === false) {
      notShown.push(
        `${await page.locator('#decision-title').innerText()} ${await page.evaluate(
          (sel) =>
            JSON.stringify({
              y: window.scrollY,
              tab: document.querySelector('.phone-tabs [aria-pressed=true]')?.textContent,
              c: [...document.querySelectorAll(sel)]
                .filter((e) => e.getClientRects().length > 0)
                .map((e) => {
                  const r = e.getBoundingClientRect();
                  return [
                    e.className.slice(0, 30),
                    Math.round(r.top),
                    Math.round(r.bottom),
                    Math.round(r.left),
                    Math.round(r.right),
                  ];
                }),
            }),
          CARD_CONTROLS,
        )} taps=${taps}`,
      );
    }
    // Now and then: the top line, the rivals, the log, and a narrower phone.
    if (taps % 40 === 5) {
      looked++;
      lookedAway = true;
      const line = page.locator('.top-line');
      const fontSize = await line.evaluate((el) =>
        Number.parseFloat(getComputedStyle(el).fontSize),
      );
      expect((await line.boundingBox())?.height, 'chapter, snitches, turn: one line').toBeLessThan(
        fontSize * 2,
      );
      await tabs.getByRole('button', { name: /Opponents/ }).tap();
      const names = await page
        .locator('.board--compact .chip__name')
        .evaluateAll((els) =>
          els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
        );
      expect(names, 'rivals’ names are whole').toEqual([]);
      expect(await page.locator('.board--compact .chip__name').count()).toBeGreaterThan(0);
      await tabs.getByRole('button', { name: 'Log' }).tap();
      const log = page.locator('.log-scroll');
      const last = page.locator('.log-scroll li').last();
      await expect(last).toBeInViewport();
      const box = await log.boundingBox();
      expect(box && box.y + box.height, 'the log reaches the bottom of the screen').toBeGreaterThan(
        844 * 0.9,
      );
      await page.setViewportSize({ width: 360, height: 740 });
      for (const name of ['Table', /Opponents/, 'Log'] as const) {
        await tabs.getByRole('button', { name }).tap();
        expect(await sideways(page), 'no sideways scroll at 360 px').toBeLessThanOrEqual(0);
        expect(await clipped(page), 'no text cut off at 360 px').toEqual([]);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await tabs.getByRole('button', { name: 'Table' }).tap();
      if (looked === 2) {
        await page.screenshot({ path: `${SCREENSHOTS}/phone-table.png` });
      }
      continue;
    }
    const pass = page.getByTestId('pass-device');
    if (await pass.isVisible()) {
      await pass.getByRole('button').tap();
      continue;
    }
    const indices = await shownMoves(page);
    if (indices.length === 0) {
      // Everything to choose is on another tab: it says "act here".
      await page.locator('.phone-tabs .has-news').first().tap();
      continue;
    }
    const pick = itemOf(indices, Math.floor(random() * indices.length));
    await page.locator(MOVE_BUTTONS).nth(pick).tap();
  }
  await expect(page.getByTestId('score')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/phone-score.png`, fullPage: true });
  expect(notShown, 'decisions whose cards were not in view').toEqual([]);
  expect(decisions, 'decisions played on cards').toBeGreaterThan(20);
  expect(looked).toBeGreaterThan(1);
  const motion = await motionReport(page);
  expect(motion.starts, 'decisions of yours that started while watched').toBeGreaterThan(10);
  expect(motion.moving, 'motion on your board when your decision starts').toEqual([]);
  expect(motion.catching, 'cards in flight that take the pointer').toEqual([]);
  test.info().annotations.push({ type: 'taps', description: String(taps) });
  expect(errors).toEqual([]);
});

test('online on a phone: the chat has a tab of its own', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto('/#/online');
  await page.getByLabel('Your name').fill('Pia');
  await page.getByRole('button', { name: 'Continue' }).tap();
  await expect(page.getByText('You play as Pia.')).toBeVisible();
  // The panels above the link still grow as the account's friends load, and a tap aimed while
  // the link moves lands beside it: tapped again until the form opens.
  const submit = page.getByTestId('create-submit');
  await expect(async () => {
    if (!(await submit.isVisible())) await page.getByTestId('create-table').tap({ timeout: 2_000 });
    await expect(submit).toBeVisible({ timeout: 2_000 });
  }).toPass();
  // The form fits the phone's width (the clock's long options once widened it).
  expect(await sideways(page), 'the Create table form is wider than the phone').toBeLessThanOrEqual(
    0,
  );
  await page.getByText('2 players', { exact: true }).tap();
  await page.getByLabel('Player 2', { exact: true }).selectOption('bot-easy');
  await page.getByTestId('create-submit').tap();
  await page.getByTestId('start-online').tap();
  const tabs = page.getByRole('navigation', { name: 'Table views' });
  await expect(tabs).toBeVisible();
  // Wait for Pia's own decision before opening the chat: when one starts (after the bot's first
  // move, if the bot begins), the phone shows the Table tab, as it should unless she is typing.
  await expect(page.locator('.status-bar.is-mine')).toBeVisible();
  await expect(page.getByTestId('chat')).toBeHidden();
  await tabs.getByRole('button', { name: 'Chat' }).tap();
  const chat = page.getByTestId('chat');
  await expect(chat).toBeVisible();
  await expect(page.locator('.board--mine')).toBeHidden();
  await chat.getByLabel('Message').fill('good luck, bot');
  await chat.getByRole('button', { name: 'Send' }).tap();
  await expect(chat.locator('.chat-lines')).toContainText('good luck, bot');
  // The chat fills the screen: its box reaches the bottom of the window.
  const box = await chat.boundingBox();
  expect(box && box.y + box.height).toBeGreaterThan(844 * 0.9);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENSHOTS}/phone-chat.png` });
  await tabs.getByRole('button', { name: 'Table' }).tap();
  await expect(page.locator('.board--mine')).toBeVisible();
  await expect(chat).toBeHidden();
  expect(errors).toEqual([]);
});
