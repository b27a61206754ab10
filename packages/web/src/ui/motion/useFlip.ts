/**
 * Cards glide to their new place after a move (a recruit from the row to a gang, a heist to the
 * middle of the table): the "FLIP" technique. After each render the position of every card
 * (`[data-card]`) is noted; when the move number changes, a card found elsewhere than before
 * starts from its old place and slides to the new one. New cards fade in.
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

function glide(element: HTMLElement, dx: number, dy: number): void {
  element.animate(
    [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }],
    { duration: DURATION_MS, easing: 'cubic-bezier(.2,.8,.2,1)', composite: 'add' },
  );
}

export function useFlip(root: RefObject<HTMLElement | null>, moveCount: number): void {
  const before = useRef<Map<string, Place> | null>(null);
  const lastCount = useRef(moveCount);
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    const now = places(element);
    const previous = before.current;
    before.current = now;
    if (previous === null || lastCount.current === moveCount) return;
    lastCount.current = moveCount;
    if (prefersReducedMotion() || typeof element.animate !== 'function') return;
    for (const card of element.querySelectorAll<HTMLElement>('[data-card]')) {
      const id = card.dataset.card ?? '';
      const from = previous.get(id);
      const to = now.get(id);
      if (!to) continue;
      if (!from) {
        card.animate([{ opacity: 0 }, { opacity: 1 }], { duration: DURATION_MS });
        continue;
      }
      const dx = from.x - to.x;
      const dy = from.y - to.y;
      if (Math.abs(dx) > 3 || Math.abs(dy) > 3) glide(card, dx, dy);
    }
  });
}
