/** The player's display name: asked once before anything that needs an identity, changeable. */
import { LIMITS, nameProblem } from '@gangsta/protocol';
import { type FormEvent, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPlayerName, savePlayerName } from '../../../game/storage.ts';
import type { OnlineClient } from '../state/client.ts';
import { asOnlineError } from '../state/errors.ts';
import { errorText, nameProblemText } from '../state/texts.ts';

export function NameForm({ client, onDone }: { client: OnlineClient; onDone?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const identity = useSyncExternalStore(client.identity.subscribe, client.identity.get);
  // The name given on the welcome screen is the first guess, so it is asked only once.
  const [name, setName] = useState(identity?.player.name ?? loadPlayerName() ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Checked as the server checks it, so the refusal is said before anything is sent.
  const problem = name.trim() === '' ? null : nameProblem(name.trim(), LIMITS.nameMax);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    setBusy(true);
    setError(null);
    try {
      await client.signIn(name.trim());
      if (loadPlayerName() === null) savePlayerName(name);
      onDone?.();
    } catch (caught) {
      setError(errorText(t, asOnlineError(caught)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="online-name" onSubmit={submit}>
      <label htmlFor={`${id}-name`}>{t('online.name.label')}</label>
      <input
        id={`${id}-name`}
        value={name}
        autoComplete="nickname"
        required
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" disabled={busy || name.trim() === '' || problem !== null}>
        {t(identity ? 'online.name.change' : 'online.name.save')}
      </button>
      {problem ? (
        <p className="error" id={`${id}-problem`} role="alert" data-testid="name-problem">
          {nameProblemText(t, problem)}
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
