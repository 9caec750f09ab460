import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { Marker, type Map as MapLibreMap } from "maplibre-gl";
import { DEFAULT_TIMEZONE } from "@atalaya/shared";
import { CompanyMap } from "../../components/map/company-map";

interface GeoMapProps {
  label: string;
  center: { latitude: number; longitude: number };
  point: { lat: number; lng: number } | undefined;
  timeZone?: string | undefined;
  disabled?: boolean | undefined;
  onPick: (point: { lat: number; lng: number }) => void;
}

/** The shared map for a geolocation component: a click places the point; the marker shows it. Loaded
 * only when a form's map is opened (MapLibre is its own chunk). */
export function GeoMap({ label, center, point, timeZone, disabled, onPick }: GeoMapProps): ReactNode {
  const marker = useRef<Marker | null>(null);
  const map = useRef<MapLibreMap | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  const place = useCallback((p: { lat: number; lng: number } | undefined) => {
    if (!map.current) return;
    if (!p) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    marker.current ??= new Marker({ color: "#d4380d" }).setLngLat([p.lng, p.lat]).addTo(map.current);
    marker.current.setLngLat([p.lng, p.lat]);
  }, []);

  const onLoad = useCallback(
    (m: MapLibreMap) => {
      map.current = m;
      place(point);
      if (!disabled) m.on("click", (e) => pick.current({ lat: Number(e.lngLat.lat.toFixed(6)), lng: Number(e.lngLat.lng.toFixed(6)) }));
      return () => {
        marker.current = null;
        map.current = null;
      };
    },
    // The map loads once; the point follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useEffect(() => place(point), [place, point]);

  const start = point ? { latitude: point.lat, longitude: point.lng } : center;
  return <CompanyMap center={start} zoom={point ? 15 : 12} timeZone={timeZone ?? DEFAULT_TIMEZONE} label={label} onLoad={onLoad} className="form-geo-map" cooperativeGestures />;
}
