import { ALARM_SOUNDS, DEFAULT_USER_SETTINGS, type UserSettings } from "@atalaya/shared";
import { readJson, safeSet, type KeyValueStore } from "../../lib/storage";

export { ALARM_SOUNDS };
export type AlarmSound = (typeof ALARM_SOUNDS)[number];

/** SPEC §2/§4 audio settings: sound, volume (0–1), loop and mute. */
export interface AlarmSettings {
  sound: AlarmSound;
  volume: number;
  loop: boolean;
  mute: boolean;
}

/** Beep, volume 1, loop on, mute off (SPEC §4). */
export const DEFAULT_ALARM_SETTINGS: AlarmSettings = DEFAULT_USER_SETTINGS.alarm;

/** localStorage key of one operator's alarm settings (they persist per user). */
export function alarmStorageKey(userId: number): string {
  return `atalaya.alarm.${userId}`;
}

function isSound(value: unknown): value is AlarmSound {
  return typeof value === "string" && (ALARM_SOUNDS as readonly string[]).includes(value);
}

/** Reads settings from any stored shape, field by field: what is missing or invalid takes the fallback's value. */
export function parseAlarmSettings(value: unknown, fallback: AlarmSettings = DEFAULT_ALARM_SETTINGS): AlarmSettings {
  const record = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const volume = typeof record.volume === "number" && Number.isFinite(record.volume) ? Math.min(1, Math.max(0, record.volume)) : fallback.volume;
  return {
    sound: isSound(record.sound) ? record.sound : fallback.sound,
    volume,
    loop: typeof record.loop === "boolean" ? record.loop : fallback.loop,
    mute: typeof record.mute === "boolean" ? record.mute : fallback.mute,
  };
}

/**
 * The operator's alarm settings: what this browser stored for them, else what their server profile
 * holds (`settings.alarm`), else the SPEC defaults.
 */
export function readAlarmSettings(store: KeyValueStore, userId: number, server?: UserSettings["alarm"]): AlarmSettings {
  const base = server ? parseAlarmSettings(server) : DEFAULT_ALARM_SETTINGS;
  const stored = readJson(store, alarmStorageKey(userId));
  return stored === null ? base : parseAlarmSettings(stored, base);
}

/** Stores the operator's alarm settings in this browser. */
export function writeAlarmSettings(store: KeyValueStore, userId: number, settings: AlarmSettings): void {
  safeSet(store, alarmStorageKey(userId), JSON.stringify(settings));
}
