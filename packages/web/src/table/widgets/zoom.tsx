/**
 * Card zoom: hovering with a mouse, focusing by keyboard or long-pressing a card shows it
 * enlarged with its full text beside it (a tap never does: TableCard.tsx). One zoom for the whole
 * table, kept in a context; the enlarged copy is decoration for sighted players (the card itself
 * already carries its text for screen readers). It shows the card as it is now (TableCard
 * refreshes it), and closes when a move is made, when its card leaves the table, and, on a touch
 * screen, at the next touch anywhere.
 */
import type { Member } from '@gangsta/engine';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

export interface ZoomTarget {
  id: string;
  member?: Member | undefined;
  active?: boolean | undefined;
  /** Why the card cannot be chosen now, or what a click does. */
  note?: string | undefined;
  blocked?: boolean;
  /** The card's box on screen, to place the zoom beside it. */
  rect: { left: number; top: number; right: number; bottom: number };
}

interface ZoomApi {
  target: ZoomTarget | null;
  show: (target: ZoomTarget) => void;
  hide: (id?: string) => void;
}

const ZoomContext = createContext<ZoomApi>({ target: null, show: () => {}, hide: () => {} });

export function ZoomProvider({
  children,
  resetKey,
}: {
  children: ReactNode;
  /** When it changes (a move was made) the zoom closes: its card may have left the table. */
  resetKey?: number;
}) {
  const [target, setTarget] = useState<ZoomTarget | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the zoom whenever the key changes
  useEffect(() => setTarget(null), [resetKey]);
  const open = target !== null;
  useEffect(() => {
    if (!open) return;
    // A finger has no "leave": the zoom of a long press closes at the next touch instead.
    const close = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') setTarget(null);
    };
    document.addEventListener('pointerdown', close, true);
    return () => document.removeEventListener('pointerdown', close, true);
  }, [open]);
  const show = useCallback((next: ZoomTarget) => setTarget(next), []);
  const hide = useCallback(
    (id?: string) =>
      setTarget((current) => (id === undefined || current?.id === id ? null : current)),
    [],
  );
  const api = useMemo(() => ({ target, show, hide }), [target, show, hide]);
  return <ZoomContext.Provider value={api}>{children}</ZoomContext.Provider>;
}

export function useZoom(): ZoomApi {
  return useContext(ZoomContext);
}
