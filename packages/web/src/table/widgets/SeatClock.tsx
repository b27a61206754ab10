/**
 * A seat's clock on its board (online tables with a time control). The server sends each
 * seat's remaining time as of its moment of sending; this counts a running clock down from
 * the moment that figure arrived here, so the device's own clock setting never matters.
 */
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatClockState } from '../tableSource.ts';
import './seatClock.css';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;
/** Real time below this is shown as running low. */
const LOW_REALTIME_MS = 30 * SECOND;
/** A turn-based decision below this is shown as running low. */
const LOW_TURN_MS = HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

/** "4:07", "1:02:03", or for days "2 d 5 h"; whole seconds, rounded up (0:00 only at the end). */
export function formatClock(t: TFunction, ms: number): string {
  const total = Math.max(0, Math.ceil(ms / SECOND));
  if (total * SECOND >= DAY) {
    return t('table.seatClock.days', {
      days: Math.floor((total * SECOND) / DAY),
      hours: Math.floor(((total * SECOND) % DAY) / HOUR),
    });
  }
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** What is left now of a clock received at `receivedAt`. */
export function remainingNow(clock: SeatClockState, now: number): number {
  return clock.running
    ? Math.max(0, clock.remainingMs - (now - clock.receivedAt))
    : clock.remainingMs;
}

/** Redraws a running clock a few times a second (a stopped one never). */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    setNow(performance.now());
    if (!running) return;
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

export function SeatClock({ clock }: { clock: SeatClockState }) {
  const { t } = useTranslation();
  const now = useNow(clock.running);
  const left = remainingNow(clock, Math.max(now, clock.receivedAt));
  const low = left < (clock.kind === 'realtime' ? LOW_REALTIME_MS : LOW_TURN_MS);
  const time = formatClock(t, left);
  const classes = ['seat-clock', clock.running && 'is-running', low && 'is-low'].filter(Boolean);
  return (
    <span
      className={classes.join(' ')}
      role="timer"
      aria-label={t('table.seatClock.clock', { time })}
      data-testid="seat-clock"
      data-running={clock.running}
    >
      {time}
    </span>
  );
}
