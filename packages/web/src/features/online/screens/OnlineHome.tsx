/** The online home: the player's name, "notify me", create a table, join by link, the lobby. */
import { type FormEvent, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineClient } from '../state/client.ts';
import { type EmailLanding, emailLandingOf, onlineHash, routeFromPasted } from '../state/routes.ts';
import { notifyWanted, setNotifyWanted } from '../state/yourTurn.ts';
import { AccountPanel } from './AccountPanel.tsx';
import { FriendsPanel } from './Friends.tsx';
import { Lobby } from './Lobby.tsx';
import { NameForm } from './NameForm.tsx';

function NotifySwitch() {
  const { t } = useTranslation();
  const id = useId();
  const [on, setOn] = useState(notifyWanted);
  const [denied, setDenied] = useState(false);
  return (
    <div className="check">
      <input
        type="checkbox"
        id={id}
        checked={on}
        onChange={(e) => {
          const wanted = e.target.checked;
          setOn(wanted);
          void setNotifyWanted(wanted).then((granted) => setDenied(wanted && !granted));
        }}
      />
      <label htmlFor={id}>{t('online.notify.label')}</label>
      {denied ? <p className="help">{t('online.notify.denied')}</p> : null}
    </div>
  );
}

function JoinByLink() {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [bad, setBad] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const route = routeFromPasted(text);
    setBad(route === null);
    if (route) window.location.hash = onlineHash(route);
  };
  return (
    <form className="join-link" onSubmit={submit}>
      <label htmlFor={id}>{t('online.home.joinLabel')}</label>
      <input
        id={id}
        value={text}
        placeholder={t('online.home.joinPlaceholder')}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" disabled={text.trim() === ''}>
        {t('online.home.join')}
      </button>
      {bad ? (
        <p className="error" role="alert">
          {t('online.home.badLink')}
        </p>
      ) : null}
    </form>
  );
}

const LANDING_TEXT = {
  verified: 'online.email.landingVerified',
  unsubscribed: 'online.email.landingUnsubscribed',
  invalid: 'online.email.landingInvalid',
} as const;

/**
 * What a mail's link did (the server answers a verification or unsubscribe link by sending the
 * browser here with `?email=<outcome>`), said once: dismissing it drops it from the address so
 * a reload does not say it again.
 */
export function EmailLandingNotice() {
  const { t } = useTranslation();
  const [landing, setLanding] = useState<EmailLanding | null>(() =>
    emailLandingOf(window.location.hash),
  );
  if (!landing) return null;
  const dismiss = () => {
    setLanding(null);
    window.history.replaceState(null, '', onlineHash({ page: 'home' }));
  };
  return (
    <div className={`email-landing${landing === 'invalid' ? ' is-error' : ''}`} role="status">
      <p>{t(LANDING_TEXT[landing])}</p>
      <button type="button" onClick={dismiss}>
        {t('online.email.landingDismiss')}
      </button>
    </div>
  );
}

export function OnlineHome({ client }: { client: OnlineClient }) {
  const { t } = useTranslation();
  const identity = useSyncExternalStore(client.identity.subscribe, client.identity.get);
  return (
    <div className="online-home">
      <h2>{t('online.home.title')}</h2>
      <EmailLandingNotice />
      <p>{t('online.home.intro')}</p>
      <NameForm client={client} />
      {identity ? (
        <p className="help">{t('online.home.signedIn', { name: identity.player.name })}</p>
      ) : null}
      <AccountPanel client={client} />
      {identity ? <FriendsPanel key={identity.player.id} client={client} /> : null}
      <NotifySwitch />
      <p>
        <a
          className="button-like primary"
          href={onlineHash({ page: 'new' })}
          data-testid="create-table"
        >
          {t('online.home.create')}
        </a>{' '}
        <a className="button-like" href={onlineHash({ page: 'games' })} data-testid="my-games-link">
          {t('online.games.title')}
        </a>{' '}
        <a
          className="button-like"
          href={onlineHash({ page: 'ratings' })}
          data-testid="ratings-link"
        >
          {t('online.ratings.title')}
        </a>
      </p>
      <JoinByLink />
      <Lobby client={client} />
    </div>
  );
}
