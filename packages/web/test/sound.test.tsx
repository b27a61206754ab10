// @vitest-environment jsdom
/**
 * The table's sounds: on by default at a low volume, the switch and the volume remembered, the
 * menu's control changing both, and no AudioContext made before the page's first user gesture
 * (nor while the sound is off).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SOUND_VOLUME,
  loadSoundOn,
  loadSoundVolume,
  saveSoundOn,
  saveSoundVolume,
} from '../src/game/storage.ts';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { SoundControl } from '../src/table/motion/SoundControl.tsx';
import { playCue, resetSoundForTests, setSound, soundSetting } from '../src/table/motion/sound.ts';

/** A stand-in for the browser's AudioContext that counts how many were made. */
function fakeAudio() {
  const made: unknown[] = [];
  const param = () => ({
    value: 0,
    setValueAtTime() {},
    linearRampToValueAtTime() {},
    exponentialRampToValueAtTime() {},
  });
  const node = () => ({
    connect(next: unknown) {
      return next;
    },
    gain: param(),
    frequency: param(),
    Q: param(),
    threshold: param(),
    knee: param(),
    ratio: param(),
    attack: param(),
    release: param(),
    start() {},
    stop() {},
    type: '',
    buffer: null,
  });
  class FakeAudioContext {
    currentTime = 0;
    sampleRate = 8000;
    state = 'running';
    destination = node();
    constructor() {
      made.push(this);
    }
    createGain = node;
    createOscillator = node;
    createBiquadFilter = node;
    createBufferSource = node;
    createWaveShaper = node;
    createBuffer(_channels: number, length: number) {
      const data = new Float32Array(length);
      return { getChannelData: () => data };
    }
    resume() {
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return made;
}

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  localStorage.clear();
  resetSoundForTests();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the sound setting', () => {
  it('is on by default, at a low volume', () => {
    expect(loadSoundOn()).toBe(true);
    expect(loadSoundVolume()).toBe(DEFAULT_SOUND_VOLUME);
    expect(DEFAULT_SOUND_VOLUME).toBeGreaterThan(0);
    expect(DEFAULT_SOUND_VOLUME).toBeLessThanOrEqual(0.4);
    expect(soundSetting()).toEqual({ on: true, volume: DEFAULT_SOUND_VOLUME });
  });

  it('remembers being turned off, and the volume', () => {
    setSound({ on: false });
    setSound({ volume: 0.6 });
    expect(loadSoundOn()).toBe(false);
    expect(loadSoundVolume()).toBe(0.6);
    // A new page reads it back.
    resetSoundForTests();
    expect(soundSetting()).toEqual({ on: false, volume: 0.6 });
    saveSoundOn(true);
    expect(loadSoundOn()).toBe(true);
  });

  it('reads a damaged volume as the default', () => {
    localStorage.setItem('gangsta.soundVolume.v1', 'loud');
    expect(loadSoundVolume()).toBe(DEFAULT_SOUND_VOLUME);
    saveSoundVolume(7);
    expect(loadSoundVolume()).toBe(DEFAULT_SOUND_VOLUME);
  });

  it('the menu control switches the sound and sets its volume', () => {
    render(<SoundControl />);
    const toggle = screen.getByRole('button', { name: 'Sound' });
    const slider = screen.getByRole('slider', { name: 'Sound volume' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(slider).toHaveValue(String(Math.round(DEFAULT_SOUND_VOLUME * 100)));
    fireEvent.change(slider, { target: { value: '80' } });
    expect(loadSoundVolume()).toBe(0.8);
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(slider).toBeDisabled();
    expect(loadSoundOn()).toBe(false);
  });
});

describe('playing', () => {
  it('makes no AudioContext before a user gesture, and one after', () => {
    const made = fakeAudio();
    playCue('yourTurn');
    playCue('heist');
    expect(made).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    playCue('heist');
    expect(made).toHaveLength(1);
    // The same context plays every later cue.
    vi.spyOn(performance, 'now').mockReturnValue(performance.now() + 10_000);
    playCue('money');
    expect(made).toHaveLength(1);
  });

  it('makes none while the sound is off, even after a gesture', () => {
    const made = fakeAudio();
    setSound({ on: false });
    window.dispatchEvent(new Event('keydown'));
    playCue('chapter');
    expect(made).toHaveLength(0);
  });
});
