import { LngLatBounds, Marker, type GeoJSONSource, type Map as MapLibreMap } from "maplibre-gl";
import { MAP_FIT_BOUND_THRESHOLD, type MapReportFeature, type MapReportsResponse } from "@atalaya/shared";
import { reportTypeColor, reportTypeImageSrc } from "../../components/report-type-visual";
import "./report-pins.css";

const SOURCE = "reports";
const HEAT_SOURCE = "heat";
const CLUSTERS = "report-clusters";

// The reports each map shows, by uuid, as the API answered them: a pin stands at its report's exact point
// (the source's tiles round coordinates) and carries its properties whole (the tiles drop nulls).
const shownReports = new WeakMap<MapLibreMap, Map<string, MapReportFeature>>();

/** Shows the reports: clustered in the browser when dense (or the server's grid clusters) as circles,
 * the others as pins (`reportPins`), keeping one source and its layer across updates. */
export function showReports(map: MapLibreMap, data: MapReportsResponse): void {
  const reports = new Map<string, MapReportFeature>();
  for (const f of data.collection.features) if (!("cluster" in f.properties)) reports.set(f.properties.uuid, f as MapReportFeature);
  shownReports.set(map, reports);
  const collection = data.collection as GeoJSON.FeatureCollection;
  const source = map.getSource<GeoJSONSource>(SOURCE);
  if (source) {
    source.setData(collection);
    return;
  }
  map.addSource(SOURCE, { type: "geojson", data: collection, cluster: true, clusterRadius: 48, clusterMaxZoom: 15 });
  map.addLayer({
    id: CLUSTERS,
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
}

const layerHidden = (map: MapLibreMap) => map.getLayoutProperty(CLUSTERS, "visibility") === "none";

/** The reports in view that no cluster holds, as pins: each a button holding its type's image (SPEC §3, the
 * same image as the lists' badge) over a tail in the type's colour, named by `label` (the type's name
 * first) for screen readers; a press calls `onOpen`.
 * Kept in step with the map as it moves, zooms and gets new data (MapLibre's HTML-cluster pattern: at most
 * a screenful of separate pins, since closer ones cluster). Returns the function that removes them. */
export function reportPins(
  map: MapLibreMap,
  options: { label: (report: MapReportFeature["properties"]) => string; onOpen: (report: MapReportFeature) => void },
): () => void {
  const pins = new Map<string, { marker: Marker; report: MapReportFeature }>();
  const clear = () => {
    for (const pin of pins.values()) pin.marker.remove();
    pins.clear();
  };
  const update = () => {
    if (!map.getSource(SOURCE)) return;
    const reports = shownReports.get(map);
    if (!reports || layerHidden(map)) return clear();
    if (!map.isSourceLoaded(SOURCE)) return;
    const seen = new Set<string>();
    for (const f of map.querySourceFeatures(SOURCE, { filter: ["!", ["has", "point_count"]] })) {
      const uuid = f.properties.uuid as string | undefined;
      const report = uuid === undefined ? undefined : reports.get(uuid);
      if (!uuid || !report || seen.has(uuid)) continue;
      seen.add(uuid);
      const pin = pins.get(uuid);
      if (pin && samePin(pin.report, report)) {
        // The same pin at the same point: it keeps its element (and focus), with the report as now answered.
        pin.report = report;
        continue;
      }
      pin?.marker.remove();
      const entry: { marker: Marker; report: MapReportFeature } = { marker: new Marker({ element: pinElement(report, options.label(report.properties), () => options.onOpen(entry.report)), anchor: "bottom" }), report };
      entry.marker.setLngLat(report.geometry.coordinates).addTo(map);
      pins.set(uuid, entry);
    }
    for (const [uuid, pin] of pins) {
      if (!seen.has(uuid)) {
        pin.marker.remove();
        pins.delete(uuid);
      }
    }
  };
  map.on("render", update);
  return () => {
    map.off("render", update);
    clear();
  };
}

/** Whether a pin drawn for `a` shows `b` as it is: same point, type and number. */
function samePin(a: MapReportFeature, b: MapReportFeature): boolean {
  const [ax, ay] = a.geometry.coordinates;
  const [bx, by] = b.geometry.coordinates;
  return ax === bx && ay === by && a.properties.type === b.properties.type && a.properties.id === b.properties.id;
}

/** A pin's look for a type: the type's image (decorative: whoever holds the pin names it) over the tail. */
function drawPin(el: HTMLElement, typeId: number): HTMLElement {
  el.classList.add("report-pin");
  el.style.setProperty("--pin-color", reportTypeColor(typeId));
  const src = reportTypeImageSrc(typeId);
  if (src) {
    const img = document.createElement("img");
    img.src = src;
    img.alt = "";
    img.width = 30;
    img.height = 30;
    img.draggable = false;
    el.append(img);
  }
  return el;
}

/** A pin that only marks a place (the report detail's map, beside the written address): the type's image
 * over its tail, hidden from screen readers; anchor it at its bottom. */
export function staticPinElement(typeId: number): HTMLElement {
  const el = drawPin(document.createElement("div"), typeId);
  el.classList.add("report-pin--static");
  el.setAttribute("aria-hidden", "true");
  return el;
}

function pinElement(report: MapReportFeature, label: string, onOpen: () => void): HTMLElement {
  const p = report.properties;
  const el = document.createElement("button");
  el.type = "button";
  // Out of the Tab order: a map may hold hundreds of pins, one Tab each, and a pin may sit on a patrol
  // marker (the two as Tab stops would be targets hiding each other, WCAG 2.5.8). Keyboards reach the same
  // reports through the screens' lists (events panel, the patrols screen's pending reports).
  el.tabIndex = -1;
  el.dataset.testid = "report-pin";
  el.dataset.reportId = String(p.id);
  // The button's name says what its image shows: the image itself is not read again.
  el.setAttribute("aria-label", label);
  el.title = label;
  drawPin(el, p.type);
  el.addEventListener("click", (e) => {
    // The press is the pin's, not the map's (whose click would close the popup it opens).
    e.stopPropagation();
    onOpen();
  });
  return el;
}

/** Hides or shows the reports (clusters and, at the next frame, the pins). */
export function setReportsVisible(map: MapLibreMap, visible: boolean): void {
  if (map.getLayer(CLUSTERS)) map.setLayoutProperty(CLUSTERS, "visibility", visible ? "visible" : "none");
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
    if (!map.getSource(SOURCE) || layerHidden(map)) {
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
