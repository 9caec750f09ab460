import { useEffect, useRef, type ReactNode } from "react";
import { Map as MapLibreMap, NavigationControl, setWorkerUrl, type LayerSpecification, type MapOptions, type StyleSpecification } from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "maplibre-gl/dist/maplibre-gl.css";
import { MAP_ZOOM } from "@atalaya/shared";
import { useTranslation } from "react-i18next";
import { mapLocale } from "../../lib/map-locale";
import { OSM_DARK_STYLE, OSM_RASTER_STYLE, builtInStyleAt, isDayAt, loadStyle, mapStyleAt } from "../../lib/map-style";
import "./company-map.css";

// The library derives its worker URL at run time, which a bundle cannot follow (and the CSP allows only
// this origin's workers): point it at the emitted file. GeoJSON layers are parsed in that worker.
setWorkerUrl(workerUrl);

/** Paint of the base layers of a style, to switch day and night without dropping the screen's layers. */
function basePaint(dark: boolean): Record<string, Record<string, unknown>> {
  const layers = (dark ? OSM_DARK_STYLE : OSM_RASTER_STYLE).layers as LayerSpecification[];
  const paint = (id: string) => ({ ...((layers.find((l) => l.id === id) as { paint?: Record<string, unknown> } | undefined)?.paint ?? {}) });
  const raster = paint("osm");
  // Properties the day style leaves unset go back to MapLibre's defaults.
  const defaults = { "raster-brightness-min": 0, "raster-brightness-max": 1, "raster-hue-rotate": 0, "raster-saturation": 0, "raster-contrast": 0 };
  return { background: paint("background"), osm: { ...defaults, ...raster } };
}

/** What mountMap needs besides the element and its base style. */
interface MountOptions {
  center: { latitude: number; longitude: number };
  zoom: number;
  cooperativeGestures: boolean;
  timeZone: string;
  /** The base is a configured style document (it does not follow the clock). */
  configured: boolean;
  locale: MapOptions["locale"];
  /** What the region says when the browser cannot draw maps (no WebGL). */
  unavailable: string;
  onLoad: (map: MapLibreMap) => void | (() => void);
}

/** Makes the map on its base style; returns what removes it (null when the browser cannot draw maps). */
function mountMap(element: HTMLDivElement, style: StyleSpecification, options: MountOptions): (() => void) | null {
  const { center, zoom, cooperativeGestures, timeZone, configured } = options;
  let map: MapLibreMap;
  try {
    map = new MapLibreMap({
      container: element,
      style,
      center: [center.longitude, center.latitude],
      zoom,
      cooperativeGestures,
      minZoom: MAP_ZOOM.min,
      maxZoom: MAP_ZOOM.max,
      attributionControl: { compact: true },
      locale: options.locale,
    });
  } catch {
    element.classList.add("company-map--unavailable");
    element.setAttribute("data-unavailable", options.unavailable);
    return null;
  }
  // Whether the map stands on tiles or on the blank base without them (what a test of an offline map reads).
  element.dataset.base = Object.keys(style.sources).length > 0 ? "tiles" : "blank";
  map.addControl(new NavigationControl({ showCompass: false }), "top-right");
  let cleanup: void | (() => void);
  map.on("load", () => {
    cleanup = options.onLoad(map);
  });
  // The built-in style follows the clock: checked every minute, only the base layers' paint changes
  // (the background alone when the tiles are not there).
  let dark = mapStyleAt(timeZone) === OSM_DARK_STYLE;
  const clock = window.setInterval(() => {
    if (configured) return;
    const nowDark = mapStyleAt(timeZone) === OSM_DARK_STYLE;
    if (nowDark === dark || !map.isStyleLoaded()) return;
    dark = nowDark;
    for (const [layer, paint] of Object.entries(basePaint(dark))) {
      if (!map.getLayer(layer)) continue;
      for (const [k, v] of Object.entries(paint)) map.setPaintProperty(layer, k as "raster-opacity", v as number);
    }
  }, 60_000);
  const resize = new ResizeObserver(() => map.resize());
  resize.observe(element);
  return () => {
    window.clearInterval(clock);
    resize.disconnect();
    if (typeof cleanup === "function") cleanup();
    map.remove();
  };
}

interface CompanyMapProps {
  /** The company's bound (SPEC §9: the map starts centred on it at zoom 4), or the place a screen shows. */
  center: { latitude: number; longitude: number };
  /** The starting zoom: 4 (SPEC §9) unless the screen shows one place (a report: 16). */
  zoom?: number;
  /** Scrolling the page passes over the map unless Ctrl (or two fingers) is used: for small maps inside a page. */
  cooperativeGestures?: boolean;
  /** The company's time zone, for the day and night styles (07:00 to 19:00 is day). */
  timeZone: string;
  /** Accessible name of the map region. */
  label: string;
  /** Called once the map has loaded; what it returns runs when the map goes. */
  onLoad: (map: MapLibreMap) => void | (() => void);
  testId?: string;
  className?: string;
  /** Configured style documents (MAP_STYLE_URL, MAP_DARK_STYLE_URL); null: the built-in raster styles.
   * A configured style is chosen by the clock when the map opens. */
  styles?: { day: string | null; dark: string | null };
}

/**
 * The portal's map (MapLibre): centred on the company bound, zoom 2 to 20, day style by day and dark
 * style by night in the company's time zone, texts in the interface language. Without the tile server
 * the screen's own layers (zones, markers, heat) still draw on a plain background; without WebGL the
 * region says the map is unavailable.
 */
export function CompanyMap({ center, timeZone, label, onLoad, testId, className, styles, zoom = MAP_ZOOM.initial, cooperativeGestures = false }: CompanyMapProps): ReactNode {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const loaded = useRef(onLoad);
  useEffect(() => {
    loaded.current = onLoad;
  }, [onLoad]);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let gone = false;
    let teardown: (() => void) | null = null;
    const configured = (isDayAt(timeZone) ? styles?.day : styles?.dark) ?? null;
    // The base is known before the map is made: a configured style document (or the blank base when it
    // cannot be had), else the built-in tiles when the tile server answers, else their blank base. The
    // map then loads it once, so its "load" always comes, and no tile is asked of a server that is not there.
    void (configured ? loadStyle(configured) : builtInStyleAt(timeZone)).then((style) => {
      if (gone) return;
      teardown = mountMap(element, style, {
        center,
        zoom,
        cooperativeGestures,
        timeZone,
        configured: configured !== null,
        locale: mapLocale(t),
        unavailable: t("map.unavailable"),
        onLoad: (map) => loaded.current(map),
      });
    });
    return () => {
      gone = true;
      teardown?.();
    };
    // One map per mount: the screen changes its layers through the map it was given.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <div ref={container} className={`company-map ${className ?? ""}`} role="region" aria-label={label} data-testid={testId} />;
}
