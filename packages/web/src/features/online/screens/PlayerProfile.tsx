/**
 * A player's profile at `#/online/players/<username>` (persons, bot accounts and the server's
 * bots alike): games and wins per table size, mean IP and where it came from, money lost to
 * snitches, the favourite family, a rating-history chart per table size, and the recent games
 * with their results, each a link to its table (the final score and the replay). The header
 * keeps a place (`profile-actions`) for what one can do about the player (follow them).
 */
import { SCORE_SOURCES } from '@gangsta/engine';
import {
  type PlayerProfile as Profile,
  type ProfileSize,
  type RecentGame,
  withoutBidiControls,
} from '@gangsta/protocol';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineClient } from '../state/client.ts';
import { asOnlineError } from '../state/errors.ts';
import { onlineHash } from '../state/routes.ts';
import { errorText, playerName } from '../state/texts.ts';
import './profile.css';

const RatingChart = lazy(() => import('./RatingChart.tsx'));

function useProfile(client: OnlineClient, username: string) {
  const { t } = useTranslation();
  const [state, setState] = useState<{
    key: string;
    profile: Profile | null;
    error: string | null;
  }>({ key: '', profile: null, error: null });
  useEffect(() => {
    let live = true;
    client.api.profile(username).then(
      (profile) => live && setState({ key: username, profile, error: null }),
      (caught: unknown) =>
        live &&
        setState({ key: username, profile: null, error: errorText(t, asOnlineError(caught)) }),
    );
    return () => {
      live = false;
    };
  }, [client, username, t]);
  return state.key === username ? state : { profile: null, error: null };
}

function one(value: number | null, locale: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
    .format(value)
    .replace('-', '−');
}

function profileName(t: TFunction, profile: Profile): string {
  if (profile.bot) return t('online.ratings.bot', { level: t(`app.botLevel.${profile.bot}`) });
  return playerName(t, profile.player.name, profile.botAccount);
}

function Figures({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const { overall } = profile;
  const locale = i18n.language;
  const share = overall.games > 0 ? overall.wins / overall.games : null;
  const percent = new Intl.NumberFormat(locale, { style: 'percent' });
  return (
    <dl className="profile-figures" data-testid="profile-figures">
      <div>
        <dt>{t('online.profile.games')}</dt>
        <dd data-testid="profile-games">{overall.games}</dd>
      </div>
      <div>
        <dt>{t('online.profile.wins')}</dt>
        <dd data-testid="profile-wins">
          {overall.wins}
          {share !== null ? <small> ({percent.format(share)})</small> : null}
        </dd>
      </div>
      <div>
        <dt>{t('online.profile.meanIp')}</dt>
        <dd data-testid="profile-mean-ip">{one(overall.meanIp, locale)}</dd>
      </div>
      <div>
        <dt>{t('online.profile.snitches')}</dt>
        <dd data-testid="profile-snitches">
          {t('online.profile.money', { amount: profile.moneyToSnitches })}
        </dd>
      </div>
      <div>
        <dt>{t('online.profile.favouriteFamily')}</dt>
        <dd data-testid="profile-family">
          {profile.favouriteFamily ? t(`families.${profile.favouriteFamily}`) : '—'}
        </dd>
      </div>
    </dl>
  );
}

function Sizes({ sizes }: { sizes: ProfileSize[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <div className="profile-scroll">
      <table className="profile-table" data-testid="profile-sizes">
        <thead>
          <tr>
            <th scope="col">{t('online.profile.tableSize')}</th>
            <th scope="col">{t('online.profile.gamesColumn')}</th>
            <th scope="col">{t('online.profile.wins')}</th>
            <th scope="col">{t('online.profile.meanIp')}</th>
            <th scope="col">{t('online.profile.estimate')}</th>
          </tr>
        </thead>
        <tbody>
          {sizes.map((size) => (
            <tr key={size.players}>
              <th scope="row">{t('online.ratings.tab', { count: size.players })}</th>
              <td>{size.games}</td>
              <td>{size.wins}</td>
              <td>{one(size.meanIp, locale)}</td>
              <td>{size.rating ? one(size.rating.conservative, locale) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Sources({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const games = profile.overall.games;
  const locale = i18n.language;
  const sources = SCORE_SOURCES.filter(
    (source) => source === 'heists' || source === 'members' || profile.ipBySource[source] !== 0,
  );
  return (
    <table className="profile-table" data-testid="profile-sources">
      <thead>
        <tr>
          <th scope="col">{t('online.profile.source')}</th>
          <th scope="col">{t('online.profile.total')}</th>
          <th scope="col">{t('online.profile.perGame')}</th>
        </tr>
      </thead>
      <tbody>
        {sources.map((source) => (
          <tr key={source} data-testid={`profile-source-${source}`}>
            <th scope="row">{t(`score.rows.${source}`)}</th>
            <td>{profile.ipBySource[source]}</td>
            <td>{games > 0 ? one(profile.ipBySource[source] / games, locale) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function opponents(t: TFunction, game: RecentGame): string {
  return game.opponents
    .map((o) =>
      o.bot
        ? t('online.ratings.bot', { level: t(`app.botLevel.${o.bot}`) })
        : // Names inside a sentence cannot be isolated by markup: direction controls go.
          withoutBidiControls(o.name ?? '?'),
    )
    .join(', ');
}

function Recent({ games }: { games: RecentGame[] }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  if (games.length === 0) return <p className="help">{t('online.profile.noGames')}</p>;
  return (
    <ol className="profile-recent" data-testid="profile-recent">
      {games.map((game) => (
        <li key={game.table} className={game.won ? 'won' : undefined}>
          <a href={onlineHash({ page: 'table', table: game.table, invite: null })}>
            <bdi>{game.tableName || t('online.lobby.unnamed')}</bdi>
          </a>
          <span className="profile-recent-result">
            {game.won
              ? t('online.profile.won', { ip: game.ip })
              : t('online.profile.place', { rank: game.rank, players: game.players, ip: game.ip })}
          </span>
          <span className="profile-recent-against">
            {t('online.profile.against', { names: opponents(t, game) })}
          </span>
          <time dateTime={game.finishedAt}>{date.format(new Date(game.finishedAt))}</time>
        </li>
      ))}
    </ol>
  );
}

function Charts({ sizes }: { sizes: ProfileSize[] }) {
  const { t } = useTranslation();
  const rated = sizes.filter((size) => size.history.length > 0);
  if (rated.length === 0) return <p className="help">{t('online.profile.noRatings')}</p>;
  return (
    <div className="profile-charts">
      {rated.map((size) => {
        const label = t('online.profile.chartLabel', { count: size.players });
        return (
          <figure key={size.players} className="profile-chart" data-testid="profile-chart">
            <figcaption>{label}</figcaption>
            <Suspense fallback={<p className="loading">{t('score.chart.loading')}</p>}>
              <RatingChart history={size.history} label={label} />
            </Suspense>
          </figure>
        );
      })}
    </div>
  );
}

export function PlayerProfile({ client, username }: { client: OnlineClient; username: string }) {
  const { t } = useTranslation();
  const { profile, error } = useProfile(client, username);
  return (
    <section className="profile" aria-labelledby="profile-title" data-testid="profile">
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {!profile ? (
        error ? null : (
          <p className="loading">{t('app.loading')}</p>
        )
      ) : (
        <>
          <header className="profile-head">
            <div>
              <h2 id="profile-title">
                <bdi>{profileName(t, profile)}</bdi>
              </h2>
              <p className="profile-username">@{profile.player.username}</p>
            </div>
            {/* What one can do about this player (follow them…) goes here. */}
            <div className="profile-actions" data-testid="profile-actions" />
          </header>
          <Figures profile={profile} />
          <div className="profile-columns">
            <div>
              <h3>{t('online.profile.bySize')}</h3>
              <Sizes sizes={profile.sizes} />
              <h3>{t('online.profile.ratingHistory')}</h3>
              <Charts sizes={profile.sizes} />
            </div>
            <div>
              <h3>{t('online.profile.sources')}</h3>
              <Sources profile={profile} />
              <h3>{t('online.profile.recent')}</h3>
              <Recent games={profile.recent} />
            </div>
          </div>
        </>
      )}
      <p>
        <a className="button-like" href={onlineHash({ page: 'ratings' })}>
          {t('online.profile.toRatings')}
        </a>
      </p>
    </section>
  );
}
