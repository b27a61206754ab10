/**
 * Opening a game file: the record is checked (JSON, shape, then a full replay by the engine)
 * and a clear message says what is wrong with a damaged file. The replay shows the players as
 * the file names them (an older file names nobody: "Player 1", "Player 2"…).
 */
import type { TFunction } from 'i18next';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { replayPlayers } from '../game/players.ts';
import { parseGameFile, type RecordProblem } from '../game/record.ts';
import type { Session } from './session.ts';

export function problemText(t: TFunction, problem: RecordProblem): string {
  return 'params' in problem
    ? t(`replay.importError.${problem.key}`, problem.params)
    : t(`replay.importError.${problem.key}`);
}

export function ImportGame({ session }: { session: Session }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    const parsed = parseGameFile(text);
    if (input.current) input.current.value = '';
    if (!parsed.ok) {
      setError(
        t('replay.importError.title', { file: file.name, problem: problemText(t, parsed.problem) }),
      );
      return;
    }
    setError(null);
    session.openReplay(
      parsed.record,
      parsed.players ? replayPlayers(parsed.players, parsed.record.options.players) : null,
    );
  };

  return (
    <span className="import-game">
      <label htmlFor={id} className="button-like">
        {t('app.importGame')}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept=".json,application/json"
        className="visually-hidden-input"
        data-testid="import-file"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      {error ? (
        <span className="error" role="alert">
          {error}{' '}
          <button type="button" onClick={() => setError(null)}>
            {t('app.dismiss')}
          </button>
        </span>
      ) : null}
    </span>
  );
}
