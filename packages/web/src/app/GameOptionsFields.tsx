/**
 * The option fields a game is set up with: the number of players, the variants and the table
 * options. The local new-game screen and the online "create a table" screen show the same
 * fields; each adds its own seat rows inside the players' fieldset (`children`).
 */
import {
  defaultOptionChoices,
  defaultOptionFlags,
  GAME_OPTIONS,
  MAX_PLAYERS,
  MIN_PLAYERS,
  OPTION_CHOICES,
  OPTION_FLAGS,
  type OptionChoice,
  type OptionChoiceValue,
  type OptionFlag,
  optionRequirement,
} from '@gangsta/engine';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type { OptionFlag };

/** The engine's options, by group; their words are under `newGame.flags` in the locales. */
export const VARIANTS = OPTION_FLAGS.filter((flag) => GAME_OPTIONS[flag].group === 'variant');
export const TABLE_OPTIONS = OPTION_FLAGS.filter(
  (flag) => GAME_OPTIONS[flag].group === 'tableOption',
);
const PLAYER_COUNTS = Array.from(
  { length: MAX_PLAYERS - MIN_PLAYERS + 1 },
  (_, i) => MIN_PLAYERS + i,
);

export interface GameOptionsValue {
  players: number;
  flags: Record<OptionFlag, boolean>;
  /** The options with named values (the ruleset, R-OPT-4); words under `newGame.choices`. */
  choices: { [K in OptionChoice]: OptionChoiceValue<K> };
}

export const DEFAULT_GAME_OPTIONS: GameOptionsValue = {
  players: MIN_PLAYERS,
  flags: defaultOptionFlags(),
  choices: defaultOptionChoices(),
};

/**
 * Sets one flag; switching one off also switches off the flags that only exist with it (the
 * expert deal needs resource cards, R-SETUP-3).
 */
export function withFlag(value: GameOptionsValue, flag: OptionFlag, on: boolean): GameOptionsValue {
  const flags = { ...value.flags, [flag]: on };
  if (!on) {
    for (const other of OPTION_FLAGS)
      if (optionRequirement(other)?.flag === flag) flags[other] = false;
  }
  return { ...value, flags };
}

/** Whether a flag can be chosen: not while the flag it needs is off. */
function available(flags: Record<OptionFlag, boolean>, flag: OptionFlag): boolean {
  const needs = optionRequirement(flag)?.flag;
  return needs === undefined || flags[needs];
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
        disabled={!available(value.flags, flag)}
        onChange={(e) => onChange(withFlag(value, flag, e.target.checked))}
        aria-describedby={`${id}-${flag}-help`}
      />
      <label htmlFor={`${id}-${flag}`}>{t(`newGame.flags.${flag}.label`)}</label>
      <p className="help" id={`${id}-${flag}-help`}>
        {t(`newGame.flags.${flag}.help`)}
      </p>
    </div>
  );
  const choice = (name: OptionChoice) => (
    <div
      key={name}
      role="radiogroup"
      aria-labelledby={`${id}-${name}`}
      aria-describedby={`${id}-${name}-help`}
    >
      <p className="label" id={`${id}-${name}`}>
        {t(`newGame.choices.${name}.label`)}
      </p>
      <div className="segmented">
        {GAME_OPTIONS[name].values.map((v) => (
          <span key={v}>
            <input
              type="radio"
              name={`${id}-${name}`}
              id={`${id}-${name}-${v}`}
              value={v}
              checked={value.choices[name] === v}
              onChange={() => onChange({ ...value, choices: { ...value.choices, [name]: v } })}
            />
            <label htmlFor={`${id}-${name}-${v}`}>{t(`newGame.choices.${name}.values.${v}`)}</label>
          </span>
        ))}
      </div>
      <p className="help" id={`${id}-${name}-help`}>
        {t(`newGame.choices.${name}.help`)}
      </p>
    </div>
  );
  return (
    <>
      <fieldset>
        <legend>{t('newGame.players')}</legend>
        <div className="segmented">
          {PLAYER_COUNTS.map((n) => (
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
        {OPTION_CHOICES.map(choice)}
      </fieldset>
    </>
  );
}
