import { ALARM_RECIPES, PREMIUM_RECIPE, playTones } from "./alarm-sounds";
import type { AlarmSound } from "./alarm-settings";

/** Whether the browser lets the portal play sound: running, blocked until a click, or no Web Audio. */
export type AudioAvailability = "running" | "suspended" | "unavailable";

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | null {
  const scope = globalThis as typeof globalThis & { webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

/**
 * One AudioContext for the tab. Browsers create it suspended until the page gets a click (autoplay
 * policy); `availability` tells the UI to offer "Activar sonido", and `resume` must run in a click.
 */
export class AlarmPlayer {
  private context: AudioContext | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly onStateChange = (): void => {
    for (const listener of [...this.listeners]) listener();
  };

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

  /** Current availability of sound. */
  availability(): AudioAvailability {
    if (!this.context) return "unavailable";
    return this.context.state === "running" ? "running" : "suspended";
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
    return this.context.state === "running";
  }

  /** Plays a sound once at a volume (0–1); silently does nothing while sound is blocked. */
  play(sound: AlarmSound, volume: number): boolean {
    if (!this.context || this.context.state !== "running") return false;
    playTones(this.context, ALARM_RECIPES[sound], volume);
    return true;
  }

  /** Plays the premium alert's pattern once (a report from a subscribed reporter, SPEC §6). */
  playPremium(volume: number): boolean {
    if (!this.context || this.context.state !== "running") return false;
    playTones(this.context, PREMIUM_RECIPE, volume);
    return true;
  }

  /** Releases the context. */
  close(): void {
    if (!this.context) return;
    this.context.removeEventListener("statechange", this.onStateChange);
    void this.context.close().catch(() => undefined);
    this.context = null;
  }
}
