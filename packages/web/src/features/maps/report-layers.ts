import { LngLatBounds, Marker, type GeoJSONSource, type Map as MapLibreMap } from "maplibre-gl";
import { MAP_FIT_BOUND_THRESHOLD, type MapReportsResponse } from "@atalaya/shared";
import { reportTypeColor } from "../events/report-type-visual";

const SOURCE = "reports";
const HEAT_SOURCE = "heat";
const PIN_W = 28;
const PIN_H = 36;

/** A map pin in the colour (a drop with a white dot), drawn once per colour as a map image. */
function pinImage(color: string): ImageData {
  const ratio = 2;
  const canvas = document.createElement("canvas");
  canvas.width = PIN_W * ratio;
  canvas.height = PIN_H * ratio;
  const g = canvas.getContext("2d")!;
  g.scale(ratio, ratio);
  const r = PIN_W / 2 - 2;
  g.beginPath();
  g.arc(PIN_W / 2, r + 2, r, Math.PI * 0.8, Math.PI * 0.2, false);
  g.lineTo(PIN_W / 2, PIN_H - 1);
  g.closePath();
  g.fillStyle = color;
  g.fill();
  g.lineWidth = 1.5;
  g.strokeStyle = "#ffffff";
  g.stroke();
  g.beginPath();
  g.arc(PIN_W / 2, r + 2, r * 0.38, 0, Math.PI * 2);
  g.fillStyle = "#ffffff";
  g.fill();
  return g.getImageData(0, 0, canvas.width, canvas.height);
}

function ensurePin(map: MapLibreMap, color: string): string {
  const id = `pin-${color}`;
  if (!map.hasImage(id)) map.addImage(id, pinImage(color), { pixelRatio: 2 });
  return id;
}

/** The answer as the map's source data: each report with its type's pin (SPEC §3 colour, default #F96134). */
function withPins(map: MapLibreMap, data: MapReportsResponse): GeoJSON.FeatureCollection {
  return {
    type: "FeatureCollection",
    features: data.collection.features.map((f) => {
      const p = f.properties;
      return {
        type: "Feature",
        geometry: f.geometry,
        properties: "cluster" in p ? { ...p, server_cluster: true } : { ...p, pin: ensurePin(map, reportTypeColor(p.type)) },
      };
    }),
  };
}

/** Shows the reports (pins; clustered in the browser when dense, or the server's grid clusters), keeping
 * one source and its layers across updates. */
export function showReports(map: MapLibreMap, data: MapReportsResponse): void {
  const collection = withPins(map, data);
  const source = map.getSource<GeoJSONSource>(SOURCE);
  if (source) {
    source.setData(collection);
    return;
  }
  map.addSource(SOURCE, { type: "geojson", data: collection, cluster: true, clusterRadius: 48, clusterMaxZoom: 15 });
  map.addLayer({
    id: "report-clusters",
    type: "circle",
    source: SOURCE,
    filter: ["has", "point_count"],
    paint: {
      "circle-color": "#c20a50",
      "circle-opacity": 0.85,
      "circle-stroke-color": "#ffffff",
      "circle-stroke-width": 2,
      "circle-radius": ["interpolate", ["linear"], ["get", "point_count"], 2, 14, 50, 20, 500, 28, 5000, 36],
    },
  });
  map.addLayer({
    id: "report-pins",
    type: "symbol",
    source: SOURCE,
    filter: ["!", ["has", "point_count"]],
    layout: { "icon-image": ["get", "pin"], "icon-anchor": "bottom", "icon-allow-overlap": true },
  });
}

/** Hides or shows the report layers. */
export function setReportsVisible(map: MapLibreMap, visible: boolean): void {
  for (const id of ["report-clusters", "report-pins"]) if (map.getLayer(id)) map.setLayoutProperty(id, "visibility", visible ? "visible" : "none");
}

/** SPEC §9: the map fits the visible reports when there are at most 300 of them. */
export function fitReports(map: MapLibreMap, data: MapReportsResponse): boolean {
  if (data.clustered || data.total === 0 || data.total > MAP_FIT_BOUND_THRESHOLD) return false;
  const bounds = new LngLatBounds();
  for (const f of data.collection.features) bounds.extend(f.geometry.coordinates);
  map.fitBounds(bounds, { padding: 48, duration: 0, maxZoom: 16 });
  return true;
}

/** The count on each cluster, as small HTML labels (the raster style has no font for map text); kept in
 * step with the clusters in view. Returns the function that removes them. */
export function clusterCounts(map: MapLibreMap, label: (count: number) => string): () => void {
  const markers = new Map<string, Marker>();
  const update = () => {
    if (!map.getSource(SOURCE) || map.getLayoutProperty("report-clusters", "visibility") === "none") {
      for (const m of markers.values()) m.remove();
      markers.clear();
      return;
    }
    const seen = new Set<string>();
    for (const f of map.querySourceFeatures(SOURCE, { filter: ["has", "point_count"] })) {
      const [lng, lat] = (f.geometry as GeoJSON.Point).coordinates as [number, number];
      const count = Number(f.properties.point_count);
      const key = `${lng.toFixed(6)},${lat.toFixed(6)},${count}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (!markers.has(key)) {
        const el = document.createElement("span");
        el.className = "maps-cluster-count";
        el.textContent = count >= 1000 ? `${Math.round(count / 100) / 10}k` : String(count);
        el.setAttribute("aria-label", label(count));
        markers.set(key, new Marker({ element: el }).setLngLat([lng, lat]).addTo(map));
      }
    }
    for (const [key, m] of markers) {
      if (!seen.has(key)) {
        m.remove();
        markers.delete(key);
      }
    }
  };
  map.on("idle", update);
  return () => {
    map.off("idle", update);
    for (const m of markers.values()) m.remove();
  };
}

/** The heat map of the window (a native MapLibre heatmap layer weighted by each grid cell's count). */
export function showHeat(map: MapLibreMap, collection: GeoJSON.FeatureCollection, max: number, visible: boolean): void {
  const source = map.getSource<GeoJSONSource>(HEAT_SOURCE);
  if (source) source.setData(collection);
  else {
    map.addSource(HEAT_SOURCE, { type: "geojson", data: collection });
    map.addLayer(
      {
        id: "report-heat",
        type: "heatmap",
        source: HEAT_SOURCE,
        paint: {
          "heatmap-radius": ["interpolate", ["linear"], ["zoom"], 8, 18, 13, 36, 17, 70],
          "heatmap-intensity": ["interpolate", ["linear"], ["zoom"], 10, 1.5, 15, 3],
          "heatmap-opacity": 0.8,
          "heatmap-color": [
            "interpolate", ["linear"], ["heatmap-density"],
            0, "rgba(245, 66, 134, 0)",
            0.2, "rgba(255, 214, 102, 0.6)",
            0.5, "#fa8c16",
            0.8, "#f54286",
            1, "#a8071a",
          ],
        },
      },
      map.getLayer("report-clusters") ? "report-clusters" : undefined,
    );
  }
  map.setPaintProperty("report-heat", "heatmap-weight", ["/", ["get", "count"], Math.max(1, max)]);
  map.setLayoutProperty("report-heat", "visibility", visible ? "visible" : "none");
}
