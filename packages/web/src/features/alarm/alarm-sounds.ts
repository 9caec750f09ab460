import type { AlarmSound } from "./alarm-settings";

/** One synthesised tone: an oscillator with a short attack and release. */
export interface Tone {
  /** Start frequency in Hz; `to` glides to another frequency over the tone. */
  frequency: number;
  to?: number;
  /** Seconds from the start of the sound. */
  start: number;
  duration: number;
  wave: OscillatorType;
  /** Peak gain before the volume setting (0–1). */
  gain: number;
}

/** The alarm sounds as tone recipes; each lasts well under the 2 s loop interval. */
export const ALARM_RECIPES: Record<AlarmSound, readonly Tone[]> = {
  // Two short high beeps, the classic operations-room cue.
  beep: [
    { frequency: 880, start: 0, duration: 0.16, wave: "square", gain: 0.32 },
    { frequency: 880, start: 0.24, duration: 0.16, wave: "square", gain: 0.32 },
  ],
  // A soft descending three-note chime.
  chime: [
    { frequency: 1318.5, start: 0, duration: 0.45, wave: "sine", gain: 0.6 },
    { frequency: 1046.5, start: 0.22, duration: 0.45, wave: "sine", gain: 0.6 },
    { frequency: 784, start: 0.44, duration: 0.7, wave: "sine", gain: 0.6 },
  ],
  // A rising and falling siren sweep.
  siren: [
    { frequency: 650, to: 1300, start: 0, duration: 0.55, wave: "sawtooth", gain: 0.22 },
    { frequency: 1300, to: 650, start: 0.55, duration: 0.55, wave: "sawtooth", gain: 0.22 },
  ],
};

/** The premium alert (SPEC §6 premium_alert gate): a report from a subscribed reporter plays this
 * pattern instead of the operator's sound — a rising three-note arpeggio played twice, on a triangle
 * wave, unlike any of the three sounds above, so the room hears it is a premium report. */
export const PREMIUM_RECIPE: readonly Tone[] = [
  { frequency: 659.3, start: 0, duration: 0.12, wave: "triangle", gain: 0.55 },
  { frequency: 987.8, start: 0.13, duration: 0.12, wave: "triangle", gain: 0.55 },
  { frequency: 1318.5, start: 0.26, duration: 0.22, wave: "triangle", gain: 0.55 },
  { frequency: 659.3, start: 0.62, duration: 0.12, wave: "triangle", gain: 0.55 },
  { frequency: 987.8, start: 0.75, duration: 0.12, wave: "triangle", gain: 0.55 },
  { frequency: 1318.5, start: 0.88, duration: 0.3, wave: "triangle", gain: 0.55 },
];

/** Seconds a sound lasts. */
export function soundDuration(sound: AlarmSound): number {
  return Math.max(...ALARM_RECIPES[sound].map((tone) => tone.start + tone.duration));
}

/** Plays a sound on an audio context with the Web Audio oscillator (no file needed); answers the seconds
 * until it has ended. */
export function playTones(context: AudioContext, tones: readonly Tone[], volume: number): number {
  const master = context.createGain();
  master.gain.value = Math.min(1, Math.max(0, volume));
  master.connect(context.destination);
  const t0 = context.currentTime + 0.01;
  for (const tone of tones) {
    const start = t0 + tone.start;
    const end = start + tone.duration;
    const oscillator = context.createOscillator();
    oscillator.type = tone.wave;
    oscillator.frequency.setValueAtTime(tone.frequency, start);
    if (tone.to !== undefined) oscillator.frequency.linearRampToValueAtTime(tone.to, end);
    const envelope = context.createGain();
    envelope.gain.setValueAtTime(0.0001, start);
    envelope.gain.exponentialRampToValueAtTime(tone.gain, start + 0.012);
    envelope.gain.setValueAtTime(tone.gain, Math.max(start + 0.013, end - 0.05));
    envelope.gain.exponentialRampToValueAtTime(0.0001, end);
    oscillator.connect(envelope).connect(master);
    oscillator.start(start);
    oscillator.stop(end + 0.02);
  }
  const last = Math.max(...tones.map((tone) => tone.start + tone.duration));
  const ended = last + 0.2;
  globalThis.setTimeout(() => master.disconnect(), ended * 1000);
  return ended;
}
