/**
 * "My games" (`#/online/games`): every table where the player holds a seat, theirs to play
 * first, with whose turn it is and the time left (counting down between refreshes), and the
 * tables that keep a seat for the player (a rematch, an invitation: "your seat is waiting").
 * The list is asked for again every 15 s while the page is visible and on focus; while open,
 * the tab's title counts the games waiting for the player, and a game that becomes their turn
 * or keeps them a seat brings a browser notification (when the player asked for them).
 */
import type { MyGame, SeatInfo } from '@gangsta/protocol';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineClient } from '../state/client.ts';
import { asOnlineError } from '../state/errors.ts';
import { onlineHash } from '../state/routes.ts';
import { errorText, playerName } from '../state/texts.ts';
import { useRefresh } from '../state/useRefresh.ts';
import { notify } from '../state/yourTurn.ts';
import './account.css';

const REFRESH_MS = 15_000;

interface Listed {
  games: MyGame[];
  /** `Date.now()` when the list arrived: clocks count down from then. */
  at: number;
}

function useMyGames(client: OnlineClient, signedIn: boolean) {
  const { t } = useTranslation();
  const [listed, setListed] = useState<Listed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(() => {
    if (!signedIn) return;
    client.api.myGames().then(
      (answer) => {
        setListed({ games: answer.games, at: Date.now() });
        setError(null);
      },
      (caught: unknown) => setError(errorText(t, asOnlineError(caught))),
    );
  }, [client, signedIn, t]);
  useRefresh(refresh, REFRESH_MS);
  return { listed, error };
}

/** A game that waits for the player: their turn, or a seat kept for them (a rematch, an invitation). */
export function waitsForYou(game: MyGame): boolean {
  return game.yourTurn || game.seatWaiting === true;
}

/**
 * The games waiting for the player as the tab's title, and a notification for each new one:
 * a turn, or a seat kept for them, is news the same way.
 */
function useTurnNotices(games: MyGame[] | null) {
  const { t } = useTranslation();
  const original = useRef(document.title);
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!games) return;
    const mine = games.filter(waitsForYou);
    document.title =
      mine.length > 0 ? t('online.games.tabTitle', { count: mine.length }) : original.current;
    const fresh = mine.filter(
      (game) => known.current !== null && !known.current.has(game.table.id),
    );
    // The first list only says how things stand; a turn or a seat that comes later is news.
    if (fresh.length > 0 && !document.hasFocus()) {
      const names = (list: MyGame[]) => list.map((game) => game.table.name).join(', ');
      const turns = fresh.filter((game) => game.yourTurn);
      const seats = fresh.filter((game) => !game.yourTurn);
      if (turns.length > 0) notify(t('online.games.notice', { name: names(turns) }));
      if (seats.length > 0) notify(t('online.games.seatNotice', { name: names(seats) }));
    }
    known.current = new Set(mine.map((game) => game.table.id));
  }, [games, t]);
  useEffect(() => {
    const title = original.current;
    return () => {
      document.title = title;
    };
  }, []);
}

/** Re-renders every second while some clock runs. */
function useTicking(on: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

function seatName(t: TFunction, seat: SeatInfo): string {
  if (seat.kind === 'bot' && seat.botLevel)
    return t('online.room.bot', { level: t(`app.botLevel.${seat.botLevel}`) });
  return seat.name !== null ? playerName(t, seat.name, seat.botAccount) : t('online.room.open');
}

/** "2 d 5 h", "3 h 12 min", "4:05": precise where it matters. */
export function formatTimeLeft(ms: number, locale: string): string {
  const left = Math.max(0, ms);
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(
      value,
    );
  const minutes = Math.floor(left / 60_000);
  if (minutes < 60) {
    const seconds = Math.floor((left % 60_000) / 1000);
    return `${minutes}:${String(seconds).padStart(2, '0')}`;
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}`;
  return `${unit(Math.floor(hours / 24), 'day')} ${unit(hours % 24, 'hour')}`;
}

function turnText(t: TFunction, game: MyGame): string {
  const { table } = game;
  if (table.status === 'finished') return t('online.games.finished');
  if (game.seatWaiting) return t('online.games.seatWaiting');
  if (table.status === 'waiting') return t('online.games.waitingForPlayers');
  if (game.yourTurn) return t('online.games.yourTurn');
  const names = table.seats
    .filter((seat) => game.deciding.includes(seat.seat))
    .map((seat) => seatName(t, seat));
  return t('online.games.waitingFor', { names: names.join(', ') });
}

/** The player's time left, counting down while their clock runs. */
function clockText(t: TFunction, game: MyGame, listedAt: number, now: number, locale: string) {
  const { clock, status } = game.table;
  if (status !== 'playing' || clock.setting.kind === 'none') return null;
  const remaining = clock.remainingMs[game.seat];
  if (remaining === undefined) return null;
  const running = clock.running.includes(game.seat);
  const left = running ? remaining - (now - listedAt) : remaining;
  return t('online.games.timeLeft', { time: formatTimeLeft(left, locale) });
}

/**
 * What tells two tables of one name apart: the day it was made, how many play, and where it
 * stands: in progress, or a finished game's result for the player (won, or their place).
 */
function gameMeta(t: TFunction, game: MyGame, locale: string): string {
  const { table } = game;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(
    new Date(table.createdAt),
  );
  const parts = [
    t('online.games.created', { date }),
    t('online.games.players', { count: table.seats.length }),
  ];
  if (table.status === 'playing') parts.push(t('online.games.inProgress'));
  if (game.result) {
    parts.push(
      game.result.won
        ? t('online.games.won')
        : t('online.games.place', { place: game.result.place, total: table.seats.length }),
    );
  }
  return parts.join(' · ');
}

function GameRow({ game, listedAt, now }: { game: MyGame; listedAt: number; now: number }) {
  const { t, i18n } = useTranslation();
  const { table } = game;
  const seats = table.seats.map((seat) =>
    seat.seat === game.seat
      ? t('online.games.you', { name: seatName(t, seat) })
      : seatName(t, seat),
  );
  const clock = clockText(t, game, listedAt, now, i18n.language);
  return (
    <li
      className={`my-game${waitsForYou(game) ? ' your-turn' : ''}`}
      data-testid="my-game"
      data-your-turn={game.yourTurn}
      data-seat-waiting={game.seatWaiting === true}
    >
      <a href={onlineHash({ page: 'table', table: table.id, invite: null })}>
        <bdi>{table.name || t('online.lobby.unnamed')}</bdi>
      </a>
      <span className="my-game-turn">{turnText(t, game)}</span>
      {clock ? <span className="my-game-clock">{clock}</span> : null}
      <span className="my-game-meta" data-testid="my-game-meta">
        {gameMeta(t, game, i18n.language)}
      </span>
      <span className="my-game-seats">
        {seats.map((name, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one entry per seat, in seat order
          <span key={i}>
            {i > 0 ? ' · ' : null}
            <bdi>{name}</bdi>
          </span>
        ))}
      </span>
    </li>
  );
}

/** Your turn and seats waiting for you first, then games in play, waiting tables, finished ones. */
function ordered(games: MyGame[]): MyGame[] {
  const rank = (game: MyGame) =>
    waitsForYou(game) ? 0 : ['playing', 'waiting', 'finished'].indexOf(game.table.status) + 1;
  return [...games].sort((a, b) => rank(a) - rank(b));
}

export function MyGames({ client }: { client: OnlineClient }) {
  const { t } = useTranslation();
  const identity = useSyncExternalStore(client.identity.subscribe, client.identity.get);
  const { listed, error } = useMyGames(client, identity !== null);
  useTurnNotices(listed?.games ?? null);
  const running = (listed?.games ?? []).some((g) => g.table.clock.running.length > 0);
  const now = useTicking(running);
  const games = listed ? ordered(listed.games) : null;
  return (
    <section className="my-games" aria-labelledby="my-games-title" data-testid="my-games">
      <h2 id="my-games-title">{t('online.games.title')}</h2>
      <p>
        <a href={onlineHash({ page: 'home' })}>{t('online.table.lobby')}</a>
      </p>
      {identity === null ? <p className="help">{t('online.games.noIdentity')}</p> : null}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {games === null ? (
        identity && !error ? (
          <p className="loading">{t('app.loading')}</p>
        ) : null
      ) : games.length === 0 ? (
        <p className="help">{t('online.games.none')}</p>
      ) : (
        <ul>
          {games.map((game) => (
            <GameRow key={game.table.id} game={game} listedAt={listed!.at} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
