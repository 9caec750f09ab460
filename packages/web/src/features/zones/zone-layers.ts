import { LngLatBounds, type GeoJSONSource, type Map as MapLibreMap } from "maplibre-gl";
import { ZONE_STROKE_WEIGHT, type Zone } from "@atalaya/shared";

const SOURCE = "zones";

/** The drawn zones as a GeoJSON collection (the global zone has no shape; `hiddenId` is being edited). */
function collection(zones: readonly Zone[], hiddenId: number | null): GeoJSON.FeatureCollection {
  return {
    type: "FeatureCollection",
    features: zones
      .filter((z) => z.polygon && z.id !== hiddenId)
      .map((z) => ({
        type: "Feature",
        id: z.id,
        properties: { id: z.id, name: z.name, fill: z.fill_color, stroke: z.stroke_color },
        geometry: z.polygon as GeoJSON.Polygon,
      })),
  };
}

/** Draws the zones (SPEC §9: stroke #F54286 weight 2 over a pink fill) or updates them. */
export function showZones(map: MapLibreMap, zones: readonly Zone[], hiddenId: number | null = null): void {
  const data = collection(zones, hiddenId);
  const source = map.getSource<GeoJSONSource>(SOURCE);
  if (source) {
    source.setData(data);
    return;
  }
  map.addSource(SOURCE, { type: "geojson", data });
  map.addLayer({ id: "zones-fill", type: "fill", source: SOURCE, paint: { "fill-color": ["get", "fill"], "fill-opacity": 0.18 } });
  map.addLayer({ id: "zones-line", type: "line", source: SOURCE, paint: { "line-color": ["get", "stroke"], "line-width": ZONE_STROKE_WEIGHT } });
}

/** Fits the map to the zones' shapes (SPEC §2: when a zone exists the map zooms to fit it). */
export function fitZones(map: MapLibreMap, zones: readonly Zone[]): void {
  const bounds = new LngLatBounds();
  for (const z of zones) for (const [lng, lat] of z.polygon?.coordinates[0] ?? []) bounds.extend([lng, lat]);
  if (!bounds.isEmpty()) map.fitBounds(bounds, { padding: 40, duration: 0, maxZoom: 16 });
}
