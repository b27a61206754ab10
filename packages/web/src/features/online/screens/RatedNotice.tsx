/**
 * Before a game starts (creating a table, the waiting room): a guest is told that the game
 * will not be rated, and how to make it count (an account, made on the online page). Ratings
 * count only games where every person has an account (`packages/server/src/ratings/rate.ts`).
 */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineClient } from '../state/client.ts';
import { onlineHash } from '../state/routes.ts';

export function RatedNotice({ client }: { client: OnlineClient }) {
  const { t } = useTranslation();
  const identity = useSyncExternalStore(client.identity.subscribe, client.identity.get);
  if (identity === null || identity.account !== null) return null;
  return (
    <p className="rated-notice help" data-testid="rated-notice">
      {t('online.gameRating.guestBefore')}{' '}
      <a href={onlineHash({ page: 'home' })}>{t('online.gameRating.createAccount')}</a>
    </p>
  );
}
