/**
 * The moments of a move worth a banner or a sound: a snitch revealed, the gang war, a new
 * chapter; money won; a card played; the viewer's turn coming round. Read from the log entries
 * of the last move, so they are the same for bots, hot-seat players and (online) other people.
 */
import type { GameEvent } from '@gangsta/engine';
import { useEffect, useRef, useState } from 'react';
import type { TableSnapshot } from '../tableSource.ts';
import { cueForMove } from './cues.ts';
import { playCue } from './sound.ts';

export type Banner =
  | { kind: 'chapter'; chapter: number }
  | { kind: 'gangWar' }
  | { kind: 'snitch'; value: number };

export const BANNER_MS = 1800;

/** The banner a move's events call for (the most important one), if any. */
export function bannerFor(events: readonly GameEvent[]): Banner | null {
  const chapter = events.find((e) => e.type === 'chapterStarted');
  if (chapter?.type === 'chapterStarted' && chapter.chapter > 1) {
    return { kind: 'chapter', chapter: chapter.chapter };
  }
  if (events.some((e) => e.type === 'gangWar')) return { kind: 'gangWar' };
  const snitch = events.find((e) => e.type === 'snitchRevealed');
  if (snitch?.type === 'snitchRevealed') return { kind: 'snitch', value: snitch.value };
  return null;
}

export function useTableMoments(
  snapshot: TableSnapshot,
  soundOn: boolean,
): { banner: Banner | null; dismiss: () => void } {
  const [banner, setBanner] = useState<Banner | null>(null);
  const seen = useRef(snapshot.lastMove?.index ?? -1);
  const wasMine = useRef(snapshot.legal.length > 0);
  const last = snapshot.lastMove;
  const mine = snapshot.legal.length > 0;
  useEffect(() => {
    if (!last || last.index === seen.current) return;
    seen.current = last.index;
    const events = snapshot.log.filter((e) => e.moveIndex === last.index).map((e) => e.event);
    const next = bannerFor(events);
    if (next) setBanner(next);
    if (soundOn) playCue(cueForMove(events));
  }, [last, snapshot.log, soundOn]);
  useEffect(() => {
    if (mine && !wasMine.current && soundOn) playCue('yourTurn');
    wasMine.current = mine;
  }, [mine, soundOn]);
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);
  return { banner, dismiss: () => setBanner(null) };
}
