/**
 * Create a table: the same option fields as a local game, then per seat who sits there (you,
 * an open seat, a seat reserved for an invited person, or a bot), public or private, a name.
 */
import {
  BOT_LEVELS,
  type CreateTable as CreateTableBody,
  LIMITS,
  type SeatSetup,
} from '@gangsta/protocol';
import { type FormEvent, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_GAME_OPTIONS,
  GameOptionsFields,
  type GameOptionsValue,
} from '../../../app/GameOptionsFields.tsx';
import type { OnlineClient } from '../state/client.ts';
import { asOnlineError } from '../state/errors.ts';
import { onlineHash } from '../state/routes.ts';
import { errorText } from '../state/texts.ts';
import { ClockFields, clockSetting, DEFAULT_CLOCK } from './ClockFields.tsx';
import { NameForm } from './NameForm.tsx';
import { RatedNotice } from './RatedNotice.tsx';

/** A seat's choice in the form: one value per option of its select. */
const SEAT_CHOICES = [
  'host',
  'open',
  'invited',
  ...BOT_LEVELS.map((l) => `bot-${l}` as const),
] as const;
type SeatChoice = (typeof SEAT_CHOICES)[number];

const DEFAULT_CHOICES: SeatChoice[] = ['host', 'invited', 'open', 'open'];

function seatSetup(choice: SeatChoice): SeatSetup {
  if (choice === 'host' || choice === 'open' || choice === 'invited') return { kind: choice };
  const level = BOT_LEVELS.find((l) => choice === `bot-${l}`) ?? 'medium';
  return { kind: 'bot', level };
}

/** Choosing "you" at a seat moves the host there; the seat you left becomes open. */
function choose(choices: SeatChoice[], seat: number, choice: SeatChoice): SeatChoice[] {
  const next = choices.map((c): SeatChoice => (choice === 'host' && c === 'host' ? 'open' : c));
  next[seat] = choice;
  return next;
}

export function CreateTable({ client }: { client: OnlineClient }) {
  const { t } = useTranslation();
  const id = useId();
  const identity = useSyncExternalStore(client.identity.subscribe, client.identity.get);
  const [options, setOptions] = useState<GameOptionsValue>(DEFAULT_GAME_OPTIONS);
  const [choices, setChoices] = useState<SeatChoice[]>(DEFAULT_CHOICES);
  const [isPublic, setPublic] = useState(false);
  const [allowBots, setAllowBots] = useState(false);
  const [clock, setClock] = useState(DEFAULT_CLOCK);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seats = choices.slice(0, options.players);
  const hostMissing = !seats.includes('host');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: CreateTableBody = {
      public: isPublic,
      options: { players: options.players, ...options.flags, ...options.choices },
      seats: seats.map(seatSetup),
      clock: clockSetting(clock.clock),
      takeoverLevel: clock.takeoverLevel,
      allowBots,
    };
    if (name.trim() !== '') body.name = name.trim();
    setBusy(true);
    setError(null);
    try {
      const table = await client.api.createTable(body);
      window.location.hash = onlineHash({ page: 'table', table: table.id, invite: null });
    } catch (caught) {
      setError(errorText(t, asOnlineError(caught)));
      setBusy(false);
    }
  };

  if (!identity) {
    return (
      <section className="online-create">
        <h2>{t('online.create.title')}</h2>
        <p>{t('online.create.nameFirst')}</p>
        <NameForm client={client} />
      </section>
    );
  }
  return (
    <form className="new-game online-create" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('online.create.title')}</h2>
      <GameOptionsFields
        id={id}
        value={options}
        onChange={setOptions}
        seatsHelp={t('online.create.seatsHelp')}
      >
        <ol className="seats">
          {seats.map((choice, seat) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
            <li key={seat}>
              <label className="seat-label" htmlFor={`${id}-seat-${seat}`}>
                {t('app.player', { n: seat + 1 })}
              </label>
              <select
                id={`${id}-seat-${seat}`}
                value={choice}
                onChange={(e) => setChoices(choose(choices, seat, e.target.value as SeatChoice))}
              >
                {SEAT_CHOICES.map((c) => (
                  <option key={c} value={c}>
                    {t(`online.create.seat.${c}`)}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ol>
      </GameOptionsFields>
      <ClockFields id={id} value={clock} onChange={setClock} />
      <fieldset>
        <legend>{t('online.create.tableLegend')}</legend>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('online.create.name')}</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={LIMITS.tableNameMax}
            placeholder={t('online.create.namePlaceholder', { name: identity.player.name })}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="check">
          <input
            type="checkbox"
            id={`${id}-public`}
            checked={isPublic}
            onChange={(e) => setPublic(e.target.checked)}
            aria-describedby={`${id}-public-help`}
          />
          <label htmlFor={`${id}-public`}>{t('online.create.public')}</label>
          <p className="help" id={`${id}-public-help`}>
            {t('online.create.publicHelp')}
          </p>
        </div>
        <div className="check">
          <input
            type="checkbox"
            id={`${id}-bots`}
            checked={allowBots}
            onChange={(e) => setAllowBots(e.target.checked)}
            aria-describedby={`${id}-bots-help`}
          />
          <label htmlFor={`${id}-bots`}>{t('online.create.allowBots')}</label>
          <p className="help" id={`${id}-bots-help`}>
            {t('online.create.allowBotsHelp')}
          </p>
        </div>
      </fieldset>
      {hostMissing ? <p className="error">{t('online.create.hostMissing')}</p> : null}
      <RatedNotice client={client} />
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="primary"
        disabled={busy || hostMissing}
        data-testid="create-submit"
      >
        {t('online.create.submit')}
      </button>
    </form>
  );
}
