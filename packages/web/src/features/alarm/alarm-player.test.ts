import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AlarmPlayer, REST_AFTER_MS } from "./alarm-player";
import { soundDuration } from "./alarm-sounds";
import { ALARM_REPEAT_MS } from "./alarm-state";

/** A Web Audio context as far as the player uses it: its state, its changes, and the oscillators started. */
class FakeContext extends EventTarget {
  static browserAllows = true;
  static wakeRefused = false;
  static last: FakeContext | null = null;
  state: AudioContextState = "suspended";
  currentTime = 0;
  destination = {};
  oscillators = 0;
  suspends = 0;

  constructor() {
    super();
    FakeContext.last = this;
    // Chromium starts a context suspended and lets it run a moment later when the page may sound.
    if (FakeContext.browserAllows) queueMicrotask(() => this.become("running"));
  }

  private become(state: AudioContextState): void {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }

  resume(): Promise<void> {
    if (FakeContext.wakeRefused || (!FakeContext.browserAllows && this.state === "suspended")) return Promise.resolve();
    this.become("running");
    return Promise.resolve();
  }

  suspend(): Promise<void> {
    this.suspends += 1;
    this.become("suspended");
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.become("closed");
    return Promise.resolve();
  }

  createGain() {
    const param = { value: 1, setValueAtTime: () => param, exponentialRampToValueAtTime: () => param };
    const node = { gain: param, connect: (next: unknown) => next ?? node, disconnect: () => undefined };
    return node;
  }

  createOscillator() {
    const param = { setValueAtTime: () => param, linearRampToValueAtTime: () => param };
    const node = {
      type: "sine",
      frequency: param,
      connect: (next: unknown) => next,
      start: () => void (this.oscillators += 1),
      stop: () => undefined,
    };
    return node;
  }
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("the alarm player", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeContext.browserAllows = true;
    FakeContext.wakeRefused = false;
    vi.stubGlobal("AudioContext", FakeContext);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("lets a context the browser allows rest while quiet, still saying sound is on", async () => {
    const player = new AlarmPlayer();
    player.init();
    await flush();
    const context = FakeContext.last!;
    expect(context.state).toBe("running");
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS);
    expect(context.state).toBe("suspended");
    expect(player.availability()).toBe("running");
  });

  it("wakes the resting context for a sound, plays it, and rests again once it has ended", async () => {
    const player = new AlarmPlayer();
    player.init();
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS);
    const context = FakeContext.last!;
    expect(player.play("beep", 0.8)).toBe(true);
    await flush();
    expect(context.state).toBe("running");
    expect(context.oscillators).toBe(2);
    // Not while the sound lasts.
    await vi.advanceTimersByTimeAsync(soundDuration("beep") * 1000);
    expect(context.state).toBe("running");
    await vi.advanceTimersByTimeAsync(200 + REST_AFTER_MS);
    expect(context.state).toBe("suspended");
    expect(context.suspends).toBe(2);
  });

  it("a sound that comes before the rest keeps the context up until it has ended too", async () => {
    const player = new AlarmPlayer();
    player.init();
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS);
    const context = FakeContext.last!;
    player.play("siren", 1);
    await vi.advanceTimersByTimeAsync(1000);
    player.playPremium(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(context.state).toBe("running");
    expect(context.oscillators).toBe(2 + 6);
  });

  it("keeps the context up while the alarm loops, and rests once it has stopped", async () => {
    const player = new AlarmPlayer();
    player.init();
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS);
    const context = FakeContext.last!;
    expect(context.suspends).toBe(1);
    for (let loop = 0; loop < 5; loop++) {
      player.play("siren", 1);
      await vi.advanceTimersByTimeAsync(ALARM_REPEAT_MS);
    }
    expect(context.oscillators).toBe(10);
    expect(context.suspends).toBe(1);
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS);
    expect(context.state).toBe("suspended");
  });

  it("offers the click while the browser blocks sound, and plays once the click has unblocked it", async () => {
    FakeContext.browserAllows = false;
    const player = new AlarmPlayer();
    const changes = vi.fn();
    player.subscribe(changes);
    player.init();
    await flush();
    expect(player.availability()).toBe("suspended");
    expect(player.play("beep", 1)).toBe(false);
    FakeContext.browserAllows = true;
    expect(await player.resume()).toBe(true);
    expect(player.availability()).toBe("running");
    expect(changes).toHaveBeenCalled();
    expect(player.play("chime", 1)).toBe(true);
    expect(FakeContext.last!.oscillators).toBe(3);
  });

  it("offers the click again when the browser will not wake the resting context", async () => {
    const player = new AlarmPlayer();
    player.init();
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS);
    FakeContext.wakeRefused = true;
    player.play("beep", 1);
    await flush();
    expect(FakeContext.last!.oscillators).toBe(0);
    expect(player.availability()).toBe("suspended");
  });

  it("closes its context and stops resting it", async () => {
    const player = new AlarmPlayer();
    player.init();
    await flush();
    const context = FakeContext.last!;
    player.close();
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS);
    expect(context.state).toBe("closed");
    expect(player.availability()).toBe("unavailable");
  });
});
