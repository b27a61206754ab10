/** The online game's menu above the table: the retry countdown, "watching", the record once over, the lobby. */
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadRecord } from '../../../app/files.ts';
import type { Session } from '../../../app/session.ts';
import type { TableSnapshot } from '../../../table/tableSource.ts';
import type { OnlineClient } from '../state/client.ts';
import type { OnlineTable } from '../state/onlineTable.ts';
import { onlineHash } from '../state/routes.ts';
import { RetryCountdown } from './ConnectionBadge.tsx';

export interface OnlineGameMenuProps {
  client: OnlineClient;
  session: Session;
  table: OnlineTable;
  snapshot: TableSnapshot;
}

export function OnlineGameMenu({ client, session, table, snapshot }: OnlineGameMenuProps) {
  const { t } = useTranslation();
  const { record } = useSyncExternalStore(table.subscribe, table.getRoom);
  return (
    <nav className="game-menu online-menu" aria-label={t('app.gameMenu')}>
      <RetryCountdown connection={client.connection} />
      {snapshot.viewer === null ? (
        <span className="badge watching" data-testid="watching">
          {t('online.table.watching')}
        </span>
      ) : null}
      {snapshot.pending ? <span className="badge pending">{t('online.table.sending')}</span> : null}
      {record ? (
        <>
          <button type="button" onClick={() => downloadRecord(record, snapshot.players)}>
            {t('online.table.download')}
          </button>
          <button type="button" onClick={() => session.openReplay(record, snapshot.players)}>
            {t('app.watchReplay')}
          </button>
        </>
      ) : null}
      <LeaveGame client={client} table={table} snapshot={snapshot} />
      <a className="button-like" href={onlineHash({ page: 'games' })}>
        {t('online.games.title')}
      </a>
      <a className="button-like" href={onlineHash({ page: 'home' })}>
        {t('online.table.lobby')}
      </a>
    </nav>
  );
}

/**
 * Leaving a game in play: the table's takeover bot plays the seat from then on (the others are
 * never stuck waiting), and the seat stays the player's to take back with "Take my seat back"
 * (`AwayBanner.tsx`) until the game ends. The confirmation says exactly that.
 */
function LeaveGame({ client, table, snapshot }: Omit<OnlineGameMenuProps, 'session'>) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const seat = snapshot.viewer;
  const me = snapshot.players.find((player) => player.seat === seat);
  if (seat === null || snapshot.over || !me || me.away) return null;
  const leave = async () => {
    if (!window.confirm(t('online.table.leaveConfirm'))) return;
    try {
      await client.api.leave(table.tableId);
      setError(null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  return (
    <>
      <button type="button" onClick={() => void leave()} data-testid="leave-game">
        {t('online.table.leave')}
      </button>
      {error ? (
        <span role="alert" className="badge error">
          {error}
        </span>
      ) : null}
    </>
  );
}
