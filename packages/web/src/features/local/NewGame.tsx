/**
 * "Custom game": 2-4 seats (a person or a bot of some level), the variants, the table options,
 * an optional seed and the first player. The first seat is the player, under the name given on
 * the welcome screen; bots left unnamed get a name from their Boss's family when the game starts.
 */
import type { GameOptionsInput } from '@gangsta/engine';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_GAME_OPTIONS,
  GameOptionsFields,
  type GameOptionsValue,
} from '../../app/GameOptionsFields.tsx';
import { randomSeed, type Session } from '../../app/session.ts';
import { isBotKind, SEAT_KINDS, type SeatKind } from '../../game/seats.ts';
import { loadPlayerName, NAME_MAX } from '../../game/storage.ts';

const DEFAULT_SEATS: SeatKind[] = ['human', 'medium', 'medium', 'medium'];

export function NewGame({ session }: { session: Session }) {
  const { t } = useTranslation();
  const id = useId();
  const [gameOptions, setGameOptions] = useState<GameOptionsValue>(DEFAULT_GAME_OPTIONS);
  const { players, flags, choices: optionChoices } = gameOptions;
  const [seats, setSeats] = useState<SeatKind[]>(DEFAULT_SEATS);
  // Empty means the seat's default: "Player 2" for a person, a name of its family for a bot.
  const [names, setNames] = useState<string[]>(() => [loadPlayerName() ?? '', '', '', '']);
  const [seed, setSeed] = useState('');
  const [firstPlayer, setFirstPlayer] = useState('random');
  const [error, setError] = useState<string | null>(null);

  const changeOptions = (next: GameOptionsValue) => {
    setGameOptions(next);
    if (firstPlayer !== 'random' && Number(firstPlayer) >= next.players) setFirstPlayer('random');
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    const chosenSeed = seed.trim() === '' ? randomSeed() : Number(seed);
    if (!Number.isInteger(chosenSeed) || chosenSeed < 0) {
      setError(t('newGame.badSeed'));
      return;
    }
    const options: GameOptionsInput = { players, seed: chosenSeed, ...flags, ...optionChoices };
    if (firstPlayer !== 'random') options.firstPlayer = Number(firstPlayer);
    const chosenNames = names.slice(0, players).map((n) => n.trim() || null);
    const result = session.newGame(options, seats.slice(0, players), chosenNames);
    if (!result.ok) setError(t('newGame.failed', { message: result.error.message }));
  };

  return (
    <form className="new-game" onSubmit={start} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('welcome.custom')}</h2>
      {session.getSnapshot().controller ? (
        <p>
          <button type="button" onClick={() => session.backToTable()}>
            {t('newGame.backToTable')}
          </button>
        </p>
      ) : null}
      <GameOptionsFields
        id={id}
        value={gameOptions}
        onChange={changeOptions}
        seatsHelp={`${t('newGame.hotSeatHelp')} ${t('newGame.botNameHelp')}`}
      >
        <ol className="seats">
          {seats.slice(0, players).map((kind, seat) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
            <li key={seat}>
              <label className="seat-label" htmlFor={`${id}-seat-${seat}`}>
                {t('app.player', { n: seat + 1 })}
              </label>
              <select
                id={`${id}-seat-${seat}`}
                value={kind}
                onChange={(e) => {
                  const next = [...seats];
                  next[seat] = e.target.value as SeatKind;
                  setSeats(next);
                }}
              >
                {SEAT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`newGame.seatKind.${k}`)}
                  </option>
                ))}
              </select>
              <input
                className="seat-name"
                aria-label={t('table.playerName.label', {
                  seat: t('app.player', { n: seat + 1 }),
                })}
                maxLength={NAME_MAX}
                value={names[seat]}
                placeholder={
                  isBotKind(kind)
                    ? t('newGame.botNamePlaceholder')
                    : t('app.player', { n: seat + 1 })
                }
                onChange={(e) => {
                  const next = [...names];
                  next[seat] = e.target.value;
                  setNames(next);
                }}
              />
            </li>
          ))}
        </ol>
      </GameOptionsFields>
      <fieldset>
        <legend>{t('newGame.more')}</legend>
        <div className="field">
          <label htmlFor={`${id}-seed`}>{t('newGame.seed')}</label>
          <input
            id={`${id}-seed`}
            inputMode="numeric"
            pattern="[0-9]*"
            value={seed}
            placeholder={t('newGame.seedPlaceholder')}
            onChange={(e) => setSeed(e.target.value)}
            aria-describedby={`${id}-seed-help`}
          />
          <p className="help" id={`${id}-seed-help`}>
            {t('newGame.seedHelp')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-first`}>{t('newGame.firstPlayer')}</label>
          <select
            id={`${id}-first`}
            value={firstPlayer}
            onChange={(e) => setFirstPlayer(e.target.value)}
          >
            <option value="random">{t('newGame.firstPlayerRandom')}</option>
            {Array.from({ length: players }, (_, seat) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
              <option key={seat} value={seat}>
                {names[seat]?.trim() || t('app.player', { n: seat + 1 })}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="primary" data-testid="start-game">
        {t('newGame.start')}
      </button>
    </form>
  );
}
