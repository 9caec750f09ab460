import type { MapReportsResponse } from "@atalaya/shared";

/** Speeds of the timelapse: hours of reports played per second. */
export const TIMELAPSE_SPEEDS = [1, 2, 4, 8, 16] as const;
export type TimelapseSpeed = (typeof TIMELAPSE_SPEEDS)[number];
export const HOUR_MS = 60 * 60 * 1000;

/** The window's hours, from its first hour to its end (the timelapse slider's range). */
export function timelapseHours(window: { from: string; to: string }): { start: number; hours: number } {
  const start = Math.floor(Date.parse(window.from) / HOUR_MS) * HOUR_MS;
  return { start, hours: Math.max(1, Math.ceil((Date.parse(window.to) - start) / HOUR_MS)) };
}

/** The answer cut to the reports created up to `until` (ms), oldest first, as the map shows them while
 * the timelapse plays. */
export function reportsUntil(data: MapReportsResponse, until: number): MapReportsResponse {
  const features = data.collection.features.filter((f) => "created_at" in f.properties && Date.parse(f.properties.created_at) <= until);
  return { ...data, total: features.length, collection: { type: "FeatureCollection", features } };
}
