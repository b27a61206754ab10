/**
 * When a decision of the viewer starts, the cards it is played on are shown: on a phone the tab
 * that holds them is opened (the rivals' boards for a Diversion or a Theft, the table for
 * anything else), then, if none of them is in view, the first is scrolled into view — inside
 * the table's own scrolling areas and the page, never by moving boxes that do not scroll.
 * Only once per decision, so a player who scrolls away to look around is not pulled back; and
 * not while they type in the chat.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { TableTab } from './PhoneTabs.tsx';

/** The layout switches to tabs at this width (styles.css, the phone media query). */
export const PHONE_QUERY = '(max-width: 760px)';

/** Whether the table is laid out for a phone now (follows rotation and resizing). */
export function usePhone(): boolean {
  const [phone, setPhone] = useState(
    () => typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches,
  );
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia(PHONE_QUERY);
    const update = () => setPhone(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return phone;
}

/** The controls a decision is played on: cards, decks, the choice buttons on boards and stage. */
const CARD_CONTROLS =
  '.gcard[data-move-type]:not([aria-disabled="true"]), .deck[data-move-type], .board__target:not(:disabled), .stage button[data-move-type]:not(:disabled)';

/** The decision's card controls in the table area and on the rivals' boards. */
export function controlsOf(root: ParentNode): { table: HTMLElement[]; opponents: HTMLElement[] } {
  const inArea = (area: string) => [
    ...root.querySelectorAll<HTMLElement>(`${area} :is(${CARD_CONTROLS})`),
  ];
  return { table: inArea('.table-main'), opponents: inArea('.opponents') };
}

function scrolls(element: Element): boolean {
  const style = getComputedStyle(element);
  const y = /(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight;
  const x = /(auto|scroll)/.test(style.overflowX) && element.scrollWidth > element.clientWidth;
  return x || y;
}

/** Scrolling ancestors of `element`, nearest first (the page itself not included). */
function scrollers(element: Element): Element[] {
  const out: Element[] = [];
  for (
    let node = element.parentElement;
    node && node !== document.body;
    node = node.parentElement
  ) {
    if (node !== document.documentElement && scrolls(node)) out.push(node);
  }
  return out;
}

/** The top of the page's visible area: below the sticky phone tabs when they are shown. */
function pageTop(element: Element): number {
  const tabs = element.closest('.table-screen')?.querySelector('.phone-tabs');
  const box = tabs?.getBoundingClientRect();
  return box && box.height > 0 && box.top <= 1 ? box.bottom : 0;
}

/** Whether the whole element can be seen: inside every scrolling box around it and the window. */
export function inView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  const frames = scrollers(element).map((s) => s.getBoundingClientRect());
  frames.push(
    new DOMRect(0, pageTop(element), window.innerWidth, window.innerHeight - pageTop(element)),
  );
  return frames.every(
    (f) =>
      box.top >= f.top - 1 &&
      box.bottom <= f.bottom + 1 &&
      box.left >= f.left - 1 &&
      box.right <= f.right + 1,
  );
}

const MARGIN = 12;

/** How far to scroll so that [start, end] fits in [low, high], the start first. */
function offset(start: number, end: number, low: number, high: number): number {
  if (start < low) return start - low - MARGIN;
  if (end > high) return Math.min(end - high + MARGIN, start - low - MARGIN);
  return 0;
}

/**
 * Scrolls the element's scrolling boxes, then the page, until it is in view. Sideways, a row
 * of cards snaps to the start of a card: the card is brought to the start of the row, so the
 * snap keeps it there instead of pulling the row back by a few pixels.
 */
export function bringIntoView(element: Element): void {
  for (const scroller of scrollers(element)) {
    const frame = scroller.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    scroller.scrollTop += offset(box.top, box.bottom, frame.top, frame.bottom);
    if (box.left < frame.left || box.right > frame.right) {
      scroller.scrollLeft += box.left - frame.left;
    }
  }
  const box = element.getBoundingClientRect();
  const dy = offset(box.top, box.bottom, pageTop(element), window.innerHeight);
  if (dy !== 0) window.scrollBy(0, dy);
}

/**
 * @param key changes with the viewer's legal moves: a new decision (or a new step of one).
 */
export function useShowDecision(
  root: RefObject<HTMLElement | null>,
  key: string,
  mine: boolean,
  phone: boolean,
  tab: TableTab,
  setTab: (tab: TableTab) => void,
): void {
  const due = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per new set of legal moves
  useEffect(() => {
    const element = root.current;
    if (!mine || !element) return;
    due.current = true;
    const typing = document.activeElement?.closest('.chat, input, textarea') != null;
    if (!phone || typing) return;
    const { table, opponents } = controlsOf(element);
    if (table.length === 0 && opponents.length > 0 && tab !== 'opponents') setTab('opponents');
    else if (table.length > 0 && opponents.length === 0 && tab !== 'table') setTab('table');
  }, [key]);
  // Runs after the effect above, and again once a tab it opened is drawn. A frame later: the
  // status bar focuses its line for keyboard users after a move, and the browser scrolls a
  // focused element into view; the cards must be shown after that, not before.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!due.current) return;
    const frame = requestAnimationFrame(() => {
      const element = root.current;
      if (!due.current || !element) return;
      const { table, opponents } = controlsOf(element);
      const shown = [...table, ...opponents].filter((c) => c.getClientRects().length > 0);
      const first = shown[0];
      if (first === undefined) return;
      due.current = false;
      if (shown.some(inView)) return;
      bringIntoView(first);
    });
    return () => cancelAnimationFrame(frame);
  }, [key, tab]);
}
