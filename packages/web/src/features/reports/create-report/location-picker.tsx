import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "antd";
import { AimOutlined } from "@ant-design/icons";
import { Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl } from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "maplibre-gl/dist/maplibre-gl.css";
import { useTranslation } from "react-i18next";
import { DEFAULT_PANEL_ZOOM, MAP_ZOOM, THEME_PRIMARY } from "@atalaya/shared";
import { mapLocale } from "../../../lib/map-locale";
import { BLANK_STYLE, OSM_RASTER_STYLE, withReachableTiles } from "../../../lib/map-style";

// The library derives its worker URL at run time, which a bundle cannot follow: point it at the emitted file.
setWorkerUrl(workerUrl);

/** True when the browser can run MapLibre (WebGL 2); checked once before showing the map. */
export function canUseWebGl(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return canvas.getContext("webgl2") !== null;
  } catch {
    return false;
  }
}

/** A point on the map. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

interface LocationPickerProps {
  value: LatLng | null;
  /** The organisation's bound: where the map opens. */
  center: LatLng;
  onChange: (value: LatLng) => void;
  invalid?: boolean;
}

const round = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * MapLibre map to place a report: click to drop the pin, drag it to adjust. Opens on the organisation's
 * bound at the attention panel zoom (16).
 */
export function LocationPicker({ value, center, onChange, invalid }: LocationPickerProps): ReactNode {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const { latitude: centerLat, longitude: centerLng } = center;
  useEffect(() => {
    if (!container.current) return undefined;
    let instance: MapLibreMap;
    try {
      instance = new MapLibreMap({
        container: container.current,
        // The tiles come once the tile server is known to answer (lib/map-style): without it, the blank
        // base instead of a failed request, and a console error, per tile.
        style: BLANK_STYLE,
        center: [centerLng, centerLat],
        zoom: DEFAULT_PANEL_ZOOM,
        minZoom: MAP_ZOOM.min,
        maxZoom: MAP_ZOOM.max,
        attributionControl: { compact: true },
        locale: mapLocale(t),
      });
    } catch (error) {
      // canUseWebGl() said yes but the context failed anyway: the address field still works.
      console.error(error);
      return undefined;
    }
    void withReachableTiles(OSM_RASTER_STYLE).then((style) => {
      if (map.current === instance) instance.setStyle(style);
    });
    instance.addControl(new NavigationControl({ showCompass: false }), "top-right");
    const pin = new Marker({ color: THEME_PRIMARY, draggable: true });
    pin.on("dragend", () => {
      const { lat, lng } = pin.getLngLat();
      onChangeRef.current({ latitude: round(lat), longitude: round(lng) });
    });
    instance.on("click", (event) => {
      pin.setLngLat(event.lngLat).addTo(instance);
      onChangeRef.current({ latitude: round(event.lngLat.lat), longitude: round(event.lngLat.lng) });
    });
    instance.getCanvas().style.cursor = "crosshair";
    map.current = instance;
    marker.current = pin;
    return () => {
      pin.remove();
      instance.remove();
      map.current = null;
      marker.current = null;
    };
  }, [centerLat, centerLng, t]);

  // Keep the pin where the value says (also when the value is set from outside).
  useEffect(() => {
    const instance = map.current;
    const pin = marker.current;
    if (!instance || !pin) return;
    if (value) pin.setLngLat([value.longitude, value.latitude]).addTo(instance);
    else pin.remove();
  }, [value]);

  return (
    <div className={`location-picker${invalid ? " location-picker--invalid" : ""}`}>
      <div ref={container} className="location-picker__map" data-testid="location-map" />
      <Button
        size="small"
        className="location-picker__center"
        icon={<AimOutlined />}
        onClick={() => map.current?.flyTo({ center: [centerLng, centerLat], zoom: DEFAULT_PANEL_ZOOM })}
      >
        {t("createReport.centerOnCompany")}
      </Button>
    </div>
  );
}
