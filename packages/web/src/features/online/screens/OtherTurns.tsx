/**
 * A player with several games going sits at one table: a turn that comes up at another of
 * their games must reach them too. While a table is open, the player's games are asked for
 * every 30 s (while the page is visible) and a game other than this one that has just become
 * their turn brings the browser notification (when they asked for them) and a link at the top
 * of the table. The open table's own turn is `yourTurn.ts`'s business, and what the other
 * players did at this table since the player's last turn is the turn summary's
 * (`table/widgets/TurnSummary.tsx`, drawn from the log of any TableSource, this one's included).
 */
import type { MyGame } from '@gangsta/protocol';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineClient } from '../state/client.ts';
import { onlineHash } from '../state/routes.ts';
import { notify } from '../state/yourTurn.ts';

const REFRESH_MS = 30_000;

/** The player's other games that wait for them, kept fresh while the table is open. */
function useOtherTurns(client: OnlineClient, tableId: string): MyGame[] {
  const { t } = useTranslation();
  const identity = useSyncExternalStore(client.identity.subscribe, client.identity.get);
  const [waiting, setWaiting] = useState<MyGame[]>([]);
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (identity === null) return;
    let stopped = false;
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      client.api.myGames().then(
        ({ games }) => {
          if (stopped) return;
          const mine = games.filter((game) => game.yourTurn && game.table.id !== tableId);
          // The first answer says how things stand; a turn that comes later is news.
          const fresh = mine.filter((game) => known.current && !known.current.has(game.table.id));
          if (fresh.length > 0) {
            notify(t('online.games.notice', { name: fresh.map((g) => g.table.name).join(', ') }));
          }
          known.current = new Set(mine.map((game) => game.table.id));
          setWaiting(mine);
        },
        // Only a convenience: the table itself goes on whatever this says.
        () => {},
      );
    };
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [client, identity, tableId, t]);
  return waiting;
}

export function OtherTurns({ client, tableId }: { client: OnlineClient; tableId: string }) {
  const { t } = useTranslation();
  const waiting = useOtherTurns(client, tableId);
  if (waiting.length === 0) return null;
  return (
    <p className="other-turns" role="status" data-testid="other-turns">
      {t('online.games.otherTurns', { count: waiting.length })}{' '}
      <a href={onlineHash({ page: 'games' })}>{t('online.games.title')}</a>
    </p>
  );
}
