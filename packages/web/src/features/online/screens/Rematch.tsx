/**
 * The rematch on an online game's score screen: "Rematch" for a player of the table; once
 * someone asked, the others see "X offers a rematch — Join". Either click takes the seat kept
 * for the player at the new table and goes there (the server makes the table only once).
 */
import type { TableInfo } from '@gangsta/protocol';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineClient } from '../state/client.ts';
import { asOnlineError } from '../state/errors.ts';
import type { OnlineTable } from '../state/onlineTable.ts';
import { onlineHash } from '../state/routes.ts';
import { errorText } from '../state/texts.ts';
import './ratings.css';

function offerer(info: TableInfo, playerId: string): string {
  return info.seats.find((seat) => seat.playerId === playerId)?.name ?? '?';
}

export function Rematch({ client, table }: { client: OnlineClient; table: OnlineTable }) {
  const { t } = useTranslation();
  const { info } = useSyncExternalStore(table.subscribe, table.getRoom);
  const identity = useSyncExternalStore(client.identity.subscribe, client.identity.get);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const me = identity?.player.id ?? null;
  if (info?.status !== 'finished' || !info.seats.some((s) => s.playerId === me)) {
    return null;
  }
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await client.api.rematch(info.id);
      window.location.hash = onlineHash({ page: 'table', table: answer.table.id, invite: null });
    } catch (caught) {
      setError(errorText(t, asOnlineError(caught)));
      setBusy(false);
    }
  };
  const offer = info.rematch && info.rematch.by !== me ? info.rematch : null;
  return (
    <div className="rematch" data-testid="rematch-panel">
      {offer ? (
        <>
          <span data-testid="rematch-offer">
            {t('online.rematch.offer', { name: offerer(info, offer.by) })}
          </span>
          <button
            type="button"
            className="primary"
            disabled={busy}
            data-testid="rematch-join"
            onClick={() => void go()}
          >
            {t('online.rematch.join')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="primary"
          disabled={busy}
          data-testid="rematch"
          onClick={() => void go()}
        >
          {t(info.rematch ? 'online.rematch.again' : 'online.rematch.ask')}
        </button>
      )}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
