import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { Marker, type Map as MapLibreMap } from "maplibre-gl";
import { DEFAULT_PANEL_ZOOM } from "@atalaya/shared";
import { CompanyMap } from "../../../components/map/company-map";
import { useSettings } from "../../settings";
import { staticPinElement } from "../../maps";

interface MiniMapProps {
  latitude: number;
  longitude: number;
  typeId: number;
  label: string;
}

/** The portal's map, small, centred on the report (SPEC §9 attention-panel zoom 16) with the pin of the
 * report's type (its image, as on the maps screen); the page scrolls over it unless Ctrl or two fingers are used. */
export function MiniMap({ latitude, longitude, typeId, label }: MiniMapProps): ReactNode {
  const { settings } = useSettings();
  const map = useRef<MapLibreMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const place = useRef({ latitude, longitude, typeId });
  useEffect(() => {
    place.current = { latitude, longitude, typeId };
  }, [latitude, longitude, typeId]);

  const onLoad = useCallback((m: MapLibreMap) => {
    const { latitude: lat, longitude: lng, typeId: type } = place.current;
    map.current = m;
    marker.current = new Marker({ element: staticPinElement(type), anchor: "bottom" }).setLngLat([lng, lat]).addTo(m);
    return () => {
      marker.current?.remove();
      marker.current = null;
      map.current = null;
    };
  }, []);

  useEffect(() => {
    marker.current?.setLngLat([longitude, latitude]);
    map.current?.easeTo({ center: [longitude, latitude], zoom: Math.max(map.current.getZoom(), DEFAULT_PANEL_ZOOM - 1) });
  }, [latitude, longitude]);

  // A new type: the pin shows its image.
  useEffect(() => {
    const m = map.current;
    const old = marker.current;
    if (!m || !old) return;
    old.remove();
    marker.current = new Marker({ element: staticPinElement(typeId), anchor: "bottom" }).setLngLat(old.getLngLat()).addTo(m);
  }, [typeId]);

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
