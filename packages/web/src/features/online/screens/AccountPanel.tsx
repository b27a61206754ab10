/**
 * The account area of the online home: "signed in as …" and log out for an account; for a
 * guest, turning the identity into an account (username + password) so the games follow the
 * player to other devices; logging in on this device; and the player's webhook.
 */
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  WEBHOOK_URL_MAX,
} from '@gangsta/protocol';
import { type FormEvent, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { createAccount, logIn, logOut } from '../state/account.ts';
import type { OnlineClient } from '../state/client.ts';
import { asOnlineError } from '../state/errors.ts';
import { errorText } from '../state/texts.ts';
import { EmailSettingsForm } from './EmailSettings.tsx';
import './account.css';

/** Runs an action with a busy flag and the refusal's text. */
function useAction() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(errorText(t, asOnlineError(caught)));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p className="error" role="alert">
      {error}
    </p>
  ) : null;
}

interface CredentialsFormProps {
  /** "create": a new password (autocomplete new-password), else "login". */
  kind: 'create' | 'login';
  submit: string;
  testId: string;
  onSubmit(username: string, password: string): Promise<unknown>;
}

function CredentialsForm({ kind, submit, testId, onSubmit }: CredentialsFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const send = (event: FormEvent) => {
    event.preventDefault();
    void run(() => onSubmit(username.trim(), password));
  };
  const creating = kind === 'create';
  return (
    <form className="account-form" onSubmit={send} data-testid={testId}>
      <label htmlFor={`${id}-user`}>{t('online.account.username')}</label>
      <input
        id={`${id}-user`}
        value={username}
        autoComplete="username"
        required
        minLength={creating ? USERNAME_MIN : undefined}
        maxLength={USERNAME_MAX}
        pattern={creating ? '[A-Za-z0-9_.\\-]+' : undefined}
        onChange={(e) => setUsername(e.target.value)}
      />
      <label htmlFor={`${id}-password`}>{t('online.account.password')}</label>
      <input
        id={`${id}-password`}
        type="password"
        value={password}
        autoComplete={creating ? 'new-password' : 'current-password'}
        required
        minLength={creating ? PASSWORD_MIN : undefined}
        maxLength={PASSWORD_MAX}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" disabled={busy || username.trim() === '' || password === ''}>
        {submit}
      </button>
      {creating ? <p className="help">{t('online.account.rules')}</p> : null}
      <ErrorLine error={error} />
    </form>
  );
}

function WebhookForm({ client }: { client: OnlineClient }) {
  const { t } = useTranslation();
  const id = useId();
  const [url, setUrl] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  useEffect(() => {
    let live = true;
    client.api.account().then(
      (me) => {
        if (!live) return;
        setSaved(me.webhook ?? null);
        setUrl(me.webhook ?? '');
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [client]);
  const save = (event: FormEvent) => {
    event.preventDefault();
    setNote(null);
    void run(async () => {
      const stored = await client.api.setWebhook(url.trim() === '' ? null : url.trim());
      setSaved(stored);
      setUrl(stored ?? '');
      setNote(t(stored ? 'online.account.webhookSaved' : 'online.account.webhookRemoved'));
    });
  };
  const test = () => {
    setNote(null);
    void run(async () => {
      const answer = await client.api.testWebhook();
      setNote(
        answer.delivered
          ? t('online.account.webhookDelivered')
          : t('online.account.webhookFailed', { status: answer.status ?? '—' }),
      );
    });
  };
  return (
    <form className="account-form webhook-form" onSubmit={save}>
      <label htmlFor={`${id}-hook`}>{t('online.account.webhook')}</label>
      <input
        id={`${id}-hook`}
        type="url"
        value={url}
        maxLength={WEBHOOK_URL_MAX}
        placeholder="https://discord.com/api/webhooks/…"
        onChange={(e) => setUrl(e.target.value)}
      />
      <button type="submit" disabled={busy}>
        {t('online.account.webhookSave')}
      </button>
      <button type="button" disabled={busy || saved === null} onClick={test}>
        {t('online.account.webhookTest')}
      </button>
      <p className="help">{t('online.account.webhookHelp')}</p>
      {note ? (
        <p className="help" role="status">
          {note}
        </p>
      ) : null}
      <ErrorLine error={error} />
    </form>
  );
}

function SignedIn({ client, username }: { client: OnlineClient; username: string }) {
  const { t } = useTranslation();
  const { busy, error, run } = useAction();
  return (
    <div className="account-signed-in">
      <p data-testid="signed-in-as">{t('online.account.signedInAs', { username })}</p>
      <button type="button" disabled={busy} onClick={() => void run(() => logOut(client))}>
        {t('online.account.logout')}
      </button>
      <ErrorLine error={error} />
    </div>
  );
}

export function AccountPanel({ client }: { client: OnlineClient }) {
  const { t } = useTranslation();
  const identity = useSyncExternalStore(client.identity.subscribe, client.identity.get);
  const login = (
    <CredentialsForm
      kind="login"
      submit={t('online.account.login')}
      testId="login-form"
      onSubmit={(username, password) => logIn(client, { username, password })}
    />
  );
  return (
    <section className="account-panel" aria-labelledby="account-title" data-testid="account">
      <h3 id="account-title">{t('online.account.title')}</h3>
      {identity?.account ? (
        <>
          <SignedIn client={client} username={identity.account.username} />
          <EmailSettingsForm key={identity.player.id} client={client} />
        </>
      ) : identity ? (
        <>
          <p className="help">{t('online.account.createIntro')}</p>
          <CredentialsForm
            kind="create"
            submit={t('online.account.create')}
            testId="create-account-form"
            onSubmit={(username, password) => createAccount(client, { username, password })}
          />
          <details className="account-other">
            <summary>{t('online.account.loginInstead')}</summary>
            {login}
          </details>
        </>
      ) : (
        <>
          <p className="help">{t('online.account.loginIntro')}</p>
          {login}
        </>
      )}
      {identity ? <WebhookForm key={identity.player.id} client={client} /> : null}
    </section>
  );
}
