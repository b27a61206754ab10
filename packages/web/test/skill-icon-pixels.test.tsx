/**
 * Skill icons told apart by shape alone, at the smallest size the table draws them (14 px in a
 * heist's reward list, 15 px on a rival's chips and name tags), in greyscale and as players with
 * each of the three common colour-vision deficiencies see them.
 *
 * Each icon is rendered by Chromium to pixels (an SVG drawn on a canvas, as the page draws it),
 * turned to greyscale or passed through the deficiency's simulation, and reduced to lightness.
 * Two skills must then differ, pixel by pixel, by at least MIN_DIFFERENCE (see there).
 */

import type { Skill } from '@gangsta/engine';
import { type Browser, chromium } from 'playwright-core';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkillIcon } from '../src/cards/SkillIcon.tsx';
import { i18nReady } from '../src/i18n/index.ts';
import { itemOf } from './helpers.ts';

const SKILLS: readonly Skill[] = ['L', 'M', 'I', 'S', 'B', 'H'];
const SIZES = [14, 15] as const;

/**
 * The least shape difference (`shapeDifference`) between two skills. Lightness runs from 0
 * (black) to 1 (white), so 0.115 is, on average over the icon, 11.5% of the full black-to-white
 * range: as much as 26 of a 15 × 15 icon's 225 pixels turned from black to white, a block of
 * about 5 × 5 px, a third of the icon's width, where the two drawings disagree. The icons drawn
 * before this test fell under it: Mercenary's shield against Sniper's crosshair and Brawler's
 * fist, and Hacker's chip against both, at 0.100 to 0.11 (a grey blob each); these are at
 * 0.124 and above.
 */
const MIN_DIFFERENCE = 0.115;

/** A 3 × 3 matrix on linear RGB, row by row. */
type MatrixRow = [number, number, number];
type LinearMatrix = readonly [...MatrixRow, ...MatrixRow, ...MatrixRow];

/** Colour-vision deficiencies (Machado, Oliveira and Fernandes 2009, severity 1), in linear RGB. */
const DEFICIENCIES: Record<string, LinearMatrix | null> = {
  greyscale: null,
  protanopia: [
    0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998,
  ],
  deuteranopia: [
    0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881,
  ],
  tritanopia: [
    1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.3039,
  ],
};

const toLinear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};

/** CIE lightness L* / 100 of a linear-RGB colour. */
function lightness(r: number, g: number, b: number): number {
  const y = Math.min(1, Math.max(0, 0.2126 * r + 0.7152 * g + 0.0722 * b));
  const f = y > 216 / 24389 ? Math.cbrt(y) : ((24389 / 27) * y) / 116 + 16 / 116;
  return (116 * f - 16) / 100;
}

/** The lightness image of RGBA pixels (drawn on white) as seen under a deficiency. */
export function seenLightness(rgba: readonly number[], matrix: LinearMatrix | null): number[] {
  const out: number[] = [];
  for (let i = 0; i < rgba.length; i += 4) {
    const channel = (offset: number) => toLinear(itemOf(rgba, i + offset));
    let [r, g, b] = [channel(0), channel(1), channel(2)];
    if (matrix) {
      const [rr, rg, rb, gr, gg, gb, br, bg, bb] = matrix;
      [r, g, b] = [rr * r + rg * g + rb * b, gr * r + gg * g + gb * b, br * r + bg * g + bb * b];
    }
    out.push(lightness(r, g, b));
  }
  return out;
}

/**
 * What an eye takes in of a small icon: its lightness blurred over about a pixel (the finest
 * detail, a chip's pins or an eye's pupil, is lost at 15 px), each image taken from its own mean
 * (a lighter fill on the same silhouette is not another shape).
 */
function blurred(image: readonly number[], width: number): number[] {
  const kernel = [0.25, 0.5, 0.25];
  const at = (x: number[], i: number, j: number) =>
    itemOf(x, Math.min(width - 1, Math.max(0, i)) * width + Math.min(width - 1, Math.max(0, j)));
  const pass = (x: number[], horizontal: boolean) =>
    x.map((_, k) => {
      const i = Math.floor(k / width);
      const j = k % width;
      return kernel.reduce(
        (sum, w, d) => sum + w * (horizontal ? at(x, i, j + d - 1) : at(x, i + d - 1, j)),
        0,
      );
    });
  const out = pass(pass([...image], true), false);
  const mean = out.reduce((s, v) => s + v, 0) / out.length;
  return out.map((v) => v - mean);
}

/**
 * How far apart two icons' shapes are: the mean absolute difference of their blurred lightness
 * images, at the best alignment within a pixel each way (a drawing shifted by a pixel is the
 * same shape).
 */
export function shapeDifference(a: readonly number[], b: readonly number[]): number {
  const width = Math.round(Math.sqrt(a.length));
  const x = blurred(a, width);
  const y = blurred(b, width);
  let best = Number.POSITIVE_INFINITY;
  for (let di = -1; di <= 1; di++) {
    for (let dj = -1; dj <= 1; dj++) {
      let sum = 0;
      let count = 0;
      for (let i = 1; i < width - 1; i++) {
        for (let j = 1; j < width - 1; j++) {
          sum += Math.abs(itemOf(x, i * width + j) - itemOf(y, (i + di) * width + j + dj));
          count++;
        }
      }
      best = Math.min(best, sum / count);
    }
  }
  return best;
}

let browser: Browser;

beforeAll(async () => {
  await i18nReady;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Each skill's icon as Chromium draws it at `size` px on white: RGBA bytes. */
async function rasterize(size: number): Promise<Record<Skill, number[]>> {
  const markup = Object.fromEntries(
    SKILLS.map((skill) => [
      skill,
      renderToStaticMarkup(<SkillIcon skill={skill} size={size} decorative />).replace(
        '<svg',
        '<svg xmlns="http://www.w3.org/2000/svg"',
      ),
    ]),
  );
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  try {
    return await page.evaluate(
      async ({ markup, size }) => {
        const out: Record<string, number[]> = {};
        for (const [skill, svg] of Object.entries(markup)) {
          const image = new Image();
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = size;
          canvas.height = size;
          const context = canvas.getContext('2d');
          if (!context) throw new Error('no 2d canvas');
          context.fillStyle = '#fff';
          context.fillRect(0, 0, size, size);
          context.drawImage(image, 0, 0, size, size);
          out[skill] = [...context.getImageData(0, 0, size, size).data];
        }
        return out;
      },
      { markup, size },
    );
  } finally {
    await page.close();
  }
}

describe('skill icons at their smallest sizes', () => {
  for (const size of SIZES) {
    it(`every two skills differ in shape at ${size} px, in greyscale and for each deficiency`, async () => {
      const pixels = await rasterize(size);
      const tooClose: string[] = [];
      let least = Number.POSITIVE_INFINITY;
      for (const [condition, matrix] of Object.entries(DEFICIENCIES)) {
        const seen = SKILLS.map((skill) => ({
          skill,
          image: seenLightness(pixels[skill], matrix),
        }));
        for (const [i, a] of seen.entries()) {
          for (const b of seen.slice(i + 1)) {
            const d = shapeDifference(a.image, b.image);
            least = Math.min(least, d);
            if (d < MIN_DIFFERENCE) {
              tooClose.push(`${condition}: ${a.skill}–${b.skill} ${d.toFixed(3)}`);
            }
          }
        }
      }
      if (process.env.SKILL_ICON_REPORT)
        console.log(`${size} px: least difference ${least.toFixed(3)}`);
      expect(tooClose).toEqual([]);
    }, 60_000);
  }

  it('the measure tells a skill from itself apart by nothing, and a blank from an icon by much', () => {
    const icon = Array.from({ length: 225 }, (_, i) => (i % 7 < 3 ? 0.1 : 0.9));
    const blank = Array.from({ length: 225 }, () => 1);
    expect(shapeDifference(icon, icon)).toBe(0);
    expect(shapeDifference(icon, blank)).toBeGreaterThan(MIN_DIFFERENCE);
  });
});
