/**
 * The table's sounds in Chromium: no AudioContext is made before the page's first user gesture,
 * even while bots play on a table that reopened by itself, and one is made after it; every cue,
 * rendered offline through the player's chain at full volume, peaks under −12 dBFS and is as
 * loud as the card's sound within 3 dB (ART.md, "Sound").
 */

import { expect, type Page, test } from '@playwright/test';
import { buildSync } from 'esbuild';
import { itemOf } from '../test/helpers.ts';
import { botGame, continueRecord, firstMoves, randomBots } from './fixtures.ts';

/** Counts the AudioContexts the page makes (installed before the app loads). */
async function countAudioContexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Original = window.AudioContext;
    const counter = { made: 0 };
    (window as unknown as { __audio: typeof counter }).__audio = counter;
    window.AudioContext = class extends Original {
      constructor(options?: AudioContextOptions) {
        super(options);
        counter.made++;
      }
    };
  });
}

function audioContexts(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __audio: { made: number } }).__audio.made);
}

async function moves(page: Page): Promise<number> {
  return Number(await page.getByTestId('decision').getAttribute('data-moves'));
}

test('no AudioContext starts before a user gesture; the first gesture lets the sounds play', async ({
  page,
}) => {
  // Bots at the "fast" speed, so the game runs on for the whole test.
  await page.addInitScript(() => {
    localStorage.setItem('gangsta.settings.v1', JSON.stringify({ botDelayMs: 200 }));
  });
  await countAudioContexts(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  // A game of bots only, continued at the table (that takes clicks: gestures in this page).
  const game = botGame({ players: 2, seed: 5 }, randomBots(2));
  await continueRecord(page, firstMoves(game, 20), randomBots(2));
  // Reloaded, the page reopens the table and the bots play on: no gesture in this page yet.
  await page.reload();
  const table = page.getByTestId('decision');
  await expect(table).toBeVisible();
  const start = await moves(page);
  await expect
    .poll(() => moves(page), { timeout: 30_000, message: `bots move on (${errors.join('; ')})` })
    .toBeGreaterThan(start + 1);
  expect(await audioContexts(page), 'AudioContexts before any gesture').toBe(0);
  // The sound is on by default: a click (on the table's log, which plays no move) lets it start.
  await page.getByRole('log').click();
  const after = await moves(page);
  await expect.poll(() => moves(page), { timeout: 30_000 }).toBeGreaterThan(after + 1);
  expect(await audioContexts(page), 'AudioContexts after the first gesture').toBe(1);
  expect(errors).toEqual([]);
});

test('every cue peaks under −12 dBFS and is as loud as the card within 3 dB', async ({ page }) => {
  // The sound module on its own, bundled for the page.
  const bundle = buildSync({
    entryPoints: ['src/table/motion/sound.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'TableSound',
    write: false,
  });
  // A blank page (the app's own pages allow no inline script).
  await page.setContent('<!doctype html><title>sounds</title>');
  await page.addScriptTag({ content: itemOf(bundle.outputFiles, 0).text });
  const weights = await page.evaluate(async () => {
    const sound = (
      window as unknown as { TableSound: typeof import('../src/table/motion/sound.ts') }
    ).TableSound;
    const out: Record<string, { peakDb: number; loudnessDb: number }> = {};
    for (const cue of sound.CUES) {
      const rate = 44_100;
      const ctx = new OfflineAudioContext(1, rate * 1.2, rate);
      sound.renderCue(ctx, sound.masterChain(ctx, 1), cue, 0.01);
      const data = (await ctx.startRendering()).getChannelData(0);
      let peak = 0;
      let first = -1;
      let last = -1;
      for (const [i, sample] of data.entries()) {
        const level = Math.abs(sample);
        peak = Math.max(peak, level);
        if (level > 0.001) {
          if (first < 0) first = i;
          last = i;
        }
      }
      // Loudness as the RMS over the sounding part, in 50 ms windows, the loudest window kept:
      // what the ear takes from a short sound.
      const window = Math.round(rate * 0.05);
      let loudest = 0;
      for (let from = first; from <= last; from += Math.round(window / 4)) {
        let sum = 0;
        for (const sample of data.subarray(from, from + window)) sum += sample ** 2;
        loudest = Math.max(loudest, Math.sqrt(sum / window));
      }
      out[cue] = { peakDb: 20 * Math.log10(peak), loudnessDb: 20 * Math.log10(loudest) };
    }
    return out;
  });
  console.log(JSON.stringify(weights));
  const card = weights.card?.loudnessDb;
  if (card === undefined) throw new Error('the card cue was not measured');
  for (const [cue, weight] of Object.entries(weights)) {
    expect(weight.peakDb, `${cue} peaks under −12 dBFS`).toBeLessThanOrEqual(-12);
    expect(Math.abs(weight.loudnessDb - card), `${cue} as loud as the card`).toBeLessThanOrEqual(3);
  }
});
