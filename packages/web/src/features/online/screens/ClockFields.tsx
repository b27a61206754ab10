/**
 * The create-table form's time control: none (friendly), a real-time preset, or turn-based;
 * and the bot that takes a seat over when its player runs out of time, is gone, or leaves.
 */
import {
  BOT_LEVELS,
  type BotLevel,
  CLOCK_PRESETS,
  type ClockPreset,
  type ClockSetting,
} from '@gangsta/protocol';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export type ClockChoice = 'none' | ClockPreset;

export interface ClockValue {
  clock: ClockChoice;
  takeoverLevel: BotLevel;
}

export const DEFAULT_CLOCK: ClockValue = { clock: 'none', takeoverLevel: 'medium' };

const CHOICES: ClockChoice[] = ['none', ...(Object.keys(CLOCK_PRESETS) as ClockPreset[])];

export function clockSetting(choice: ClockChoice): ClockSetting {
  return choice === 'none' ? { kind: 'none' } : CLOCK_PRESETS[choice];
}

/** The choice's label with its figures taken from the preset itself. */
function choiceText(t: TFunction, choice: ClockChoice): string {
  const setting = clockSetting(choice);
  if (setting.kind === 'realtime') {
    return t(`online.create.clock.${choice}`, {
      minutes: setting.bankMs / 60_000,
      seconds: setting.incrementMs / 1000,
    });
  }
  if (setting.kind === 'turn') {
    return t(`online.create.clock.${choice}`, { hours: setting.perMoveMs / 3_600_000 });
  }
  return t('online.create.clock.none');
}

/**
 * A table's time control in words: a preset's own label, or for a setting made through the API
 * the label of a preset of its kind with the setting's own figures.
 */
export function clockSettingText(t: TFunction, setting: ClockSetting): string {
  const presets = Object.keys(CLOCK_PRESETS) as ClockPreset[];
  const same = presets.find((p) => JSON.stringify(CLOCK_PRESETS[p]) === JSON.stringify(setting));
  if (same) return choiceText(t, same);
  if (setting.kind === 'realtime') {
    return t('online.create.clock.normal', {
      minutes: Math.round(setting.bankMs / 60_000),
      seconds: Math.round(setting.incrementMs / 1000),
    });
  }
  if (setting.kind === 'turn')
    return t('online.create.clock.day', { hours: Math.round(setting.perMoveMs / 3_600_000) });
  return t('online.create.clock.none');
}

export function ClockFields({
  id,
  value,
  onChange,
}: {
  id: string;
  value: ClockValue;
  onChange: (value: ClockValue) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('online.create.clock.legend')}</legend>
      <div className="field">
        <label htmlFor={`${id}-clock`}>{t('online.create.clock.label')}</label>
        <select
          id={`${id}-clock`}
          value={value.clock}
          aria-describedby={`${id}-clock-help`}
          onChange={(e) => onChange({ ...value, clock: e.target.value as ClockChoice })}
        >
          {CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choiceText(t, choice)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-takeover`}>{t('online.create.clock.takeover')}</label>
        <select
          id={`${id}-takeover`}
          value={value.takeoverLevel}
          onChange={(e) => onChange({ ...value, takeoverLevel: e.target.value as BotLevel })}
        >
          {BOT_LEVELS.map((level) => (
            <option key={level} value={level}>
              {t(`app.botLevel.${level}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="help" id={`${id}-clock-help`}>
        {t('online.create.clock.help')}
      </p>
    </fieldset>
  );
}
