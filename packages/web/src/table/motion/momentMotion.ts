/**
 * Motion with meaning for the moments of a move, read from its events (ART.md, "Motion"):
 *
 * - a card dealt into a row slides out of its deck (a row refilled, a new chapter's row);
 * - a member engaged for a heist gives a short nod (a lift and a light);
 * - a heist pulled off rings its player's board in gold while the rewards land there
 *   (the floating +$/IP of Deltas.tsx);
 * - a snitch revealed turns the snitch count over like a card;
 * - the gang war flashes the boards of the gangs that lose members in it.
 *
 * (A recruit's flight from the row to its gang is useFlip.ts's glide.) All of it is short
 * (≤ 350 ms), none of it takes the pointer, and none of it runs when the player asked for less
 * motion, when the bots play "fast" or quicker (moves come faster than motion could explain
 * them), or over a card the player must decide on: an animation whose path crosses a lit card
 * is left out. Each animation's id starts with `moment-`, for the tests.
 */
import type { GameEvent } from '@gangsta/engine';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { loadSettings } from '../../game/storage.ts';
import type { TableSnapshot } from '../tableSource.ts';
import { prefersReducedMotion } from './reducedMotion.ts';

/** At this bot delay or less ("fast", "instant"), moves go by without moment motion. */
export const FAST_BOTS_MS = 200;

const EASE = 'cubic-bezier(.2,.8,.2,1)';
/** Deals one after another, 150 ms apart (at most one flight at a time). */
const DEAL_GAP_MS = 150;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function boxOf(element: Element): Box {
  const r = element.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}

function crosses(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The box an element covers on its way from `from` to where it is (both boxes and between). */
function path(element: Element, dx = 0, dy = 0): Box {
  const to = boxOf(element);
  return {
    left: Math.min(to.left, to.left + dx),
    top: Math.min(to.top, to.top + dy),
    right: Math.max(to.right, to.right + dx),
    bottom: Math.max(to.bottom, to.bottom + dy),
  };
}

/** Whether motion over this box would pass over a card or control of the player's decision. */
function overDecision(root: HTMLElement, box: Box): boolean {
  for (const lit of root.querySelectorAll('.is-legal, [data-move-type]')) {
    if (crosses(box, boxOf(lit))) return true;
  }
  return false;
}

function run(
  root: HTMLElement,
  element: HTMLElement,
  id: string,
  keyframes: Keyframe[],
  options: KeyframeAnimationOptions,
  box: Box = path(element),
): void {
  if (overDecision(root, box)) return;
  // The player's own board stands still while they decide (useFlip.ts's rule too).
  if (root.classList.contains('is-deciding') && element.closest('.board--mine')) return;
  const animation = element.animate(keyframes, { ...options, id: `moment-${id}` });
  // A card that moves takes no pointer meanwhile (a click meant for what is under it reaches
  // that); a board that only lights up stays clickable.
  if (!element.matches('[data-card]')) return;
  element.dataset.flying = '';
  const landed = () => {
    if (!element.getAnimations().some((a) => a.id.startsWith('moment-') && a !== animation)) {
      delete element.dataset.flying;
    }
  };
  animation.finished.then(landed, landed);
}

function card(root: HTMLElement, id: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-card="${CSS.escape(id)}"]`);
}

/** A new card in a row slides out of the row's deck. */
function deal(root: HTMLElement, events: readonly GameEvent[]): void {
  const dealt: { row: 'heist' | 'recruit'; card: string }[] = [];
  for (const e of events) {
    if (e.type === 'rowRefilled' && e.card) dealt.push({ row: e.row, card: e.card });
    if (e.type === 'chapterStarted') {
      for (const id of e.row) if (id) dealt.push({ row: 'heist', card: id });
    }
  }
  dealt.forEach((d, i) => {
    const element = card(root, d.card);
    const deck = root.querySelector(`.row--${d.row === 'heist' ? 'heist' : 'gangster'} .deck`);
    if (!element || !deck || !element.closest('.rows')) return;
    const from = boxOf(deck);
    const to = boxOf(element);
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    run(
      root,
      element,
      'deal',
      [
        { transform: `translate(${dx}px, ${dy}px) scale(0.96)`, opacity: 0.4 },
        { transform: 'none', opacity: 1 },
      ],
      { duration: 300, delay: i * DEAL_GAP_MS, easing: EASE, fill: 'backwards' },
      path(element, dx, dy),
    );
  });
}

/** A member engaged for a heist nods: lifted a little and lit, then back. */
function engage(root: HTMLElement, events: readonly GameEvent[]): void {
  for (const e of events) {
    if (e.type !== 'activated') continue;
    const element = card(root, e.member);
    if (!element) continue;
    run(
      root,
      element,
      'engage',
      [
        { transform: 'none', filter: 'none' },
        { transform: 'translateY(-6px) scale(1.04)', filter: 'brightness(1.15)', offset: 0.4 },
        { transform: 'none', filter: 'none' },
      ],
      { duration: 260, easing: 'ease-out' },
    );
  }
}

function board(root: HTMLElement, seat: number): HTMLElement | null {
  return root.querySelector<HTMLElement>(`.board[data-seat="${seat}"]`);
}

/** A heist pulled off: its player's board rings in gold as the rewards land there. */
function heistDone(root: HTMLElement, events: readonly GameEvent[]): void {
  for (const e of events) {
    if (e.type !== 'heistCompleted') continue;
    const element = board(root, e.seat);
    if (!element) continue;
    run(
      root,
      element,
      'heist',
      [
        { boxShadow: '0 0 0 0 rgb(255 191 71 / 0)' },
        { boxShadow: '0 0 0 4px rgb(255 191 71 / 0.9), 0 0 18px rgb(255 191 71 / 0.5)' },
        { boxShadow: '0 0 0 0 rgb(255 191 71 / 0)' },
      ],
      { duration: 350, easing: 'ease-out' },
    );
  }
}

/** A snitch revealed: the snitch count turns over like a card. */
function snitch(root: HTMLElement, events: readonly GameEvent[]): void {
  if (!events.some((e) => e.type === 'snitchRevealed')) return;
  const track = root.querySelector<HTMLElement>('.snitch-track');
  if (!track) return;
  run(
    root,
    track,
    'snitch',
    [{ transform: 'perspective(300px) rotateX(90deg)' }, { transform: 'none' }],
    { duration: 300, easing: EASE },
  );
}

/** The gang war: the boards of the gangs that lose members flash red. */
function gangWar(root: HTMLElement, events: readonly GameEvent[]): void {
  for (const e of events) {
    if (e.type !== 'gangWar') continue;
    for (const seat of e.losers) {
      const element = board(root, seat);
      if (!element) continue;
      run(
        root,
        element,
        'gangWar',
        [
          { boxShadow: '0 0 0 0 rgb(255 138 128 / 0)' },
          { boxShadow: '0 0 0 4px rgb(255 138 128 / 0.9), 0 0 16px rgb(255 138 128 / 0.5)' },
          { boxShadow: '0 0 0 0 rgb(255 138 128 / 0)' },
        ],
        { duration: 350, easing: 'ease-out' },
      );
    }
  }
}

/** Whether the moments of a move may move at all now. */
export function momentMotionAllowed(): boolean {
  return !prefersReducedMotion() && loadSettings().botDelayMs > FAST_BOTS_MS;
}

/** Plays the moment motion of every new move, once the table shows its result. */
export function useMomentMotion(
  root: RefObject<HTMLElement | null>,
  snapshot: Pick<TableSnapshot, 'lastMove' | 'log'>,
): void {
  const seen = useRef(snapshot.lastMove?.index ?? -1);
  useLayoutEffect(() => {
    const last = snapshot.lastMove;
    const element = root.current;
    if (!last || last.index === seen.current || !element) return;
    seen.current = last.index;
    if (typeof element.animate !== 'function' || !momentMotionAllowed()) return;
    const events = snapshot.log.filter((e) => e.moveIndex === last.index).map((e) => e.event);
    deal(element, events);
    engage(element, events);
    heistDone(element, events);
    snitch(element, events);
    gangWar(element, events);
  }, [root, snapshot.lastMove, snapshot.log]);
}
