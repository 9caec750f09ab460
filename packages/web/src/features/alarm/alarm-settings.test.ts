import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../lib/storage";
import { DEFAULT_ALARM_SETTINGS, alarmStorageKey, parseAlarmSettings, readAlarmSettings, writeAlarmSettings } from "./alarm-settings";
import { ALARM_RECIPES, soundDuration } from "./alarm-sounds";
import { ALARM_REPEAT_MS } from "./alarm-state";

describe("alarm settings", () => {
  it("default to beep, volume 1, loop on, mute off (SPEC §4)", () => {
    expect(DEFAULT_ALARM_SETTINGS).toEqual({ sound: "beep", volume: 1, loop: true, mute: false });
    expect(readAlarmSettings(createMemoryStore(), 7)).toEqual(DEFAULT_ALARM_SETTINGS);
  });

  it("persist per user", () => {
    const store = createMemoryStore();
    writeAlarmSettings(store, 7, { sound: "siren", volume: 0.4, loop: false, mute: true });
    expect(readAlarmSettings(store, 7)).toEqual({ sound: "siren", volume: 0.4, loop: false, mute: true });
    expect(readAlarmSettings(store, 8)).toEqual(DEFAULT_ALARM_SETTINGS);
  });

  it("fall back field by field, and take the server profile when this browser has nothing", () => {
    const store = createMemoryStore();
    expect(readAlarmSettings(store, 7, { sound: "chime", volume: 0.5, loop: true, mute: false })).toMatchObject({ sound: "chime", volume: 0.5 });
    store.setItem(alarmStorageKey(7), JSON.stringify({ sound: "trumpet", volume: 7, mute: true }));
    expect(readAlarmSettings(store, 7)).toEqual({ sound: "beep", volume: 1, loop: true, mute: true });
    expect(parseAlarmSettings("nonsense")).toEqual(DEFAULT_ALARM_SETTINGS);
  });

  it("offer sounds that end before the next loop repetition", () => {
    for (const sound of Object.keys(ALARM_RECIPES) as (keyof typeof ALARM_RECIPES)[]) {
      expect(soundDuration(sound) * 1000).toBeLessThan(ALARM_REPEAT_MS);
    }
  });
});
