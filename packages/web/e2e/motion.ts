/**
 * A watch on the table's motion for the browser tests, installed in the page before it loads:
 * each time a decision of the player starts (the status bar turns `is-mine`), it notes what is
 * still animating on the player's own board at that very moment (the DOM change is seen as a
 * microtask, after React has committed and run its layout effects) and again at the next two
 * animation frames; and it notes any card in flight that would take the pointer.
 */
import type { Page } from '@playwright/test';

export interface MotionReport {
  /** Decisions of the player that started while the page was watched. */
  starts: number;
  /** What was animating on the player's board when a decision started ("G12: transform"). */
  moving: string[];
  /** Cards seen in flight that could take a click. */
  catching: string[];
}

export async function watchMotion(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const report = { starts: 0, moving: [] as string[], catching: [] as string[] };
    (window as unknown as { __motion: typeof report }).__motion = report;
    const describe = (animation: Animation): string => {
      const target = (animation.effect as KeyframeEffect | null)?.target as HTMLElement | null;
      const name =
        (animation as CSSAnimation).animationName ??
        (animation as CSSTransition).transitionProperty ??
        'glide';
      const card = target?.closest<HTMLElement>('[data-card]')?.dataset.card ?? target?.className;
      return `${card}: ${name}`;
    };
    const stillMoving = (moment: string) => {
      const board = document.querySelector('.board--mine');
      // Frames later the player may have moved already: what their move sets off is not watched.
      if (!board || !document.querySelector('.status-bar.is-mine')) return;
      for (const animation of board.getAnimations({ subtree: true })) {
        const end = animation.effect?.getComputedTiming().endTime;
        if (animation.playState !== 'running' || end === Number.POSITIVE_INFINITY) continue;
        report.moving.push(`${moment}: ${describe(animation)}`);
      }
    };
    let mine = false;
    const observer = new MutationObserver(() => {
      for (const card of document.querySelectorAll<HTMLElement>('[data-flying]')) {
        if (getComputedStyle(card).pointerEvents !== 'none') {
          report.catching.push(card.dataset.card ?? card.className);
        }
      }
      const now = document.querySelector('.status-bar.is-mine') !== null;
      if (now && !mine) {
        report.starts++;
        stillMoving('at the start');
        requestAnimationFrame(() => {
          stillMoving('one frame later');
          requestAnimationFrame(() => stillMoving('two frames later'));
        });
      }
      mine = now;
    });
    const start = () =>
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['class', 'data-flying'],
      });
    if (document.body) start();
    else document.addEventListener('DOMContentLoaded', start);
  });
}

export async function motionReport(page: Page): Promise<MotionReport> {
  return page.evaluate(() => (window as unknown as { __motion: MotionReport }).__motion);
}
