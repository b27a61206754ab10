/**
 * The card art in the browser (ART.md): every card on the table shows its picture (a portrait or
 * a scene that loaded), the self-hosted faces are the ones drawn, an engaged member keeps its
 * text upright (a slight tilt, never a quarter turn), the rivals' chips carry their portraits,
 * and the Credits dialog opens from the welcome screen and names every asset. Screenshots of the
 * table with 2, 3 and 4 players at 1440×900 and 390×844, in English and German, land in
 * test-results/screenshots/art-*.png for a person to look at.
 */
import { type GameRecord, pendingDecision } from '@gangsta/engine';
import { expect, type Page, test } from '@playwright/test';
import { botGame, continueRecord, cutAt, randomBots } from './fixtures.ts';
import { goHome, instantBots, newGame, SCREENSHOTS, type SeatKind } from './helpers.ts';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Every card picture in the page has loaded (an SVG with a size), none is broken. */
async function brokenArt(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const images = [
      ...document.querySelectorAll<HTMLImageElement>(
        '.gcard__art, .chip__portrait img, .deck__back',
      ),
    ];
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    return images.filter((image) => image.naturalWidth === 0).map((image) => image.src);
  });
}

async function setLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate((code) => localStorage.setItem('gangsta.language', code), language);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByTestId('decision')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

/** A 4-player game at seat 0's heist builder, two rivals with engaged members (as words.spec). */
function middleOfAGame(): GameRecord {
  const game = botGame({ players: 4, seed: 21, families: true, resources: true }, randomBots(4));
  return cutAt(
    game,
    (state) => {
      const decision = pendingDecision(state);
      const engagedRivals = state.players
        .slice(1)
        .filter((player) => player.gang.some((member) => member.engaged)).length;
      return decision.kind === 'activate' && decision.seat === 0 && engagedRivals >= 2;
    },
    20,
  );
}

test('the welcome screen opens the Credits, which name every asset', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await goHome(page);
  await page.screenshot({ path: `${SCREENSHOTS}/art-welcome-1440-en.png` });
  await page.getByRole('button', { name: 'Credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Credits' });
  await expect(dialog).toBeVisible();
  for (const pkg of [
    '@fontsource/oswald',
    '@fontsource/atkinson-hyperlegible',
    '@iconify-json/game-icons',
  ]) {
    await expect(dialog.locator(`[data-package="${pkg}"]`)).toBeVisible();
  }
  await page.screenshot({ path: `${SCREENSHOTS}/art-credits-1440-en.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

for (const seats of [
  ['human', 'easy'],
  ['human', 'easy', 'easy'],
] as SeatKind[][]) {
  test(`the table with ${seats.length} players shows every card's art, in English and German`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await instantBots(page);
    await page.setViewportSize(DESKTOP);
    await newGame(page, seats, { seed: 7, flags: ['Families'] });
    await expect(page.getByTestId('decision')).toBeVisible();
    for (const language of ['en', 'de']) {
      await setLanguage(page, language);
      for (const [name, viewport] of [
        ['1440', DESKTOP],
        ['390', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(300);
        expect(await brokenArt(page)).toEqual([]);
        await page.screenshot({
          path: `${SCREENSHOTS}/art-table-${seats.length}p-${name}-${language}.png`,
        });
      }
      await page.setViewportSize(DESKTOP);
    }
    // Every member and heist card on the table has a picture, and names are set in Oswald.
    const cards = page.locator('.gcard--gangster:not(.gcard--chip), .gcard--heist');
    expect(await cards.count()).toBeGreaterThan(3);
    await expect(
      page.locator('.gcard--gangster:not(.gcard--chip) .gcard__art').first(),
    ).toBeVisible();
    const fonts = await page.evaluate(() => ({
      display: document.fonts.check('600 14px Oswald'),
      text: document.fonts.check('400 14px "Atkinson Hyperlegible"'),
      family: getComputedStyle(document.querySelector('.gcard__nameplate') as Element).fontFamily,
    }));
    expect(fonts.display).toBe(true);
    expect(fonts.text).toBe(true);
    expect(fonts.family).toContain('Oswald');
    // A card enlarged (hover).
    await page.locator('.row--gangster .gcard').first().hover();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SCREENSHOTS}/art-zoom-${seats.length}p-1440-de.png` });
  });
}

test('4 players in the middle of a game: chips with portraits, engaged members upright and stamped', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await instantBots(page);
  await page.setViewportSize(DESKTOP);
  // At a table first (as words.spec does), then the record opened from the game menu.
  await newGame(page, ['human', 'easy'], { seed: 3 });
  await expect(page.getByTestId('decision')).toBeVisible();
  await continueRecord(page, middleOfAGame(), ['human', 'medium', 'medium', 'medium']);
  for (const language of ['en', 'de']) {
    await setLanguage(page, language);
    for (const [name, viewport] of [
      ['1440', DESKTOP],
      ['390', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      expect(await brokenArt(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/art-table-4p-${name}-${language}.png` });
    }
  }
  await setLanguage(page, 'en');
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await expect(page.locator('.chip__portrait img').first()).toBeVisible();
  // An engaged rival's chip keeps its light face under the hatch: its dark words never sit on
  // the dark table (the hatch alone once replaced the face and left them unreadable).
  const engagedChip = page.locator('.chip--engaged').first();
  await expect(engagedChip).toBeVisible();
  const face = await engagedChip.evaluate((element) => {
    const colour = getComputedStyle(element).backgroundColor;
    const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    if (r === undefined || g === undefined || b === undefined) {
      throw new Error(`the chip's background ${colour} is not an rgb colour`);
    }
    const linear = (c: number) => {
      const v = c / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return { alpha: a, luminance: 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b) };
  });
  expect(face.alpha).toBe(1);
  expect(face.luminance).toBeGreaterThan(0.5);
  // A card enlarged (hover on a card of the gang).
  await page.locator('.board--mine .gcard').first().hover();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${SCREENSHOTS}/art-zoom-4p-1440-en.png` });
  // A rival's gang full size: its engaged members tilt a few degrees at most, and are stamped.
  const board = page
    .locator('.board')
    .filter({ has: page.locator('.chip--engaged') })
    .first();
  await board.getByRole('button', { name: /Show cards/ }).click();
  const dialog = page.getByTestId('gang-dialog');
  await expect(dialog).toBeVisible();
  const engaged = dialog.locator('.gcard.is-engaged').first();
  await expect(engaged).toBeVisible();
  await expect(engaged.locator('.gcard__stamp')).toHaveText(/engaged/i);
  const angle = await engaged.evaluate((element) => {
    const matrix = new DOMMatrix(getComputedStyle(element).transform);
    return Math.abs((Math.atan2(matrix.b, matrix.a) * 180) / Math.PI);
  });
  expect(angle).toBeGreaterThan(0);
  expect(angle).toBeLessThan(5);
  // Upright: the name reads left to right (its box is wider than tall, as on a card in hand).
  const name = await engaged.locator('.gcard__nameplate').boundingBox();
  expect(name && name.width > name.height).toBe(true);
  await page.screenshot({ path: `${SCREENSHOTS}/art-gang-dialog-1440-en.png` });
});
