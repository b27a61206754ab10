/**
 * The account's mail notifications, in the account panel: the address with whether it is
 * verified (a link is mailed to a new address; it can be sent again), and what to be mailed
 * about. Nothing is mailed until the link is opened; every mail can unsubscribe.
 */
import { EMAIL_ADDRESS_MAX, type EmailSettings } from '@gangsta/protocol';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineClient } from '../state/client.ts';
import { asOnlineError } from '../state/errors.ts';
import { errorText } from '../state/texts.ts';
import './friends.css';

const OPT_INS = ['yourTurn', 'invitations', 'rematches'] as const;
type OptIn = (typeof OPT_INS)[number];

export function EmailSettingsForm({ client }: { client: OnlineClient }) {
  const { t } = useTranslation();
  const id = useId();
  const [settings, setSettings] = useState<EmailSettings | null>(null);
  const [address, setAddress] = useState('');
  const [wanted, setWanted] = useState<Record<OptIn, boolean>>({
    yourTurn: false,
    invitations: false,
    rematches: false,
  });
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = useCallback((answer: EmailSettings) => {
    setSettings(answer);
    setAddress(answer.email?.address ?? '');
    setWanted({
      yourTurn: answer.email?.yourTurn ?? false,
      invitations: answer.email?.invitations ?? false,
      rematches: answer.email?.rematches ?? false,
    });
  }, []);
  useEffect(() => {
    let live = true;
    client.api.email().then(
      (answer) => {
        if (live) show(answer);
      },
      (caught: unknown) => {
        if (live) setError(errorText(t, asOnlineError(caught)));
      },
    );
    return () => {
      live = false;
    };
  }, [client, t, show]);
  const act = async (action: () => Promise<EmailSettings>, done: string) => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      show(await action());
      setNote(done);
    } catch (caught) {
      setError(errorText(t, asOnlineError(caught)));
    } finally {
      setBusy(false);
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const typed = address.trim();
    void act(
      () => client.api.setEmail({ address: typed === '' ? null : typed, ...wanted }),
      t('online.email.saved'),
    );
  };
  const enabled = settings?.enabled ?? true;
  const email = settings?.email ?? null;
  return (
    <form className="account-form email-form" onSubmit={save} data-testid="email-settings">
      <h4 className="email-title">{t('online.email.title')}</h4>
      {settings && !enabled ? <p className="help">{t('online.email.disabled')}</p> : null}
      <label htmlFor={`${id}-address`}>{t('online.email.address')}</label>
      <input
        id={`${id}-address`}
        type="email"
        value={address}
        maxLength={EMAIL_ADDRESS_MAX}
        autoComplete="email"
        disabled={!enabled}
        onChange={(e) => setAddress(e.target.value)}
      />
      {email ? (
        email.verified ? (
          <p className="email-state verified" data-testid="email-state">
            ✓ {t('online.email.verified')}
          </p>
        ) : (
          <p className="email-state" data-testid="email-state">
            {t('online.email.unverified')}{' '}
            <button
              type="button"
              disabled={busy || !enabled}
              onClick={() =>
                void act(() => client.api.resendVerification(), t('online.email.resent'))
              }
            >
              {t('online.email.resend')}
            </button>
          </p>
        )
      ) : null}
      <fieldset disabled={!enabled}>
        {OPT_INS.map((key) => (
          <div className="check" key={key}>
            <input
              type="checkbox"
              id={`${id}-${key}`}
              checked={wanted[key]}
              onChange={(e) => setWanted({ ...wanted, [key]: e.target.checked })}
            />
            <label htmlFor={`${id}-${key}`}>{t(`online.email.${key}`)}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit" disabled={busy || !enabled}>
        {t('online.email.save')}
      </button>
      <p className="help">{t('online.email.help')}</p>
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
    </form>
  );
}
