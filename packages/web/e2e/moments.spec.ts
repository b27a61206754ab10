/**
 * Motion with meaning (table/motion/momentMotion.ts): at the normal bot speed a game's moments
 * move (cards dealt from the decks, members engaged, heists and snitches marked), never over a
 * card or control of the player's decision; under prefers-reduced-motion nothing on the table
 * animates, and at the "fast" bot speed the moments stay still.
 */
import { expect, type Page, test } from '@playwright/test';
import { newGame, rng, step } from './helpers.ts';

interface Watch {
  /** `moment-*` animations seen, by id. */
  moments: string[];
  /** Script-made animations of any kind (glides, moments) seen running. */
  scripted: number;
  /** CSS animations or transitions seen running longer than 1 ms. */
  cssLonger: string[];
  /** Moment animations seen over a lit card or a control of the decision. */
  overDecision: string[];
}

/** Watches every animation frame of the page from its start. */
async function watchAnimations(page: Page, botDelayMs: number): Promise<void> {
  await page.addInitScript((delay) => {
    localStorage.setItem('gangsta.settings.v1', JSON.stringify({ botDelayMs: delay }));
    const watch = {
      moments: [] as string[],
      scripted: 0,
      cssLonger: [] as string[],
      overDecision: [] as string[],
    };
    (window as unknown as { __watch: typeof watch }).__watch = watch;
    const seen = new WeakSet<Animation>();
    const crosses = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const frame = () => {
      const lit = [...document.querySelectorAll('.is-legal, [data-move-type]')].map((e) =>
        e.getBoundingClientRect(),
      );
      for (const animation of document.getAnimations()) {
        if (animation.playState !== 'running') continue;
        const target = (animation.effect as KeyframeEffect | null)?.target as Element | null;
        const css = animation instanceof CSSAnimation || animation instanceof CSSTransition;
        if (css) {
          const duration = Number(animation.effect?.getComputedTiming().duration ?? 0);
          if (duration > 1 && !seen.has(animation)) {
            seen.add(animation);
            watch.cssLonger.push(
              `${(animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty} ${duration}`,
            );
          }
          continue;
        }
        if (!seen.has(animation)) {
          seen.add(animation);
          watch.scripted++;
          if (animation.id.startsWith('moment-')) watch.moments.push(animation.id);
        }
        if (animation.id.startsWith('moment-') && target) {
          const box = target.getBoundingClientRect();
          if (lit.some((l) => crosses(box, l))) {
            watch.overDecision.push(`${animation.id} ${target.className}`);
          }
        }
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, botDelayMs);
}

function watched(page: Page): Promise<Watch> {
  return page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);
}

/** Plays `steps` of the player's decisions (or until `enough` says so). */
async function play(page: Page, steps: number, enough?: (w: Watch) => boolean): Promise<void> {
  await newGame(page, ['human', 'random'], { seed: 8 });
  const random = rng(3);
  for (let i = 0; i < steps; i++) {
    if ((await step(page, random)) === 'over') break;
    if (enough?.(await watched(page))) break;
  }
}

test('at the normal bot speed the moments move, never over the decision', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await watchAnimations(page, 700);
  await play(page, 40, (w) => new Set(w.moments).size >= 2 && w.moments.length >= 6);
  const w = await watched(page);
  expect(w.moments.length, 'moment animations seen').toBeGreaterThan(0);
  expect(w.moments).toContain('moment-deal');
  expect(w.overDecision, 'moment motion over a lit card or control').toEqual([]);
});

test('under prefers-reduced-motion nothing on the table animates', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await watchAnimations(page, 700);
  await play(page, 14);
  const w = await watched(page);
  expect(w.moments, 'moment animations').toEqual([]);
  expect(w.scripted, 'glides and other script-made animations').toBe(0);
  expect(w.cssLonger, 'CSS animations longer than 1 ms').toEqual([]);
});

test('at the "fast" bot speed the moments stay still', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await watchAnimations(page, 200);
  await play(page, 14);
  const w = await watched(page);
  expect(w.moments, 'moment animations').toEqual([]);
});
