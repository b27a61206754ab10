/**
 * The sound switch and its volume, in the app's menu: one switch (pressed: on), a slider from
 * silent to full. Both are remembered (game/storage.ts through sound.ts).
 */
import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type SoundSetting, setSound, soundSetting, subscribeSound } from './sound.ts';

/** The page's sound setting, kept in step with every control that changes it. */
export function useSoundSetting(): SoundSetting {
  return useSyncExternalStore(subscribeSound, soundSetting, soundSetting);
}

export function SoundControl() {
  const { t } = useTranslation();
  const { on, volume } = useSoundSetting();
  const sliderId = useId();
  return (
    <span className="sound-control">
      <button
        type="button"
        className="sound-toggle"
        aria-pressed={on}
        onClick={() => setSound({ on: !on })}
      >
        {t('table.sound')}
      </button>
      <label className="visually-hidden" htmlFor={sliderId}>
        {t('app.soundVolume')}
      </label>
      <input
        id={sliderId}
        className="sound-volume"
        type="range"
        min={0}
        max={100}
        step={5}
        value={Math.round(volume * 100)}
        disabled={!on}
        aria-valuetext={`${Math.round(volume * 100)}%`}
        onChange={(event) => setSound({ volume: Number(event.target.value) / 100 })}
      />
    </span>
  );
}
