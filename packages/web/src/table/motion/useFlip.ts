/**
 * Cards glide to their new place after a move (a recruit from the row to a gang, a heist to the
 * middle of the table): the "FLIP" technique. After each render the position of every card
 * (`[data-card]`) is noted; when the move number changes, a card found elsewhere than before
 * starts from its old place and slides to the new one. New cards fade in.
 *
 * Motion never fights input. While a card flies it takes no pointer (`data-flying`): a click
 * meant for a control under it reaches that control. And while the viewer decides, nothing the
 * decision is played on moves: the viewer's own board and every card that is a control stand
 * still at once (no glide starts there, and what was still running there is finished), so the
 * card under the pointer is the card that was aimed at.
 */
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { prefersReducedMotion } from './reducedMotion.ts';

const DURATION_MS = 420;

interface Place {
  x: number;
  y: number;
}

function places(root: HTMLElement): Map<string, Place> {
  const out = new Map<string, Place>();
  for (const element of root.querySelectorAll<HTMLElement>('[data-card]')) {
    const id = element.dataset.card;
    if (!id || out.has(id)) continue;
    const box = element.getBoundingClientRect();
    out.set(id, { x: box.left + box.width / 2, y: box.top + box.height / 2 });
  }
  return out;
}

/** Flights under way per card: a card may start a new one before the last has landed. */
const flights = new WeakMap<HTMLElement, number>();

/** Runs a card's animation with the card taking no pointer until it is over. */
function fly(element: HTMLElement, keyframes: Keyframe[], options: KeyframeAnimationOptions): void {
  const animation = element.animate(keyframes, options);
  flights.set(element, (flights.get(element) ?? 0) + 1);
  element.dataset.flying = '';
  const landed = () => {
    const left = (flights.get(element) ?? 1) - 1;
    flights.set(element, left);
    if (left === 0) delete element.dataset.flying;
  };
  animation.finished.then(landed, landed);
}

/** The viewer's own board, or a control of the decision: what must not move while they decide. */
export function standsStill(element: Element): boolean {
  return (
    element.closest('.board--mine') !== null ||
    element.closest('[data-move-type]') !== null ||
    element.querySelector('[data-move-type]') !== null
  );
}

/**
 * Finishes, at once, every finite animation or transition on the viewer's own board and on the
 * controls of the decision (endless ones, such as a spinner, are left alone).
 */
export function settle(root: Element): void {
  for (const animation of root.getAnimations?.({ subtree: true }) ?? []) {
    const target = (animation.effect as KeyframeEffect | null)?.target;
    if (!target || !standsStill(target)) continue;
    if (animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY) continue;
    animation.finish();
  }
}

/** Lands every card still in flight at once. */
function land(root: Element): void {
  for (const animation of root.getAnimations?.({ subtree: true }) ?? []) {
    const target = (animation.effect as KeyframeEffect | null)?.target;
    if (target instanceof HTMLElement && target.dataset.card !== undefined) animation.finish();
  }
}

/**
 * @param deciding the viewer has a decision to make now: their board and the decision's
 *   controls stand still.
 * @param scene what the table shows: the seat whose view it is, or "over" once the final score
 *   is up. When it changes nothing glides (a hot-seat switch moves no card; a card must not
 *   fly over the score table), and what was flying lands.
 */
export function useFlip(
  root: RefObject<HTMLElement | null>,
  moveCount: number,
  deciding: boolean,
  scene: string | number | null = null,
): void {
  const before = useRef<Map<string, Place> | null>(null);
  const lastCount = useRef(moveCount);
  const lastScene = useRef(scene);
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    const now = places(element);
    const previous = before.current;
    before.current = now;
    const sameScene = lastScene.current === scene;
    lastScene.current = scene;
    if (!sameScene || scene === 'over') land(element);
    const moved =
      previous !== null && lastCount.current !== moveCount && sameScene && scene !== 'over';
    lastCount.current = moveCount;
    const animate =
      moved && !prefersReducedMotion() && typeof element.animate === 'function' && previous;
    if (animate) {
      for (const card of element.querySelectorAll<HTMLElement>('[data-card]')) {
        if (deciding && standsStill(card)) continue;
        const id = card.dataset.card ?? '';
        const from = previous.get(id);
        const to = now.get(id);
        if (!to) continue;
        if (!from) {
          fly(card, [{ opacity: 0 }, { opacity: 1 }], { duration: DURATION_MS });
          continue;
        }
        const dx = from.x - to.x;
        const dy = from.y - to.y;
        if (Math.abs(dx) > 3 || Math.abs(dy) > 3) {
          fly(
            card,
            [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }],
            {
              duration: DURATION_MS,
              easing: 'cubic-bezier(.2,.8,.2,1)',
              composite: 'add',
            },
          );
        }
      }
    }
    if (deciding) settle(element);
  });
}
