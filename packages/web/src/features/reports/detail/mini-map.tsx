import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { Marker, type Map as MapLibreMap } from "maplibre-gl";
import { DEFAULT_PANEL_ZOOM } from "@atalaya/shared";
import { CompanyMap } from "../../../components/map/company-map";
import { useSettings } from "../../settings/settings-context";

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

/** The portal's map, small, centred on the report (SPEC §9 attention-panel zoom 16) with a pin in the
 * report type's colour; the page scrolls over it unless Ctrl or two fingers are used. */
export function MiniMap({ latitude, longitude, color, label }: MiniMapProps): ReactNode {
  const { settings } = useSettings();
  const map = useRef<MapLibreMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const place = useRef({ latitude, longitude, color });
  useEffect(() => {
    place.current = { latitude, longitude, color };
  }, [latitude, longitude, color]);

  const onLoad = useCallback((m: MapLibreMap) => {
    const { latitude: lat, longitude: lng, color: c } = place.current;
    map.current = m;
    marker.current = new Marker({ element: pinElement(c), anchor: "bottom" }).setLngLat([lng, lat]).addTo(m);
    return () => {
      marker.current?.remove();
      marker.current = null;
      map.current = null;
    };
  }, []);

  useEffect(() => {
    marker.current?.setLngLat([longitude, latitude]);
    map.current?.easeTo({ center: [longitude, latitude], zoom: Math.max(map.current.getZoom(), DEFAULT_PANEL_ZOOM - 1) });
    marker.current?.getElement().style.setProperty("--pin-color", color);
  }, [latitude, longitude, color]);

  return (
    <CompanyMap
      center={{ latitude, longitude }}
      zoom={DEFAULT_PANEL_ZOOM}
      cooperativeGestures
      timeZone={settings.company.timezone}
      styles={settings.maps}
      label={label}
      onLoad={onLoad}
      testId="report-map"
      className="rd-map"
    />
  );
}
