/**
 * Shown to a player whose seat a bot plays (they ran out of time, were away, or left): what
 * happened, and the button that takes the seat back. The bot stops at once; the player makes
 * their seat's next decision.
 */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineTable } from '../state/onlineTable.ts';
import './away.css';

export function AwayBanner({ table }: { table: OnlineTable }) {
  const { t } = useTranslation();
  const snapshot = useSyncExternalStore(table.subscribe, table.getSnapshot);
  const viewer = snapshot.viewer;
  const away = viewer === null ? null : snapshot.players[viewer]?.away;
  if (!away || snapshot.over) return null;
  return (
    <section className="away-banner" role="alert" data-testid="away-banner">
      <p>{t(`online.away.${away.reason}`, { level: t(`app.botLevel.${away.level}`) })}</p>
      <button type="button" className="primary" onClick={() => table.resume()}>
        {t('online.away.resume')}
      </button>
    </section>
  );
}
