/**
 * The friends panel of the online home: follow an account by username, the followed accounts
 * with a dot saying who is online, a one-click challenge (a private 2-player table whose
 * second seat is kept for the friend; the challenger goes to the table) and unfollow; and the
 * challenges waiting for the player's answer, accepted or declined with one click.
 */
import type { Challenge, Friend } from '@gangsta/protocol';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineClient } from '../state/client.ts';
import { asOnlineError } from '../state/errors.ts';
import { onlineHash } from '../state/routes.ts';
import { errorText } from '../state/texts.ts';
import './friends.css';

/** How often the list asks again who is online (the server counts five minutes). */
const REFRESH_MS = 60_000;

export function FriendList({
  friends,
  busy,
  onChallenge,
  onUnfollow,
}: {
  friends: Friend[];
  busy: boolean;
  onChallenge(friend: Friend): void;
  onUnfollow(friend: Friend): void;
}) {
  const { t } = useTranslation();
  if (friends.length === 0) return <p className="help">{t('online.friends.none')}</p>;
  return (
    <ul className="friend-list">
      {friends.map((friend) => {
        const state = t(friend.online ? 'online.friends.online' : 'online.friends.offline');
        return (
          <li key={friend.id} className="friend" data-testid="friend" data-online={friend.online}>
            <span
              className={`online-dot${friend.online ? ' on' : ''}`}
              role="img"
              aria-label={state}
              title={state}
            />
            <a
              className="friend-name"
              href={onlineHash({ page: 'player', username: friend.username })}
            >
              {friend.name}
            </a>
            {friend.bot ? <span className="friend-bot">{t('online.friends.bot')}</span> : null}
            <span className="friend-actions">
              <button
                type="button"
                className="primary"
                disabled={busy}
                aria-label={t('online.friends.challengeLabel', { name: friend.name })}
                onClick={() => onChallenge(friend)}
              >
                {t('online.friends.challenge')}
              </button>
              <button
                type="button"
                disabled={busy}
                aria-label={t('online.friends.unfollowLabel', { name: friend.name })}
                onClick={() => onUnfollow(friend)}
              >
                {t('online.friends.unfollow')}
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function IncomingChallenges({
  challenges,
  busy,
  onAccept,
  onDecline,
}: {
  challenges: Challenge[];
  busy: boolean;
  onAccept(challenge: Challenge): void;
  onDecline(challenge: Challenge): void;
}) {
  const { t } = useTranslation();
  if (challenges.length === 0) return null;
  return (
    <div className="incoming-challenges" data-testid="incoming-challenges">
      <h4>{t('online.friends.incomingTitle')}</h4>
      <ul>
        {challenges.map((challenge) => (
          <li key={challenge.id} data-testid="incoming-challenge">
            <span>{t('online.friends.incoming', { name: challenge.from.name })}</span>
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => onAccept(challenge)}
            >
              {t('online.friends.accept')}
            </button>
            <button type="button" disabled={busy} onClick={() => onDecline(challenge)}>
              {t('online.friends.decline')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FriendsPanel({ client }: { client: OnlineClient }) {
  const { t } = useTranslation();
  const id = useId();
  const [friends, setFriends] = useState<Friend[] | null>(null);
  const [challenges, setChallenges] = useState<Challenge[]>([]);
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    const [list, waiting] = await Promise.all([client.api.friends(), client.api.challenges()]);
    setFriends(list.friends);
    setChallenges(waiting);
  }, [client]);
  useEffect(() => {
    let live = true;
    const load = () => {
      refresh().catch((caught: unknown) => {
        if (live) setError(errorText(t, asOnlineError(caught)));
      });
    };
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [refresh, t]);
  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      await action();
    } catch (caught) {
      setError(errorText(t, asOnlineError(caught)));
    } finally {
      setBusy(false);
    }
  };
  const follow = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await client.api.follow(username.trim());
      setUsername('');
      await refresh();
    });
  };
  const challenge = (friend: Friend) =>
    void act(async () => {
      const made = await client.api.challenge({ to: friend.username, options: { players: 2 } });
      setNote(t('online.friends.challenged', { name: friend.name }));
      window.location.hash = onlineHash({ page: 'table', table: made.id, invite: null });
    });
  const unfollow = (friend: Friend) =>
    void act(async () => {
      await client.api.unfollow(friend.username);
      await refresh();
    });
  const accept = (incoming: Challenge) =>
    void act(async () => {
      await client.api.acceptChallenge(incoming.id);
      window.location.hash = onlineHash({ page: 'table', table: incoming.id, invite: null });
    });
  const decline = (incoming: Challenge) =>
    void act(async () => {
      await client.api.declineChallenge(incoming.id);
      await refresh();
    });
  return (
    <section className="friends-panel" aria-labelledby={`${id}-title`} data-testid="friends">
      <h3 id={`${id}-title`}>{t('online.friends.title')}</h3>
      <p className="help">{t('online.friends.intro')}</p>
      <IncomingChallenges
        challenges={challenges}
        busy={busy}
        onAccept={accept}
        onDecline={decline}
      />
      <form className="account-form follow-form" onSubmit={follow}>
        <label htmlFor={`${id}-user`}>{t('online.friends.username')}</label>
        <input
          id={`${id}-user`}
          value={username}
          maxLength={24}
          autoComplete="off"
          onChange={(e) => setUsername(e.target.value)}
        />
        <button type="submit" disabled={busy || username.trim() === ''}>
          {t('online.friends.follow')}
        </button>
      </form>
      {friends === null ? (
        error ? null : (
          <p className="loading">{t('app.loading')}</p>
        )
      ) : (
        <FriendList friends={friends} busy={busy} onChallenge={challenge} onUnfollow={unfollow} />
      )}
      {note ? (
        <p className="help" role="status">
          {note}
        </p>
      ) : null}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
