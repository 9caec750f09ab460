import { ALARM_RECIPES, PREMIUM_RECIPE, playTones, type Tone } from "./alarm-sounds";
import type { AlarmSound } from "./alarm-settings";
import { ALARM_REPEAT_MS } from "./alarm-state";

/** Whether the browser lets the portal play sound: running, blocked until a click, or no Web Audio. */
export type AudioAvailability = "running" | "suspended" | "unavailable";

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | null {
  const scope = globalThis as typeof globalThis & { webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

/** How long a running context stays up after its last sound before it is put to rest: a looping alarm
 * sounds again within this, so its context stays up while it rings (waking it for each loop cost
 * Chromium more than leaving it running: 0.069–0.074 CPU-s a second against 0.048–0.057). */
export const REST_AFTER_MS = ALARM_REPEAT_MS;

/**
 * One AudioContext for the tab. Browsers create it suspended until the page gets a click (autoplay
 * policy); `availability` tells the UI to offer "Activar sonido", and `resume` must run in a click.
 *
 * Once the browser has let it run, the context rests (suspended) whenever nothing sounds, and wakes for
 * a sound: a running context renders silence on an audio thread all the time, 3–4 % of a core in
 * Chromium, for a panel left open through a shift. A page the browser let sound once may
 * wake it without another click; should the browser refuse, the player offers the click again.
 */
export class AlarmPlayer {
  private context: AudioContext | null = null;
  /** The browser has let this context run: it may wake without a click. */
  private allowed = false;
  private restTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly onStateChange = (): void => {
    if (this.context?.state === "running" && !this.allowed) {
      this.allowed = true;
      // Allowed now (at once, or by the click): rest unless a sound is due.
      if (this.restTimer === null) this.restIn(0);
    }
    this.notify();
  };

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Creates the context (suspended when the browser blocks sound). */
  init(): void {
    if (this.context) return;
    const Context = audioContextClass();
    if (!Context) return;
    try {
      this.context = new Context();
      this.context.addEventListener("statechange", this.onStateChange);
    } catch {
      // Some browsers refuse to create a context (too many, policy): the visual cue still works.
      this.context = null;
    }
    this.onStateChange();
  }

  /** Current availability of sound: "running" once the browser has let it play, though it rests between sounds. */
  availability(): AudioAvailability {
    if (!this.context) return "unavailable";
    return this.allowed ? "running" : "suspended";
  }

  /** Listens to availability changes. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Unblocks sound; call from a click handler. Resolves true when sound is now allowed. */
  async resume(): Promise<boolean> {
    this.init();
    if (!this.context) return false;
    try {
      await this.context.resume();
    } catch {
      return false;
    }
    this.onStateChange();
    return this.allowed;
  }

  /** Plays a sound once at a volume (0–1); silently does nothing while sound is blocked. */
  play(sound: AlarmSound, volume: number): boolean {
    return this.sound(ALARM_RECIPES[sound], volume);
  }

  /** Plays the premium alert's pattern once (a report from a subscribed reporter, SPEC §6). */
  playPremium(volume: number): boolean {
    return this.sound(PREMIUM_RECIPE, volume);
  }

  /** Wakes the context if it rests, plays the tones, and lets it rest once they have ended. */
  private sound(tones: readonly Tone[], volume: number): boolean {
    const context = this.context;
    if (!context || !this.allowed) return false;
    this.cancelRest();
    const play = (): void => this.restIn(playTones(context, tones, volume) * 1000);
    if (context.state === "running") {
      play();
      return true;
    }
    context.resume().then(
      () => {
        if (this.context !== context) return;
        if (context.state === "running") play();
        else this.refused();
      },
      () => this.refused(),
    );
    return true;
  }

  /** The browser would not wake the context: offer the click again. */
  private refused(): void {
    this.allowed = false;
    this.notify();
  }

  private restIn(ms: number): void {
    this.cancelRest();
    this.restTimer = setTimeout(() => {
      this.restTimer = null;
      void this.context?.suspend().catch(() => undefined);
    }, ms + REST_AFTER_MS);
  }

  private cancelRest(): void {
    if (this.restTimer !== null) clearTimeout(this.restTimer);
    this.restTimer = null;
  }

  /** Releases the context. */
  close(): void {
    this.cancelRest();
    if (!this.context) return;
    this.context.removeEventListener("statechange", this.onStateChange);
    void this.context.close().catch(() => undefined);
    this.context = null;
    this.allowed = false;
  }
}
