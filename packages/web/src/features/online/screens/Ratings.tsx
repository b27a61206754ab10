/**
 * The leaderboards at `#/online/ratings`: one tab per table size, ordered by the conservative
 * estimate (mu − 3σ), bots labelled with their level and the viewer's row marked, each name
 * (the display name, as tables show it) a link to the player's profile; below, the viewer's
 * own ratings with their latest rated games.
 */
import {
  type Leaderboard,
  type LeaderboardEntry,
  type PlayerRatings,
  RATED_PLAYER_COUNTS,
  type RatedPlayerCount,
} from '@gangsta/protocol';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineClient } from '../state/client.ts';
import { asOnlineError } from '../state/errors.ts';
import { onlineHash } from '../state/routes.ts';
import { errorText, playerName } from '../state/texts.ts';
import './ratings.css';

type T = ReturnType<typeof useTranslation>['t'];

/** What the API answers, or the error to show, for as long as the screen shows it. */
function useAnswer<A>(
  load: () => Promise<A>,
  key: string,
): { answer: A | null; error: string | null } {
  const { t } = useTranslation();
  const [state, setState] = useState<{ key: string; answer: A | null; error: string | null }>({
    key: '',
    answer: null,
    error: null,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches
  useEffect(() => {
    let live = true;
    load().then(
      (answer) => live && setState({ key, answer, error: null }),
      (caught: unknown) =>
        live && setState({ key, answer: null, error: errorText(t, asOnlineError(caught)) }),
    );
    return () => {
      live = false;
    };
  }, [key, t]);
  return state.key === key ? state : { answer: null, error: null };
}

function entryName(t: T, entry: LeaderboardEntry): string {
  return entry.bot
    ? t('online.ratings.bot', { level: t(`app.botLevel.${entry.bot}`) })
    : playerName(t, entry.name, entry.botAccount);
}

const fixed = (value: number) => value.toFixed(1);

/** The entry's profile: by username (a server bot's is its player id, `bot-easy`). */
function profileHash(entry: LeaderboardEntry): string {
  return onlineHash({ page: 'player', username: entry.username ?? entry.playerId });
}

function Board({ board, me }: { board: Leaderboard; me: string | null }) {
  const { t } = useTranslation();
  if (board.entries.length === 0) return <p className="help">{t('online.ratings.empty')}</p>;
  return (
    <table className="ratings-board" data-testid="leaderboard">
      <thead>
        <tr>
          <th scope="col">{t('online.ratings.place')}</th>
          <th scope="col">{t('online.ratings.player')}</th>
          <th scope="col">{t('online.ratings.estimate')}</th>
          <th scope="col">{t('online.ratings.skill')}</th>
          <th scope="col">{t('online.ratings.games')}</th>
        </tr>
      </thead>
      <tbody>
        {board.entries.map((entry) => {
          const mine = entry.playerId === me;
          return (
            <tr
              key={entry.playerId}
              className={mine ? 'mine' : entry.bot ? 'bot' : undefined}
              aria-current={mine ? 'true' : undefined}
              data-testid={`rating-${entry.playerId}`}
            >
              <td>{entry.place}</td>
              <th scope="row">
                <a href={profileHash(entry)} data-testid="profile-link">
                  <bdi>{entryName(t, entry)}</bdi>
                </a>
                {mine ? <span className="badge you">{t('app.you')}</span> : null}
              </th>
              <td>{fixed(entry.conservative)}</td>
              <td>
                {t('online.ratings.muSigma', { mu: fixed(entry.mu), sigma: fixed(entry.sigma) })}
              </td>
              <td>{entry.games}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function MyRatings({ client, me }: { client: OnlineClient; me: string }) {
  const { t, i18n } = useTranslation();
  const { answer, error } = useAnswer<PlayerRatings>(() => client.api.playerRatings(me), me);
  if (error) return <p className="error">{error}</p>;
  if (!answer) return null;
  if (answer.ratings.length === 0) return <p className="help">{t('online.ratings.unrated')}</p>;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <div className="my-ratings" data-testid="my-ratings">
      {answer.ratings.map((rating) => (
        <section key={rating.players}>
          <h4>
            {t('online.ratings.tab', { count: rating.players })}:{' '}
            {t('online.ratings.mine', {
              estimate: fixed(rating.conservative),
              mu: fixed(rating.mu),
              sigma: fixed(rating.sigma),
              games: rating.games,
            })}
          </h4>
          <ol className="rating-history">
            {rating.history.map((change) => (
              <li key={change.table}>
                <a href={onlineHash({ page: 'table', table: change.table, invite: null })}>
                  {date.format(new Date(change.at))}
                </a>{' '}
                {t('online.ratings.change', {
                  rank: change.rank,
                  before: fixed(change.muBefore),
                  after: fixed(change.muAfter),
                })}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

export function Ratings({ client }: { client: OnlineClient }) {
  const { t } = useTranslation();
  const identity = useSyncExternalStore(client.identity.subscribe, client.identity.get);
  const me = identity?.player.id ?? null;
  const [players, setPlayers] = useState<RatedPlayerCount>(2);
  const { answer, error } = useAnswer(() => client.api.leaderboard(players), String(players));
  return (
    <section className="ratings" aria-labelledby="ratings-title">
      <h2 id="ratings-title">{t('online.ratings.title')}</h2>
      <p>{t('online.ratings.intro')}</p>
      <div role="tablist" className="ratings-tabs" aria-label={t('online.ratings.sizes')}>
        {RATED_PLAYER_COUNTS.map((count) => (
          <button
            key={count}
            type="button"
            role="tab"
            aria-selected={count === players}
            data-testid={`ratings-tab-${count}`}
            onClick={() => setPlayers(count)}
          >
            {t('online.ratings.tab', { count })}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {error ? <p className="error">{error}</p> : null}
        {answer ? <Board board={answer} me={me} /> : null}
      </div>
      {me ? (
        <>
          <h3>{t('online.ratings.yours')}</h3>
          <MyRatings client={client} me={me} />
        </>
      ) : null}
      <p>
        <a className="button-like" href={onlineHash({ page: 'home' })}>
          {t('online.table.lobby')}
        </a>
      </p>
    </section>
  );
}
