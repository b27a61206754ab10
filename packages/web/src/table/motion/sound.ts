/**
 * The table's sounds, made on the fly with WebAudio (no sound files): a paper slide for a card,
 * a recruit's brush and tap, two small clinks for money, a felt thump with a bell for influence,
 * a muted three-note sting for a heist pulled off, a low stab for a snitch, a snare roll for the
 * gang war, a brass call for a new chapter and two soft knocks for your turn (ART.md, "Sound").
 *
 * Every cue is drawn into any BaseAudioContext (`renderCue`), so a test can render it offline
 * and weigh it; each cue's own gain (`LEVEL`) brings them all to one loudness, and the player's
 * volume and a soft clip at −12 dBFS sit after them. Sounds are on by default at a low volume, but no
 * AudioContext is made before the page has had a user gesture (browsers would keep it
 * suspended, and a table that resumes by itself must stay quiet until the player touches it).
 * The setting lives in game/storage.ts; this module keeps it for the page and tells listeners.
 */
import {
  DEFAULT_SOUND_VOLUME,
  loadSoundOn,
  loadSoundVolume,
  saveSoundOn,
  saveSoundVolume,
} from '../../game/storage.ts';
import { Listeners } from '../../store.ts';

export type Cue =
  | 'yourTurn'
  | 'card'
  | 'recruit'
  | 'money'
  | 'influence'
  | 'heist'
  | 'snitch'
  | 'gangWar'
  | 'chapter';

export const CUES: readonly Cue[] = [
  'yourTurn',
  'card',
  'recruit',
  'money',
  'influence',
  'heist',
  'snitch',
  'gangWar',
  'chapter',
];

/** A tone: frequency (Hz), start and length (s), wave, relative peak. */
type Tone = { f: number; at: number; len: number; wave: OscillatorType; peak: number; to?: number };
/** A burst of noise through a band-pass filter: centre (Hz), start and length (s), peak. */
type Noise = { f: number; q: number; at: number; len: number; peak: number };

interface Voice {
  tones: Tone[];
  noise: Noise[];
  /** A low-pass over the whole cue (muted brass, felt): Hz. */
  lowpass?: number;
}

const tone = (
  f: number,
  at: number,
  len: number,
  wave: OscillatorType,
  peak = 1,
  to?: number,
): Tone => ({ f, at, len, wave, peak, ...(to === undefined ? {} : { to }) });

/** The cues as notes and noise. Lengths stay within 60–400 ms, the gang war's roll under 1 s. */
const VOICES: Record<Cue, Voice> = {
  // Two soft knocks on the table: a low sine that drops in pitch, twice.
  yourTurn: {
    tones: [tone(190, 0, 0.09, 'sine', 1, 120), tone(190, 0.16, 0.11, 'sine', 1, 115)],
    noise: [
      { f: 900, q: 1, at: 0, len: 0.03, peak: 0.35 },
      { f: 900, q: 1, at: 0.16, len: 0.03, peak: 0.35 },
    ],
  },
  // A card slid over felt: a short breath of filtered noise.
  card: { tones: [], noise: [{ f: 2600, q: 0.8, at: 0, len: 0.12, peak: 1 }] },
  // A recruit joins: the card's slide, then a tap as it lands in the gang.
  recruit: {
    tones: [tone(330, 0.11, 0.08, 'triangle', 0.7, 260)],
    noise: [{ f: 2200, q: 0.8, at: 0, len: 0.1, peak: 0.9 }],
  },
  // Two small clinks of coins.
  money: {
    tones: [
      tone(2637, 0, 0.09, 'sine', 1),
      tone(3951, 0, 0.06, 'sine', 0.4),
      tone(3136, 0.09, 0.12, 'sine', 1),
      tone(4699, 0.09, 0.08, 'sine', 0.4),
    ],
    noise: [],
  },
  // A low felt thump with a bell overtone.
  influence: {
    tones: [tone(110, 0, 0.16, 'sine', 1, 70), tone(1318, 0.01, 0.3, 'sine', 0.35)],
    noise: [],
  },
  // A short muted-trumpet sting, three notes up.
  heist: {
    tones: [
      tone(392, 0, 0.1, 'sawtooth', 1),
      tone(523, 0.1, 0.1, 'sawtooth', 1),
      tone(659, 0.2, 0.2, 'sawtooth', 1),
    ],
    noise: [],
    lowpass: 1500,
  },
  // A low muted stab: a minor second in the dark.
  snitch: {
    tones: [tone(147, 0, 0.28, 'sawtooth', 1), tone(156, 0, 0.28, 'sawtooth', 0.8)],
    noise: [],
    lowpass: 700,
  },
  // A snare roll that swells and stops, under a second.
  gangWar: {
    tones: [],
    noise: Array.from({ length: 20 }, (_, i) => ({
      f: 1800,
      q: 0.7,
      at: i * 0.035,
      len: 0.06,
      peak: 0.6 + (0.4 * i) / 19,
    })),
  },
  // A brass call for a new chapter: a fourth up, held briefly.
  chapter: {
    tones: [tone(349, 0, 0.14, 'sawtooth', 1), tone(466, 0.14, 0.26, 'sawtooth', 1)],
    noise: [],
    lowpass: 1800,
  },
};

/**
 * Each cue's gain, found by rendering every cue offline and matching their loudness (RMS over
 * the sounding part) within 3 dB of the card's; e2e/sound.spec.ts weighs them again.
 */
export const LEVEL: Record<Cue, number> = {
  yourTurn: 0.17,
  card: 0.47,
  recruit: 0.32,
  money: 0.15,
  influence: 0.13,
  heist: 0.19,
  snitch: 0.12,
  gangWar: 0.48,
  chapter: 0.17,
};

let noiseBuffers = new WeakMap<BaseAudioContext, AudioBuffer>();

function noiseOf(ctx: BaseAudioContext): AudioBuffer {
  let buffer = noiseBuffers.get(ctx);
  if (!buffer) {
    buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * 0.5), ctx.sampleRate);
    const data = buffer.getChannelData(0);
    // A fixed pseudo-random series: the same cue sounds the same each time.
    let seed = 22_695_477;
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      data[i] = (seed / 0x7fffffff) * 2 - 1;
    }
    noiseBuffers.set(ctx, buffer);
  }
  return buffer;
}

/** A soft attack and an exponential decay, so that nothing clicks. */
function envelope(param: AudioParam, start: number, len: number, peak: number): void {
  param.setValueAtTime(0, start);
  param.linearRampToValueAtTime(peak, start + Math.min(0.012, len / 4));
  param.exponentialRampToValueAtTime(0.0005, start + len);
}

/** Draws one cue into `out` of any audio context, starting at `start` (the context's time). */
export function renderCue(ctx: BaseAudioContext, out: AudioNode, cue: Cue, start: number): void {
  const voice = VOICES[cue];
  const level = ctx.createGain();
  level.gain.value = LEVEL[cue];
  if (voice.lowpass) {
    const filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.value = voice.lowpass;
    level.connect(filter).connect(out);
  } else {
    level.connect(out);
  }
  for (const t of voice.tones) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = t.wave;
    oscillator.frequency.setValueAtTime(t.f, start + t.at);
    if (t.to) oscillator.frequency.exponentialRampToValueAtTime(t.to, start + t.at + t.len);
    envelope(gain.gain, start + t.at, t.len, t.peak);
    oscillator.connect(gain).connect(level);
    oscillator.start(start + t.at);
    oscillator.stop(start + t.at + t.len + 0.02);
  }
  for (const n of voice.noise) {
    const source = ctx.createBufferSource();
    source.buffer = noiseOf(ctx);
    const band = ctx.createBiquadFilter();
    band.type = 'bandpass';
    band.frequency.value = n.f;
    band.Q.value = n.q;
    const gain = ctx.createGain();
    envelope(gain.gain, start + n.at, n.len, n.peak);
    source.connect(band).connect(gain).connect(level);
    source.start(start + n.at);
    source.stop(start + n.at + n.len + 0.02);
  }
}

/** The highest peak a cue may reach at full volume: −12 dBFS. */
const CEILING = 0.25;

/** A soft clip at the ceiling: tanh, so that a peak is rounded rather than cut. */
function softClip(ctx: BaseAudioContext): WaveShaperNode {
  const shaper = ctx.createWaveShaper();
  const curve = new Float32Array(1025);
  for (let i = 0; i < curve.length; i++) {
    const x = (i / (curve.length - 1)) * 2 - 1;
    curve[i] = CEILING * Math.tanh(x / CEILING);
  }
  shaper.curve = curve;
  return shaper;
}

/** The player's volume, then a soft clip that keeps every peak under −12 dBFS. */
export function masterChain(ctx: BaseAudioContext, volume: number): GainNode {
  const master = ctx.createGain();
  master.gain.value = volume;
  master.connect(softClip(ctx)).connect(ctx.destination);
  return master;
}

// ---- the player's setting -----------------------------------------------------------------

export interface SoundSetting {
  on: boolean;
  /** 0 to 1. */
  volume: number;
}

let setting: SoundSetting = { on: loadSoundOn(), volume: loadSoundVolume() };
const listeners = new Listeners();

export function soundSetting(): SoundSetting {
  return setting;
}

export function subscribeSound(listener: () => void): () => void {
  return listeners.subscribe(listener);
}

export function setSound(next: Partial<SoundSetting>): void {
  const volume = Math.min(1, Math.max(0, next.volume ?? setting.volume));
  setting = { on: next.on ?? setting.on, volume };
  saveSoundOn(setting.on);
  saveSoundVolume(volume);
  if (master) master.gain.value = volume;
  listeners.emit();
}

/** For tests: reads the stored setting again and forgets the page's gesture and context. */
export function resetSoundForTests(): void {
  setting = { on: loadSoundOn(), volume: loadSoundVolume() };
  gestured = false;
  context = null;
  master = null;
  lastAt = Number.NEGATIVE_INFINITY;
  noiseBuffers = new WeakMap();
  listenForGesture();
}

export { DEFAULT_SOUND_VOLUME };

// ---- playing ----------------------------------------------------------------------------

let gestured = false;
let context: AudioContext | null = null;
let master: GainNode | null = null;
let lastAt = Number.NEGATIVE_INFINITY;

/** Sounds at most every 120 ms: a burst of moves plays its first. */
const MIN_GAP_MS = 120;

const GESTURES = ['pointerdown', 'keydown', 'touchend'] as const;

function onGesture(): void {
  gestured = true;
  for (const type of GESTURES) window.removeEventListener(type, onGesture, true);
}

function listenForGesture(): void {
  if (typeof window === 'undefined') return;
  for (const type of GESTURES) window.addEventListener(type, onGesture, true);
}

listenForGesture();

/**
 * Whether this page has had a user gesture. Only the page's own events count: Chromium's
 * `navigator.userActivation.hasBeenActive` stays true across a reload of the same site, where a
 * table reopens and its bots play before the player has touched anything.
 */
export function hadGesture(): boolean {
  return gestured;
}

function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined' || !hadGesture()) return null;
  if (!context) {
    context = new AudioContext();
    master = masterChain(context, setting.volume);
  }
  if (context.state === 'suspended') void context.resume();
  return context;
}

export function playCue(cue: Cue): void {
  if (!setting.on || setting.volume <= 0) return;
  const now = typeof performance === 'undefined' ? Date.now() : performance.now();
  if (now - lastAt < MIN_GAP_MS) return;
  const ctx = audio();
  if (!ctx || !master) return;
  lastAt = now;
  renderCue(ctx, master, cue, ctx.currentTime + 0.01);
}
