import { useEffect, useRef, type ReactNode } from "react";
import { Map as MapLibreMap, Marker, NavigationControl } from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import { DEFAULT_PANEL_ZOOM, MAP_ZOOM } from "@atalaya/shared";
import { useTranslation } from "react-i18next";
import { mapLocale } from "../../../lib/map-locale";
import { OSM_RASTER_STYLE } from "../../../lib/map-style";

function pinElement(color: string): HTMLElement {
  const pin = document.createElement("div");
  pin.className = "rd-map-pin";
  pin.style.setProperty("--pin-color", color);
  pin.setAttribute("aria-hidden", "true");
  return pin;
}

interface MiniMapProps {
  latitude: number;
  longitude: number;
  color: string;
  label: string;
}

/** A small MapLibre map centred on the report (zoom 16) with a pin in the report type's colour. */
export function MiniMap({ latitude, longitude, color, label }: MiniMapProps): ReactNode {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const marker = useRef<Marker | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let instance: MapLibreMap;
    try {
      instance = new MapLibreMap({
        container: element,
        style: OSM_RASTER_STYLE,
        center: [longitude, latitude],
        zoom: DEFAULT_PANEL_ZOOM,
        minZoom: MAP_ZOOM.min,
        maxZoom: MAP_ZOOM.max,
        attributionControl: { compact: true },
        cooperativeGestures: true,
        locale: mapLocale(t),
      });
    } catch {
      // No WebGL (old browser, some test runners): the address and coordinates beside the map remain.
      element.classList.add("rd-map--unavailable");
      return undefined;
    }
    instance.addControl(new NavigationControl({ showCompass: false }), "top-right");
    const pin = new Marker({ element: pinElement(color), anchor: "bottom" })
      .setLngLat([longitude, latitude])
      .addTo(instance);
    map.current = instance;
    marker.current = pin;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      pin.remove();
      instance.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is created once; position and colour changes are applied by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    marker.current?.setLngLat([longitude, latitude]);
    map.current?.easeTo({ center: [longitude, latitude], zoom: Math.max(map.current.getZoom(), DEFAULT_PANEL_ZOOM - 1) });
    marker.current?.getElement().style.setProperty("--pin-color", color);
  }, [latitude, longitude, color]);

  return <div ref={container} className="rd-map" role="group" aria-label={label} data-testid="report-map" />;
}
