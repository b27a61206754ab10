/**
 * The game log, newest last. `role="log"` makes it a polite live region: screen readers
 * announce each new line (bot moves included) without stealing focus.
 */
import type { GameEvent } from '@gangsta/engine';
import { type CSSProperties, memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { seatColour } from '../game/players.ts';
import type { TextContext } from '../text/context.ts';
import { describeEvent, isSilent } from '../text/events.ts';
import { standInContext } from '../text/standIn.ts';
import type { LogEntry } from './tableSource.ts';

/**
 * One line. Entries of past moves are the same objects from one render to the next, so a long
 * log re-renders only its new lines (and all of them when the language changes).
 */
const LogLine = memo(
  function LogLine({ ctx, entry }: { ctx: TextContext; entry: LogEntry }) {
    const seat = actorOf(entry.event);
    return (
      <li
        className={`log-${entry.event.type}${seat === null ? '' : ' has-seat'}`}
        style={seat === null ? undefined : ({ '--seat-colour': seatColour(seat) } as CSSProperties)}
      >
        {describeEvent(entry.standIn ? standInContext(ctx, entry.standIn) : ctx, entry.event)}
      </li>
    );
  },
  (before, after) => before.entry === after.entry && before.ctx.t === after.ctx.t,
);

/** The player an event is about, whose colour marks the line. */
function actorOf(event: GameEvent): number | null {
  return 'seat' in event && typeof event.seat === 'number' ? event.seat : null;
}

export function Log({
  ctx,
  entries,
  live = true,
}: {
  ctx: TextContext;
  entries: LogEntry[];
  /** Off in the replay viewer, where moving the slider would read out whole games. */
  live?: boolean;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const shown = entries.filter((e) => !isSilent(e.event));
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever lines are added
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [shown.length]);
  return (
    <section className="log" aria-labelledby="log-title">
      <h2 id="log-title">{t('app.log')}</h2>
      {/* The scrolling box is focusable so keyboard users can scroll the log. */}
      <div
        ref={list}
        className="log-scroll"
        role="log"
        aria-live={live ? 'polite' : 'off'}
        aria-relevant="additions"
        aria-labelledby="log-title"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must be reachable by keyboard
        tabIndex={0}
      >
        <ol>
          {shown.map((entry) => (
            <LogLine key={entry.id} ctx={ctx} entry={entry} />
          ))}
        </ol>
      </div>
    </section>
  );
}
