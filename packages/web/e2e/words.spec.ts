/**
 * No text of the table is cut off, in any of the five languages, on a desktop (1440×900) and
 * on a phone (390×844): no element whose text is wider or taller than the box that clips it
 * (overflow hidden or clip, or an ellipsis). The table is shown at the start of a game with
 * both variants, then in the middle of one (the heist builder, the rivals' engaged members):
 * that game is played by bots in Node to the moment the player puts a heist together, with
 * members already activated and two rivals with engaged members (fixtures.ts), opened as a
 * game file and continued at the table against three medium bots.
 */
import { type GameRecord, pendingDecision } from '@gangsta/engine';
import { expect, type Page, test } from '@playwright/test';
import { botGame, continueRecord, cutAt, randomBots } from './fixtures.ts';
import { instantBots, newGame } from './helpers.ts';

/** A 4-player game with both variants, at seat 0's heist builder in the middle of the game. */
function middleOfAGame(): GameRecord {
  const game = botGame({ players: 4, seed: 21, families: true, resources: true }, randomBots(4));
  return cutAt(
    game,
    (state) => {
      const decision = pendingDecision(state);
      const engagedRivals = state.players
        .slice(1)
        .filter((player) => player.gang.some((member) => member.engaged)).length;
      return (
        decision.kind === 'activate' &&
        decision.seat === 0 &&
        (state.heist?.activated.length ?? 0) > 0 &&
        engagedRivals >= 2
      );
    },
    20,
  );
}

const LANGUAGES = ['en', 'pt', 'nl', 'fr', 'de'] as const;

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/**
 * Elements of the table whose own text does not fit the box that clips it. Only elements
 * that hold text directly are judged (a scrolling panel is not "cut off"), and only boxes that
 * clip: overflow hidden/clip, or text-overflow ellipsis.
 */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.querySelector('[data-testid="decision"]') ?? document.body;
    for (const element of root.querySelectorAll<HTMLElement>('*')) {
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!ownText || element.getClientRects().length === 0) continue;
      if (element.closest('.sr-only, .gcard-sr-only, [aria-hidden="true"]')) continue;
      // The phone's folded turn summary is a preview, cut at the end of each line on purpose:
      // its "More" button opens the whole text, which is checked opened (see `check`).
      if (element.closest('.turn-summary--compact:not(.is-open)')) continue;
      // The box that clips this text: the element itself or the nearest clipping ancestor
      // within its card or panel.
      let clipper: HTMLElement | null = element;
      let clips = false;
      for (let depth = 0; clipper && depth < 4; depth++, clipper = clipper.parentElement) {
        const style = getComputedStyle(clipper);
        const scrolls =
          ['auto', 'scroll'].includes(style.overflowX) ||
          ['auto', 'scroll'].includes(style.overflowY);
        if (scrolls) break;
        if (
          ['hidden', 'clip'].includes(style.overflowX) ||
          ['hidden', 'clip'].includes(style.overflowY) ||
          style.textOverflow === 'ellipsis'
        ) {
          clips = true;
          break;
        }
      }
      if (!clips || !clipper) continue;
      const box = clipper.getBoundingClientRect();
      const wide =
        element.scrollWidth > element.clientWidth + 1 &&
        getComputedStyle(element).overflowX !== 'visible';
      // The element's own words (its text nodes, not a screen-reader-only child): any of
      // them beyond the clipping box is cut off.
      let spills = false;
      for (const node of element.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || (node.textContent ?? '').trim() === '') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          if (r.width === 0) continue;
          if (
            r.left < box.left - 1 ||
            r.right > box.right + 1 ||
            r.top < box.top - 1 ||
            r.bottom > box.bottom + 1
          ) {
            spills = true;
          }
        }
      }
      if (wide || spills) {
        const where =
          element.closest('[data-card]')?.getAttribute('data-card') ??
          element.closest('[class]')?.className ??
          element.tagName;
        found.push(
          `"${(element.textContent ?? '').trim().slice(0, 40)}" in ${element.tagName.toLowerCase()}.${element.className} (${where})`,
        );
      }
    }
    return [...new Set(found)];
  });
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test(`no text of the table is cut off at ${size.viewport.width}×${size.viewport.height}, in five languages`, async ({
      page,
    }) => {
      test.setTimeout(600_000);
      await instantBots(page);
      await newGame(page, ['human', 'medium', 'medium', 'medium'], {
        seed: 21,
        flags: ['Families', 'Resource cards'],
      });
      await expect(page.getByTestId('decision')).toBeVisible();
      const problems: string[] = [];
      const check = async (moment: string, builder: boolean) => {
        for (const language of LANGUAGES) {
          // The game in progress is saved after every move: a reload reopens it in the language.
          await page.evaluate((code) => localStorage.setItem('gangsta.language', code), language);
          await page.reload();
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByTestId('decision')).toBeVisible();
          if (builder) await expect(page.getByTestId('heist-builder')).toBeVisible();
          // Fonts and the lazily loaded locale settle before measuring.
          await page.evaluate(() => document.fonts.ready);
          await page.waitForTimeout(500);
          for (const line of await cutOff(page)) problems.push(`${moment}, ${language}: ${line}`);
          // A folded turn summary (phone), opened: every word of it then shows.
          const more = page.getByTestId('turn-summary').locator('.turn-summary__more');
          if ((await more.count()) > 0 && (await more.getAttribute('aria-expanded')) === 'false') {
            await more.click();
            await page.waitForTimeout(300);
            for (const line of await cutOff(page)) {
              problems.push(`${moment}, ${language}, summary opened: ${line}`);
            }
          }
        }
      };
      // The check finds a text that is cut off (so it cannot pass by seeing nothing).
      await page.evaluate(() => {
        const probe = document.createElement('span');
        probe.id = 'cut-probe';
        probe.textContent = 'Gefangenentransport';
        probe.style.cssText = 'display:inline-block;width:30px;overflow:hidden;white-space:nowrap';
        document.querySelector('[data-testid="decision"]')?.append(probe);
      });
      expect((await cutOff(page)).some((line) => line.includes('Gefangenentransport'))).toBe(true);
      await page.evaluate(() => document.getElementById('cut-probe')?.remove());
      await check('start', false);
      // Into the game: the heist builder is open, the rivals' boards have engaged members and
      // cards.
      await continueRecord(page, middleOfAGame(), ['human', 'medium', 'medium', 'medium']);
      await check('in the middle of a game', true);
      expect(problems).toEqual([]);
    });
  });
}
