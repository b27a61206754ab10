/**
 * The waiting room before the start: the seats with their names, connection dots and the host
 * badge; invitation links to copy; join, leave; the host removes players and starts the game.
 */
import type { HostTableInfo, SeatInfo, TableInfo } from '@gangsta/protocol';
import { useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { seatColour } from '../../../game/players.ts';
import type { OnlineClient } from '../state/client.ts';
import { asOnlineError } from '../state/errors.ts';
import type { OnlineTable } from '../state/onlineTable.ts';
import { onlineHash, tableLink } from '../state/routes.ts';
import { errorText, playerName } from '../state/texts.ts';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { NameForm } from './NameForm.tsx';
import { RatedNotice } from './RatedNotice.tsx';
import { TableSummary } from './TableSummary.tsx';

export interface WaitingRoomProps {
  client: OnlineClient;
  table: OnlineTable;
  info: TableInfo;
  /** The invitation codes, when we are the host. */
  invites: HostTableInfo['invites'] | null;
  /** The invitation code of the link we came by. */
  invite: string | null;
}

function CopyLink({ label, link, testId }: { label: string; link: string; testId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a denied permission): the link is there to select.
      document.getElementById(id)?.focus();
    }
  };
  return (
    <span className="copy-link">
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={link}
        data-testid={testId}
        onFocus={(e) => e.target.select()}
      />
      <button type="button" onClick={() => void copy()}>
        {copied ? t('online.room.copied') : label}
      </button>
    </span>
  );
}

function seatWho(t: ReturnType<typeof useTranslation>['t'], seat: SeatInfo): string {
  if (seat.kind === 'bot' && seat.botLevel)
    return t('online.room.bot', { level: t(`app.botLevel.${seat.botLevel}`) });
  if (seat.kind === 'open') return t('online.room.open');
  if (seat.kind === 'invited') return t('online.room.invited');
  if (seat.kind === 'reserved') return t('online.room.reserved', { name: seat.name ?? '?' });
  return seat.name !== null
    ? playerName(t, seat.name, seat.botAccount)
    : t('app.player', { n: seat.seat + 1 });
}

export function WaitingRoom({ client, table, info, invites, invite }: WaitingRoomProps) {
  const { t } = useTranslation();
  const identity = useSyncExternalStore(client.identity.subscribe, client.identity.get);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const me = identity?.player.id ?? null;
  const mySeat = info.seats.find((seat) => seat.playerId !== null && seat.playerId === me);
  const isHost = me !== null && info.hostId === me;
  const filled = info.seats.every((seat) => seat.kind === 'player' || seat.kind === 'bot');
  const base = window.location.href;

  const act = async (action: () => Promise<{ table: TableInfo }>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await action();
      table.setInfo(answer.table);
    } catch (caught) {
      setError(errorText(t, asOnlineError(caught)));
    } finally {
      setBusy(false);
    }
  };
  // A table that will not start goes (the server would delete it after a day anyway); the
  // host goes back to the online home, whoever else watches hears that it is gone.
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await client.api.deleteTable(info.id);
      window.location.hash = onlineHash({ page: 'home' });
    } catch (caught) {
      setError(errorText(t, asOnlineError(caught)));
      setBusy(false);
    }
  };
  const canTake = (seat: SeatInfo) =>
    !mySeat &&
    identity &&
    (seat.kind === 'open' ||
      (seat.kind === 'invited' && invite !== null) ||
      (seat.kind === 'reserved' && seat.reservedFor === me));
  const join = (seat: SeatInfo) =>
    act(() =>
      client.api.join(
        info.id,
        invite && seat.kind === 'invited' ? { seat: seat.seat, invite } : { seat: seat.seat },
      ),
    );

  return (
    <section className="waiting-room" aria-labelledby="room-title" data-testid="waiting-room">
      <div className="room-top">
        <h2 id="room-title">
          <bdi>{info.name || t('online.lobby.unnamed')}</bdi>
        </h2>
        <ConnectionBadge connection={client.connection} />
      </div>
      <p>{t('online.room.intro')}</p>
      <p>
        <TableSummary table={info} />
      </p>
      <RatedNotice client={client} />
      {filled && !mySeat ? (
        <p className="room-full" data-testid="room-full">
          {t('online.room.full')}
        </p>
      ) : null}
      {!identity ? (
        <div className="room-name">
          {/* A full table has no seat to take: the name is then only for the chat. */}
          {filled ? null : <p>{t('online.room.nameFirst')}</p>}
          <NameForm client={client} />
        </div>
      ) : null}
      <ol className="room-seats">
        {info.seats.map((seat) => {
          const code = invites?.[String(seat.seat)];
          return (
            <li key={seat.seat} className="room-seat" data-testid={`room-seat-${seat.seat}`}>
              <span
                className="seat-colour"
                style={{ background: seatColour(seat.seat) }}
                aria-hidden="true"
              />
              <span className="seat-label">{t('app.player', { n: seat.seat + 1 })}</span>{' '}
              <bdi className="seat-who">{seatWho(t, seat)}</bdi>
              {seat.kind === 'player' ? (
                <span className={seat.connected ? 'presence on' : 'presence off'}>
                  {t(seat.connected ? 'online.room.connected' : 'online.room.away')}
                </span>
              ) : null}
              {seat.host ? <span className="badge host">{t('online.room.host')}</span> : null}
              {seat.playerId !== null && seat.playerId === me ? (
                <span className="badge you">{t('app.you')}</span>
              ) : null}
              {canTake(seat) ? (
                <button type="button" disabled={busy} onClick={() => void join(seat)}>
                  {t('online.room.take')}
                </button>
              ) : null}
              {isHost && seat.kind === 'invited' && code ? (
                <CopyLink
                  label={t('online.room.copyInvite')}
                  link={tableLink(info.id, code, base)}
                  testId={`invite-link-${seat.seat}`}
                />
              ) : null}
              {isHost && seat.kind === 'player' && seat.playerId !== me ? (
                <button
                  type="button"
                  className="danger"
                  disabled={busy}
                  onClick={() => void act(() => client.api.kick(info.id, seat.seat))}
                >
                  {t('online.room.remove')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p>
        <CopyLink
          label={t('online.room.copyTable')}
          link={tableLink(info.id, null, base)}
          testId="table-link"
        />
      </p>
      {!mySeat ? <p className="help">{t('online.room.spectating')}</p> : null}
      <div className="room-actions">
        {isHost ? (
          <button
            type="button"
            className="primary"
            disabled={busy || !filled}
            data-testid="start-online"
            onClick={() => void act(() => client.api.start(info.id))}
          >
            {t('online.room.start')}
          </button>
        ) : null}
        {isHost && !filled ? (
          <span className="help">{t('online.room.waitingForSeats')}</span>
        ) : null}
        {isHost ? (
          <button
            type="button"
            className="danger"
            disabled={busy}
            data-testid="delete-table"
            onClick={() => void remove()}
          >
            {t('online.room.delete')}
          </button>
        ) : null}
        {mySeat && !isHost ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void act(() => client.api.leave(info.id))}
          >
            {t('online.room.leave')}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
