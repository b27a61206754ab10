/**
 * One card on the table as the current decision sees it: highlighted and clickable when a legal
 * move names it, dimmed with its reason when the decision is about it but it cannot be chosen,
 * plain otherwise. Hover, keyboard focus or a long press enlarge it (the zoom).
 */
import type { CardSet, Member } from '@gangsta/engine';
import { type PointerEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFace, ScreenReaderText } from '../../cards/index.ts';
import { useTablePlay } from '../tablePlay.tsx';
import { ChipFace } from './ChipFace.tsx';
import type { CardState } from './cardStates.ts';
import { reasonText } from './reasonText.ts';
import { useZoom, type ZoomTarget } from './zoom.tsx';

export interface TableCardProps {
  cards: CardSet;
  id: string;
  member?: Member | undefined;
  active?: boolean | undefined;
  state?: CardState | undefined;
  /** A readable chip instead of the card (the rivals' boards): whole name and skills. */
  chip?: boolean | undefined;
  flash?: boolean | undefined;
  hinted?: boolean | undefined;
  selected?: boolean | undefined;
  /** The place of this member in the "engage everyone" order. */
  order?: number | undefined;
  /** A visible line at the foot of the card (a price for the viewer). */
  note?: string | undefined;
  /** A badge over the card ("Doable"). */
  badge?: ReactNode;
}

const LONG_PRESS_MS = 450;
/** How far a finger may drift during a long press (farther is a scroll). */
const MOVE_TOLERANCE_PX = 10;

function classNames(props: TableCardProps): string {
  const { state } = props;
  return [
    state?.kind === 'legal' && 'is-legal',
    state?.kind === 'legal' && state.doable && 'is-doable',
    state?.kind === 'blocked' && 'is-dimmed',
    props.flash && 'flash',
    props.hinted && 'hinted',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Long press on touch screens opens the zoom and swallows the click that follows; a tap never
 * opens it. A finger that moves (a scroll of the row or the page) is no long press.
 */
function useLongPress(open: (element: HTMLElement) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };
  // A card that leaves the table mid-press must not open a zoom afterwards.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleanup on unmount only
  useEffect(() => cancel, []);
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      fired.current = false;
      cancel();
      if (event.pointerType !== 'touch') return;
      const element = event.currentTarget;
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        fired.current = true;
        open(element);
      }, LONG_PRESS_MS);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const from = start.current;
      if (!from || event.pointerType !== 'touch') return;
      if (Math.hypot(event.clientX - from.x, event.clientY - from.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onClickCapture: (event: { stopPropagation: () => void; preventDefault: () => void }) => {
      if (!fired.current) return;
      fired.current = false;
      event.stopPropagation();
      event.preventDefault();
    },
    // The long press's own context menu ("open image…") would cover the zoom.
    onContextMenu: (event: { preventDefault: () => void }) => {
      if (fired.current || timer.current) event.preventDefault();
    },
  };
}

/**
 * Whether the last input was a finger. The browser moves its idea of a mouse to each tap, and
 * when the page then scrolls or changes under that spot it sends "mouse" hovers there by
 * itself; only a mouse that really moves, or a key, ends a touch spell.
 */
let touching = false;
let watching = false;
function watchTouch(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener(
    'pointerdown',
    (event) => {
      touching = event.pointerType === 'touch';
    },
    true,
  );
  // A key pressed ends it too: keyboard focus enlarges the focused card again.
  document.addEventListener(
    'keydown',
    () => {
      touching = false;
    },
    true,
  );
  document.addEventListener(
    'pointermove',
    (event) => {
      if (event.pointerType === 'mouse' && (event.movementX !== 0 || event.movementY !== 0)) {
        touching = false;
      }
    },
    true,
  );
}

/**
 * Hover enlarges a card for a mouse (or a pen held above the screen) only: a touch screen
 * sends a hover with every tap, and a zoom opened by it covered the status bar after each tap.
 */
function hovers(event: PointerEvent<HTMLElement>): boolean {
  return (event.pointerType === 'mouse' || event.pointerType === 'pen') && !touching;
}

export function TableCard(props: TableCardProps) {
  const { t } = useTranslation();
  const { state, id } = props;
  const { play: onPlay, moveText } = useTablePlay();
  const zoom = useZoom();
  const hover = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clearHover = () => {
    if (hover.current) clearTimeout(hover.current);
    hover.current = null;
  };
  const legal = state?.kind === 'legal' && onPlay ? state.move : null;
  const reason = state?.kind === 'blocked' ? reasonText(t, state.reason) : null;
  const note = reason ?? (legal && moveText ? moveText(legal) : undefined);
  const self = useRef<HTMLSpanElement>(null);
  useEffect(watchTouch, []);
  /** What the zoom shows of this card now (its box is measured when shown). */
  const details = (element: HTMLElement): ZoomTarget => {
    const box = element.getBoundingClientRect();
    return {
      id,
      member: props.member,
      active: props.active,
      note,
      blocked: reason !== null,
      rect: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
    };
  };
  // The timers open the zoom with the card as it is then, not as it was when they started.
  const latest = useRef(details);
  latest.current = details;
  const open = (element: HTMLElement) => {
    if (!element.isConnected) return;
    zoom.show(latest.current(element));
  };
  // An open zoom follows its card: engaged, readied, a new reason (measured again then).
  const shown = zoom.target?.id === id ? zoom.target : null;
  useEffect(() => {
    const element = self.current;
    if (!shown || !element?.isConnected) return;
    if (
      shown.member === props.member &&
      shown.active === props.active &&
      shown.note === note &&
      shown.blocked === (reason !== null)
    ) {
      return;
    }
    zoom.show(details(element));
  });
  // A card that leaves the table (recruited, discarded) takes its zoom along, and must not
  // open one afterwards.
  const { hide } = zoom;
  useEffect(
    () => () => {
      if (hover.current) clearTimeout(hover.current);
      hide(id);
    },
    [hide, id],
  );
  const longPress = useLongPress(open);
  const Face = props.chip ? ChipFace : CardFace;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer handlers only open the zoom; the card inside is the control
    <span
      ref={self}
      className={`tcard${props.chip ? ' tcard--chip' : ''}`}
      data-order={props.order}
      data-legal={legal ? 'true' : undefined}
      onPointerEnter={(e) => {
        if (!hovers(e)) return;
        const element = e.currentTarget;
        clearHover();
        hover.current = setTimeout(() => open(element), 300);
      }}
      onPointerLeave={(e) => {
        clearHover();
        // A finger lifted off the card ends its pointer there: the zoom of a long press stays
        // until the next touch elsewhere (TableScreen closes it) or a move changes the table.
        if (hovers(e)) zoom.hide(id);
      }}
      onPointerDownCapture={clearHover}
      onFocus={(e) => {
        // Focus after a tap (the page's own focus moves included) is no keyboard focus.
        if (e.target.matches(':focus-visible') && !touching) open(e.currentTarget);
      }}
      onBlur={() => zoom.hide(id)}
      {...longPress}
    >
      <Face
        cards={props.cards}
        id={id}
        member={props.member}
        active={props.active}
        className={classNames(props)}
        selected={props.selected ? true : undefined}
        onSelect={legal || reason ? () => legal && onPlay?.(legal) : undefined}
        disabled={reason !== null}
        moveType={legal?.type}
      >
        {props.note || legal || reason ? (
          <>
            {props.note ? <span className="card-note">{props.note}</span> : null}
            {legal && moveText ? <ScreenReaderText>{moveText(legal)}</ScreenReaderText> : null}
            {reason ? <span className="card-reason gcard-sr-only">{reason}</span> : null}
          </>
        ) : undefined}
      </Face>
      {props.order !== undefined ? (
        <span className="tcard__order" aria-hidden="true">
          {props.order}
        </span>
      ) : null}
      {props.badge}
    </span>
  );
}
