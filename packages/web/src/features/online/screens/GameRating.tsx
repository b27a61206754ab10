/**
 * On an online game's score screen: whether the game counted for the ratings and, if it did,
 * how each rated player's estimate moved (before → after, ±), the viewer's line marked; if it
 * did not, why (a guest at the table) and how to make the next one count. Right after the last
 * move the server may still be writing the rating (`pending`): asked again until it is there
 * (and after a failed request, a few times).
 */
import type { TableInfo, TableRating, TableRatingChange } from '@gangsta/protocol';
import type { TFunction } from 'i18next';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineClient } from '../state/client.ts';
import type { OnlineTable } from '../state/onlineTable.ts';
import { onlineHash } from '../state/routes.ts';
import { playerName } from '../state/texts.ts';
import './ratings.css';

/** How often, and how many times, a pending rating is asked for again. */
const PENDING_RETRY_MS = 1000;
const PENDING_TRIES = 20;

function useTableRating(client: OnlineClient, tableId: string, finished: boolean) {
  const [rating, setRating] = useState<TableRating | null>(null);
  useEffect(() => {
    if (!finished) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (tries: number) => {
      const again = () => {
        if (live && tries > 1) timer = setTimeout(() => ask(tries - 1), PENDING_RETRY_MS);
      };
      client.api.tableRating(tableId).then(
        (answer) => {
          if (!live) return;
          setRating(answer);
          if (answer.status === 'pending') again();
        },
        // Only feedback: the score screen stands without it, and asks again a little later.
        again,
      );
    };
    ask(PENDING_TRIES);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, tableId, finished]);
  return rating;
}

/** `+1.3`, `−0.4`, `±0.0`: the sign always shown, a true minus sign. */
export function signed(value: number, locale: string): string {
  const text = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(value);
  return Math.abs(value) < 0.05 ? `±${text}` : text.replace('-', '−');
}

function decimal(value: number, locale: string): string {
  const text = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
  return text.replace('-', '−');
}

function changeName(t: TFunction, change: TableRatingChange, info: TableInfo | null): string {
  if (change.bot) return t('online.ratings.bot', { level: t(`app.botLevel.${change.bot}`) });
  return playerName(t, change.name, info?.seats[change.seat]?.botAccount);
}

function Changes({
  rating,
  info,
  me,
}: {
  rating: TableRating;
  info: TableInfo | null;
  me: string | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <ul className="rating-changes" data-testid="rating-changes">
      {rating.changes.map((change) => {
        const delta = change.after.conservative - change.before.conservative;
        const mine = change.playerId === me;
        return (
          <li
            key={change.playerId}
            className={mine ? 'mine' : undefined}
            data-testid="rating-change"
          >
            <span className="rating-change-name">
              {changeName(t, change, info)}
              {mine ? <span className="badge you">{t('app.you')}</span> : null}
            </span>{' '}
            <span className="rating-change-values">
              {t('online.gameRating.change', {
                before: decimal(change.before.conservative, locale),
                after: decimal(change.after.conservative, locale),
              })}
            </span>{' '}
            <strong className={delta >= 0 ? 'rating-up' : 'rating-down'}>
              {signed(delta, locale)}
            </strong>
          </li>
        );
      })}
    </ul>
  );
}

/** Why a guest game did not count: the viewer was the guest, or these others were. */
function guestLines(t: TFunction, rating: TableRating, info: TableInfo | null, me: string | null) {
  const mine = rating.guestSeats.some((seat) => info?.seats[seat]?.playerId === me);
  const others = rating.guestSeats
    .filter((seat) => info?.seats[seat]?.playerId !== me)
    .map((seat) => info?.seats[seat]?.name ?? t('online.gameRating.seat', { seat: seat + 1 }));
  return [
    ...(mine ? [t('online.gameRating.youWereGuest')] : []),
    ...(others.length > 0
      ? [t('online.gameRating.guests', { names: others.join(', '), count: others.length })]
      : []),
  ];
}

export function GameRating({ client, table }: { client: OnlineClient; table: OnlineTable }) {
  const { t } = useTranslation();
  const { info } = useSyncExternalStore(table.subscribe, table.getRoom);
  const identity = useSyncExternalStore(client.identity.subscribe, client.identity.get);
  const rating = useTableRating(client, table.tableId, info?.status === 'finished');
  if (!rating || info?.status !== 'finished') return null;
  const me = identity?.player.id ?? null;
  const guest = identity !== null && identity.account === null;
  if (rating.status === 'pending') {
    return (
      <p className="game-rating" role="status" data-testid="game-rating" data-status="pending">
        {t('online.gameRating.pending')}
      </p>
    );
  }
  if (rating.status === 'unrated') {
    const why = rating.reason === 'guest' ? guestLines(t, rating, info, me) : [];
    return (
      <div className="game-rating" data-testid="game-rating" data-status="unrated">
        <p>
          <strong>{t('online.gameRating.unrated')}</strong> {why.join(' ')}
        </p>
        {guest ? (
          <p className="help">
            {t('online.gameRating.makeItCount')}{' '}
            <a href={onlineHash({ page: 'home' })}>{t('online.gameRating.createAccount')}</a>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="game-rating" data-testid="game-rating" data-status="rated">
      <p>
        <strong>{t('online.gameRating.rated', { count: rating.players })}</strong>
      </p>
      <Changes rating={rating} info={info} me={me} />
    </div>
  );
}
