/**
 * The player's name, asked once: a small form until a name is saved, then one line ("Playing as
 * Ann · Change name"). Nothing waits for it: Play works without a name (the seat is then
 * "Player 1"), and the name is used for the player's seat and prefilled online.
 *
 * What is typed is kept as it is typed: a player who types a name and goes straight to Play
 * (or Learn to play, Custom game, Play online) without pressing Save sits under that name, and
 * it is remembered. Save only folds the form into the "Playing as" line. Emptying the field
 * keeps the name saved before: a name is changed by typing another, never lost by a slip.
 */
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPlayerName, NAME_MAX, savePlayerName } from '../../game/storage.ts';

export function NamePrompt() {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(loadPlayerName);
  const [editing, setEditing] = useState(name === null);
  const [draft, setDraft] = useState(name ?? '');
  if (!editing && name) {
    return (
      <p className="welcome__name" data-testid="playing-as">
        {t('welcome.playingAs', { name })}{' '}
        <button type="button" className="link-button" onClick={() => setEditing(true)}>
          {t('welcome.nameChange')}
        </button>
      </p>
    );
  }
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '') return;
    savePlayerName(draft);
    setName(loadPlayerName());
    setEditing(false);
  };
  return (
    <form className="welcome__name-form" onSubmit={save} data-testid="name-prompt">
      <label htmlFor={`${id}-name`}>{t('welcome.nameQuestion')}</label>
      <span className="welcome__name-row">
        <input
          id={`${id}-name`}
          value={draft}
          maxLength={NAME_MAX}
          autoComplete="nickname"
          placeholder={t('welcome.nameLabel')}
          onChange={(e) => {
            setDraft(e.target.value);
            if (e.target.value.trim() !== '') savePlayerName(e.target.value);
          }}
        />
        <button type="submit" disabled={draft.trim() === ''}>
          {t('welcome.nameSave')}
        </button>
      </span>
    </form>
  );
}
