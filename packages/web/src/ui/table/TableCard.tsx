/**
 * One card on the table as the current decision sees it: highlighted and clickable when a legal
 * move names it, dimmed with its reason when the decision is about it but it cannot be chosen,
 * plain otherwise. Hover, keyboard focus or a long press enlarge it (the zoom).
 */
import type { CardSet, Member, Move } from '@gangsta/engine';
import { type PointerEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFace, ScreenReaderText } from '../../cards/index.ts';
import { ChipFace } from './ChipFace.tsx';
import type { CardState } from './cardStates.ts';
import { reasonText } from './reasonText.ts';
import { useZoom } from './zoom.tsx';

export interface TableCardProps {
  cards: CardSet;
  id: string;
  member?: Member;
  active?: boolean;
  state?: CardState;
  onPlay?: (move: Move) => void;
  /** What a click does, for screen readers ("Recruit Boris for $5"). */
  moveText?: (move: Move) => string;
  /** A readable chip instead of the card (the rivals' boards): whole name and skills. */
  chip?: boolean;
  flash?: boolean;
  hinted?: boolean;
  selected?: boolean;
  /** The place of this member in the "engage everyone" order. */
  order?: number;
  /** A visible line at the foot of the card (a price for the viewer). */
  note?: string;
  /** A badge over the card ("Doable"). */
  badge?: ReactNode;
}

const LONG_PRESS_MS = 450;

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

/** Long press on touch screens opens the zoom and swallows the click that follows. */
function useLongPress(open: (element: HTMLElement) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      fired.current = false;
      if (event.pointerType !== 'touch') return;
      const element = event.currentTarget;
      timer.current = setTimeout(() => {
        fired.current = true;
        open(element);
      }, LONG_PRESS_MS);
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onClickCapture: (event: { stopPropagation: () => void; preventDefault: () => void }) => {
      if (!fired.current) return;
      fired.current = false;
      event.stopPropagation();
      event.preventDefault();
    },
  };
}

export function TableCard(props: TableCardProps) {
  const { t } = useTranslation();
  const { state, onPlay, id } = props;
  const zoom = useZoom();
  const hover = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clearHover = () => {
    if (hover.current) clearTimeout(hover.current);
    hover.current = null;
  };
  const legal = state?.kind === 'legal' && onPlay ? state.move : null;
  const reason = state?.kind === 'blocked' ? reasonText(t, state.reason) : null;
  const note = reason ?? (legal && props.moveText ? props.moveText(legal) : undefined);
  // A card that leaves the table (recruited, discarded) must not open a zoom afterwards.
  useEffect(
    () => () => {
      if (hover.current) clearTimeout(hover.current);
    },
    [],
  );
  const open = (element: HTMLElement) => {
    if (!element.isConnected) return;
    const box = element.getBoundingClientRect();
    zoom.show({
      id,
      member: props.member,
      active: props.active,
      note,
      blocked: reason !== null,
      rect: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
    });
  };
  const longPress = useLongPress(open);
  const Face = props.chip ? ChipFace : CardFace;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer handlers only open the zoom; the card inside is the control
    <span
      className={`tcard${props.chip ? ' tcard--chip' : ''}`}
      data-order={props.order}
      data-legal={legal ? 'true' : undefined}
      onMouseEnter={(e) => {
        const element = e.currentTarget;
        clearHover();
        hover.current = setTimeout(() => open(element), 300);
      }}
      onMouseLeave={() => {
        clearHover();
        zoom.hide(id);
      }}
      onPointerDownCapture={clearHover}
      onFocus={(e) => {
        if (e.target.matches(':focus-visible')) open(e.currentTarget);
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
            {legal && props.moveText ? (
              <ScreenReaderText>{props.moveText(legal)}</ScreenReaderText>
            ) : null}
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
