/**
 * One online table at `#/online/t/<id>`: the waiting room until the game starts, then the same
 * table screen a local game uses, fed by the server, with the chat beside the log.
 */
import type { HostTableInfo } from '@gangsta/protocol';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../../app/session.ts';
import { TableScreen } from '../../../table/TableScreen.tsx';
import type { OnlineClient } from '../state/client.ts';
import { asOnlineError } from '../state/errors.ts';
import type { OnlineTable } from '../state/onlineTable.ts';
import { onlineHash } from '../state/routes.ts';
import { errorText } from '../state/texts.ts';
import { useYourTurn } from '../state/yourTurn.ts';
import { AwayBanner } from './AwayBanner.tsx';
import { Chat } from './Chat.tsx';
import { GameRating } from './GameRating.tsx';
import { OnlineGameMenu } from './OnlineGameMenu.tsx';
import { OtherTurns } from './OtherTurns.tsx';
import { Rematch } from './Rematch.tsx';
import { WaitingRoom } from './WaitingRoom.tsx';

export interface TableRoomProps {
  client: OnlineClient;
  session: Session;
  tableId: string;
  invite: string | null;
}

/** The table's live source, for as long as the screen shows it. */
function useOnlineTable(client: OnlineClient, tableId: string): OnlineTable | null {
  const [table, setTable] = useState<OnlineTable | null>(null);
  useEffect(() => {
    setTable(client.table(tableId));
    return () => client.release(tableId);
  }, [client, tableId]);
  return table;
}

/** The table as HTTP tells it (with the invitation codes, for the host); later changes come as `table` frames. */
function useTableInfo(client: OnlineClient, table: OnlineTable | null) {
  const { t } = useTranslation();
  const [invites, setInvites] = useState<HostTableInfo['invites'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!table) return;
    let live = true;
    client.api.table(table.tableId).then(
      (answer) => {
        if (!live) return;
        table.setInfo(answer.table);
        setInvites('invites' in answer.table ? answer.table.invites : null);
        setError(null);
      },
      (caught: unknown) => {
        if (live) setError(errorText(t, asOnlineError(caught)));
      },
    );
    return () => {
      live = false;
    };
  }, [client, table, t]);
  return { invites, error };
}

export function TableRoom({ client, session, tableId, invite }: TableRoomProps) {
  const { t } = useTranslation();
  const table = useOnlineTable(client, tableId);
  const { invites, error } = useTableInfo(client, table);
  if (!table) return <p className="loading">{t('app.loading')}</p>;
  return (
    <Room
      client={client}
      session={session}
      table={table}
      invites={invites}
      invite={invite}
      error={error}
    />
  );
}

interface RoomProps {
  client: OnlineClient;
  session: Session;
  table: OnlineTable;
  invites: HostTableInfo['invites'] | null;
  invite: string | null;
  error: string | null;
}

function Room({ client, session, table, invites, invite, error }: RoomProps) {
  const { t } = useTranslation();
  const room = useSyncExternalStore(table.subscribe, table.getRoom);
  const snapshot = useSyncExternalStore(table.subscribe, table.getSnapshot);
  // The notice names the table: the player may have several games open.
  const tableName = room.info?.name || t('online.lobby.unnamed');
  useYourTurn(
    snapshot.legal.length > 0,
    t('online.yourTurnTitle'),
    t('online.yourTurnNotice', { name: tableName }),
  );
  if (!room.info) {
    return error ? (
      <section className="online-error">
        <p className="error" role="alert">
          {error}
        </p>
        <a href={onlineHash({ page: 'home' })}>{t('online.table.lobby')}</a>
      </section>
    ) : (
      <p className="loading">{t('app.loading')}</p>
    );
  }
  if (room.info.status !== 'waiting' && !table.hasGame()) {
    // Started (or over): the position is on its way.
    return <p className="loading">{t('app.loading')}</p>;
  }
  if (!table.hasGame()) {
    return (
      <div className="online-room">
        <WaitingRoom
          client={client}
          table={table}
          info={room.info}
          invites={invites}
          invite={invite}
        />
        <Chat table={table} client={client} />
      </div>
    );
  }
  return (
    <TableScreen
      source={table}
      menu={(shown) => (
        <>
          <AwayBanner table={table} />
          <OtherTurns client={client} tableId={table.tableId} />
          <OnlineGameMenu client={client} session={session} table={table} snapshot={shown} />
        </>
      )}
      chat={<Chat table={table} client={client} />}
      afterScore={
        <>
          <Rematch client={client} table={table} />
          <GameRating client={client} table={table} />
        </>
      }
    />
  );
}
