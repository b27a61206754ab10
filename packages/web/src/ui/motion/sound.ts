/**
 * Optional table sounds, made on the fly with WebAudio (no sound files): short tones for your
 * turn, a card played, money won, a snitch and a new chapter. Off unless switched on.
 */
export type Cue = 'yourTurn' | 'card' | 'money' | 'snitch' | 'chapter';

/** Each cue as notes: frequency in Hz, start and length in seconds. */
const CUES: Record<Cue, [number, number, number][]> = {
  yourTurn: [
    [660, 0, 0.12],
    [880, 0.12, 0.18],
  ],
  card: [[520, 0, 0.07]],
  money: [
    [784, 0, 0.08],
    [1047, 0.08, 0.12],
  ],
  snitch: [
    [220, 0, 0.18],
    [185, 0.18, 0.26],
  ],
  chapter: [
    [523, 0, 0.14],
    [659, 0.14, 0.14],
    [784, 0.28, 0.3],
  ],
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  context ??= new AudioContext();
  return context;
}

export function playCue(cue: Cue): void {
  const ctx = audio();
  if (!ctx) return;
  const start = ctx.currentTime + 0.01;
  for (const [frequency, at, length] of CUES[cue]) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'triangle';
    oscillator.frequency.value = frequency;
    // A soft attack and decay, so tones do not click.
    gain.gain.setValueAtTime(0, start + at);
    gain.gain.linearRampToValueAtTime(0.12, start + at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.001, start + at + length);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start + at);
    oscillator.stop(start + at + length + 0.02);
  }
}
