/**
 * The new-game screen: 2-4 seats (a person or a bot of some level), the variants, the table
 * options, an optional seed and the first player.
 */
import type { GameOptionsInput } from '@gangsta/engine';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEAT_KINDS, type SeatKind } from '../game/seats.ts';
import type { Session } from '../game/session.ts';

const DEFAULT_SEATS: SeatKind[] = ['human', 'medium', 'medium', 'medium'];

type Flag =
  | 'families'
  | 'resources'
  | 'expertResources'
  | 'minimumPassIncome'
  | 'catchUpCash'
  | 'privateHeistInfluence';

const VARIANTS: Flag[] = ['families', 'resources', 'expertResources'];
const TABLE_OPTIONS: Flag[] = ['minimumPassIncome', 'catchUpCash', 'privateHeistInfluence'];

function randomSeed(): number {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return values[0] % 1_000_000_000;
}

export function NewGame({ session }: { session: Session }) {
  const { t } = useTranslation();
  const id = useId();
  const [players, setPlayers] = useState(2);
  const [seats, setSeats] = useState<SeatKind[]>(DEFAULT_SEATS);
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    families: false,
    resources: false,
    expertResources: false,
    minimumPassIncome: false,
    catchUpCash: false,
    privateHeistInfluence: false,
  });
  const [seed, setSeed] = useState('');
  const [firstPlayer, setFirstPlayer] = useState('random');
  const [error, setError] = useState<string | null>(null);

  const setFlag = (flag: Flag, value: boolean) => {
    const next = { ...flags, [flag]: value };
    // The expert deal only exists with resource cards (R-SETUP-3).
    if (flag === 'resources' && !value) next.expertResources = false;
    setFlags(next);
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    const chosenSeed = seed.trim() === '' ? randomSeed() : Number(seed);
    if (!Number.isInteger(chosenSeed) || chosenSeed < 0) {
      setError(t('newGame.badSeed'));
      return;
    }
    const options: GameOptionsInput = { players, seed: chosenSeed, ...flags };
    if (firstPlayer !== 'random') options.firstPlayer = Number(firstPlayer);
    const result = session.newGame(options, seats.slice(0, players));
    if (!result.ok) setError(t('newGame.failed', { message: result.error.message }));
  };

  const checkbox = (flag: Flag) => (
    <div className="check" key={flag}>
      <input
        type="checkbox"
        id={`${id}-${flag}`}
        checked={flags[flag]}
        disabled={flag === 'expertResources' && !flags.resources}
        onChange={(e) => setFlag(flag, e.target.checked)}
        aria-describedby={`${id}-${flag}-help`}
      />
      <label htmlFor={`${id}-${flag}`}>{t(`newGame.flags.${flag}.label`)}</label>
      <p className="help" id={`${id}-${flag}-help`}>
        {t(`newGame.flags.${flag}.help`)}
      </p>
    </div>
  );

  return (
    <form className="new-game" onSubmit={start} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('newGame.title')}</h2>
      {session.getSnapshot().controller ? (
        <p>
          <button type="button" onClick={() => session.backToTable()}>
            {t('newGame.backToTable')}
          </button>
        </p>
      ) : null}
      <fieldset>
        <legend>{t('newGame.players')}</legend>
        <div className="segmented">
          {[2, 3, 4].map((n) => (
            <span key={n}>
              <input
                type="radio"
                name="players"
                id={`${id}-players-${n}`}
                value={n}
                checked={players === n}
                onChange={() => {
                  setPlayers(n);
                  if (firstPlayer !== 'random' && Number(firstPlayer) >= n)
                    setFirstPlayer('random');
                }}
              />
              <label htmlFor={`${id}-players-${n}`}>{t('newGame.playerCount', { count: n })}</label>
            </span>
          ))}
        </div>
        <ol className="seats">
          {seats.slice(0, players).map((kind, seat) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
            <li key={seat}>
              <label className="seat-label" htmlFor={`${id}-seat-${seat}`}>
                {t('app.seat', { n: seat + 1 })}
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
            </li>
          ))}
        </ol>
        <p className="help">{t('newGame.hotSeatHelp')}</p>
      </fieldset>
      <fieldset>
        <legend>{t('newGame.variants')}</legend>
        {VARIANTS.map(checkbox)}
      </fieldset>
      <fieldset>
        <legend>{t('newGame.tableOptions')}</legend>
        {TABLE_OPTIONS.map(checkbox)}
      </fieldset>
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
                {t('app.seat', { n: seat + 1 })}
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
