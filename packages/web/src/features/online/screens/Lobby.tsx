/** The public tables: waiting for players, in progress, finished; refreshed every 5 s and on focus. */
import type { Lobby as LobbyData, TableInfo } from '@gangsta/protocol';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineClient } from '../state/client.ts';
import { asOnlineError } from '../state/errors.ts';
import { onlineHash } from '../state/routes.ts';
import { errorText } from '../state/texts.ts';
import { useRefresh } from '../state/useRefresh.ts';
import { TableSummary } from './TableSummary.tsx';

const REFRESH_MS = 5000;

function TableRow({ table }: { table: TableInfo }) {
  const { t } = useTranslation();
  const taken = table.seats.filter((seat) => seat.kind === 'player' || seat.kind === 'bot').length;
  const href = onlineHash({ page: 'table', table: table.id, invite: null });
  return (
    <li className="lobby-table" data-testid="lobby-table">
      <a href={href}>
        <bdi>{table.name || t('online.lobby.unnamed')}</bdi>
      </a>{' '}
      <span className="lobby-seats">
        {t('online.lobby.seats', { taken, total: table.seats.length })}
      </span>{' '}
      {table.allowBots ? <span className="lobby-bots">{t('online.lobby.botsWelcome')}</span> : null}{' '}
      {table.spectators > 0 ? (
        <span className="lobby-spectators">
          {t('online.lobby.spectators', { count: table.spectators })}
        </span>
      ) : null}{' '}
      <TableSummary table={table} />
    </li>
  );
}

function Section({ title, tables }: { title: string; tables: TableInfo[] }) {
  const { t } = useTranslation();
  return (
    <section className="lobby-section">
      <h3>{title}</h3>
      {tables.length === 0 ? (
        <p className="help">{t('online.lobby.none')}</p>
      ) : (
        <ul>
          {tables.map((table) => (
            <TableRow key={table.id} table={table} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function Lobby({ client }: { client: OnlineClient }) {
  const { t } = useTranslation();
  const [lobby, setLobby] = useState<LobbyData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(() => {
    client.api.lobby().then(
      (answer) => {
        setLobby(answer);
        setError(null);
      },
      (caught: unknown) => setError(errorText(t, asOnlineError(caught))),
    );
  }, [client, t]);
  useRefresh(refresh, REFRESH_MS);
  return (
    <section className="lobby" aria-labelledby="lobby-title" data-testid="lobby">
      <h2 id="lobby-title">{t('online.lobby.title')}</h2>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {lobby ? (
        <>
          <Section title={t('online.lobby.waiting')} tables={lobby.waiting} />
          <Section title={t('online.lobby.playing')} tables={lobby.playing} />
          <Section title={t('online.lobby.finished')} tables={lobby.finished} />
        </>
      ) : error ? null : (
        <p className="loading">{t('app.loading')}</p>
      )}
    </section>
  );
}
