/**
 * The option fields a game is set up with: the number of players, the variants and the table
 * options. The local new-game screen and the online "create a table" screen show the same
 * fields; each adds its own seat rows inside the players' fieldset (`children`).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type OptionFlag =
  | 'families'
  | 'resources'
  | 'expertResources'
  | 'minimumPassIncome'
  | 'catchUpCash'
  | 'privateHeistInfluence';

export const VARIANTS: OptionFlag[] = ['families', 'resources', 'expertResources'];
export const TABLE_OPTIONS: OptionFlag[] = [
  'minimumPassIncome',
  'catchUpCash',
  'privateHeistInfluence',
];

export interface GameOptionsValue {
  players: number;
  flags: Record<OptionFlag, boolean>;
}

export const DEFAULT_GAME_OPTIONS: GameOptionsValue = {
  players: 2,
  flags: {
    families: false,
    resources: false,
    expertResources: false,
    minimumPassIncome: false,
    catchUpCash: false,
    privateHeistInfluence: false,
  },
};

/** Sets one flag; the expert deal only exists with resource cards (R-SETUP-3). */
export function withFlag(value: GameOptionsValue, flag: OptionFlag, on: boolean): GameOptionsValue {
  const flags = { ...value.flags, [flag]: on };
  if (flag === 'resources' && !on) flags.expertResources = false;
  return { ...value, flags };
}

export interface GameOptionsFieldsProps {
  /** A prefix for the inputs' ids (from `useId`), unique on the page. */
  id: string;
  value: GameOptionsValue;
  onChange: (value: GameOptionsValue) => void;
  /** Shown in the players' fieldset under the player count: the seat rows. */
  children?: ReactNode;
  /** Help text under the seat rows. */
  seatsHelp?: ReactNode;
}

export function GameOptionsFields({
  id,
  value,
  onChange,
  children,
  seatsHelp,
}: GameOptionsFieldsProps) {
  const { t } = useTranslation();
  const checkbox = (flag: OptionFlag) => (
    <div className="check" key={flag}>
      <input
        type="checkbox"
        id={`${id}-${flag}`}
        checked={value.flags[flag]}
        disabled={flag === 'expertResources' && !value.flags.resources}
        onChange={(e) => onChange(withFlag(value, flag, e.target.checked))}
        aria-describedby={`${id}-${flag}-help`}
      />
      <label htmlFor={`${id}-${flag}`}>{t(`newGame.flags.${flag}.label`)}</label>
      <p className="help" id={`${id}-${flag}-help`}>
        {t(`newGame.flags.${flag}.help`)}
      </p>
    </div>
  );
  return (
    <>
      <fieldset>
        <legend>{t('newGame.players')}</legend>
        <div className="segmented">
          {[2, 3, 4].map((n) => (
            <span key={n}>
              <input
                type="radio"
                name={`${id}-players`}
                id={`${id}-players-${n}`}
                value={n}
                checked={value.players === n}
                onChange={() => onChange({ ...value, players: n })}
              />
              <label htmlFor={`${id}-players-${n}`}>{t('newGame.playerCount', { count: n })}</label>
            </span>
          ))}
        </div>
        {children}
        {seatsHelp ? <p className="help">{seatsHelp}</p> : null}
      </fieldset>
      <fieldset>
        <legend>{t('newGame.variants')}</legend>
        {VARIANTS.map(checkbox)}
      </fieldset>
      <fieldset>
        <legend>{t('newGame.tableOptions')}</legend>
        {TABLE_OPTIONS.map(checkbox)}
      </fieldset>
    </>
  );
}
