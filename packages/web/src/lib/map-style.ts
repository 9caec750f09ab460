import type { StyleSpecification } from "maplibre-gl";
import { DAY_STYLE_HOURS } from "@atalaya/shared";

/** OpenStreetMap raster tiles (production); without network the map still works, just without tiles. */
export const OSM_RASTER_STYLE: StyleSpecification = {
  version: 8,
  sources: {
    osm: {
      type: "raster",
      tiles: ["https://tile.openstreetmap.org/{z}/{x}/{y}.png"],
      tileSize: 256,
      maxzoom: 19,
      attribution: "© OpenStreetMap contributors",
    },
  },
  layers: [
    { id: "background", type: "background", paint: { "background-color": "#eef0f4" } },
    { id: "osm", type: "raster", source: "osm" },
  ],
};

/** The night variant of the same tiles: the raster inverted and turned back to its hues, on a dark
 * background, so street names stay readable at night in an operations room. */
export const OSM_DARK_STYLE: StyleSpecification = {
  ...OSM_RASTER_STYLE,
  layers: [
    { id: "background", type: "background", paint: { "background-color": "#1d2230" } },
    {
      id: "osm",
      type: "raster",
      source: "osm",
      paint: { "raster-brightness-min": 0.92, "raster-brightness-max": 0.12, "raster-hue-rotate": 180, "raster-saturation": -0.35, "raster-contrast": 0.1 },
    },
  ],
};

/** The hour (0–23) of an instant on the clock of a time zone; the browser's own zone when it is unknown. */
export function hourIn(timeZone: string, at: Date = new Date()): number {
  try {
    return Number(new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone }).format(at));
  } catch {
    return at.getHours();
  }
}

/** SPEC §9: the day style from 07:00 to 19:00 in the company's time zone, the dark style otherwise. */
export function mapStyleAt(timeZone: string, at: Date = new Date()): StyleSpecification {
  const hour = hourIn(timeZone, at);
  return hour >= DAY_STYLE_HOURS.from && hour < DAY_STYLE_HOURS.to ? OSM_RASTER_STYLE : OSM_DARK_STYLE;
}

/** A built-in style without its tiles: its background alone (day or night colour). */
export function withoutTiles(style: StyleSpecification): StyleSpecification {
  return { ...style, sources: {}, layers: style.layers.filter((layer) => layer.type === "background") };
}

/** A base with no tiles at all: what a map shows when its configured style cannot be loaded, so the
 * screen's own layers (zones, pins, heat) still draw. */
export const BLANK_STYLE: StyleSpecification = withoutTiles(OSM_RASTER_STYLE);

/** How long a configured style document may take before the map goes on without it. */
export const STYLE_TIMEOUT_MS = 5000;

/** The configured style document at url, or the blank base when it cannot be fetched or read (an
 * unreachable style server must not leave the map without its layers, nor retry in a loop). */
export async function loadStyle(url: string, fetchFn: typeof fetch = fetch): Promise<StyleSpecification> {
  try {
    const res = await fetchFn(url, { signal: AbortSignal.timeout(STYLE_TIMEOUT_MS) });
    if (!res.ok) return BLANK_STYLE;
    const style = (await res.json()) as StyleSpecification;
    return style && style.version === 8 && Array.isArray(style.layers) ? style : BLANK_STYLE;
  } catch {
    return BLANK_STYLE;
  }
}

/** The tile that tells whether the tile server answers: the whole world at zoom 0. */
const PROBE_TILE = (OSM_RASTER_STYLE.sources.osm as { tiles: string[] }).tiles[0]!.replace("{z}", "0").replace("{x}", "0").replace("{y}", "0");

/**
 * Whether the built-in tile server can be reached, by asking it for one tile. Without it (no internet,
 * a blocked host) every tile of every map would fail on its own, each a console error (about a hundred a
 * screen); one failed tile and one warning say it instead, and the maps show their blank base.
 */
export async function probeTiles(fetchFn: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetchFn(PROBE_TILE, { signal: AbortSignal.timeout(STYLE_TIMEOUT_MS) });
    if (res.ok) return true;
  } catch {
    // Told once below, whatever the reason.
  }
  console.warn(`Map tiles cannot be loaded from ${new URL(PROBE_TILE).origin}: the maps show a blank base.`);
  return false;
}

let tilesReachable: Promise<boolean> | null = null;

/** A built-in style with its tiles when the tile server answered this page's probe (asked once per page:
 * every map after the first knows at once), else its blank base. */
export async function withReachableTiles(style: StyleSpecification): Promise<StyleSpecification> {
  tilesReachable ??= probeTiles();
  return (await tilesReachable) ? style : withoutTiles(style);
}

/** The built-in style for the company's clock (SPEC §9), as withReachableTiles gives it. */
export function builtInStyleAt(timeZone: string): Promise<StyleSpecification> {
  return withReachableTiles(mapStyleAt(timeZone));
}

/** Whether the company's clock says day (07:00 to 19:00). */
export function isDayAt(timeZone: string, at: Date = new Date()): boolean {
  const hour = hourIn(timeZone, at);
  return hour >= DAY_STYLE_HOURS.from && hour < DAY_STYLE_HOURS.to;
}
