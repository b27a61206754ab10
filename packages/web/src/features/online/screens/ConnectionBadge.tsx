/** The connection's state, always visible at an online table: a dot and a word (and a countdown). */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../state/connection.ts';

function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export function ConnectionBadge({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const { state, retryAt } = useSyncExternalStore(connection.subscribe, connection.getSnapshot);
  const seconds = useSecondsUntil(state === 'reconnecting' ? retryAt : null);
  const text =
    state === 'reconnecting' && seconds !== null && seconds > 0
      ? t('online.connection.retryIn', { seconds })
      : t(`online.connection.${state}`);
  return (
    <span
      className={`connection-badge connection-${state}`}
      data-testid="connection"
      data-state={state}
    >
      <span className="dot" aria-hidden="true" />
      <span role="status">{text}</span>
    </span>
  );
}

/**
 * At the table, which shows the connection's state itself: only the wait before the next
 * attempt, while reconnecting.
 */
export function RetryCountdown({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const { state, retryAt } = useSyncExternalStore(connection.subscribe, connection.getSnapshot);
  const seconds = useSecondsUntil(state === 'reconnecting' ? retryAt : null);
  if (seconds === null || seconds <= 0) return null;
  return (
    <span className="connection-retry" data-testid="retry-countdown">
      {t('online.connection.retryIn', { seconds })}
    </span>
  );
}
