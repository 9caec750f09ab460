import type { Map as MapLibreMap } from "maplibre-gl";
import { TerraDraw, TerraDrawPolygonMode, TerraDrawSelectMode, type GeoJSONStoreFeatures } from "terra-draw";
import { TerraDrawMapLibreGLAdapter } from "terra-draw-maplibre-gl-adapter";
import { THEME_PRIMARY, ZONE_STROKE, ZONE_STROKE_WEIGHT, zoneShapeProblem, type ZonePolygon } from "@atalaya/shared";

/** What the zone editor's drawing does for the screen. */
export interface ZoneDraw {
  /** Drawing mode: each click adds a corner; clicking the first corner closes the zone. */
  draw(): void;
  /** Shows a zone's shape with its corners draggable (and midpoints to add corners). */
  edit(polygon: ZonePolygon): void;
  /** The shape being drawn or edited, or null. */
  current(): ZonePolygon | null;
  /** Removes the shape and leaves drawing. */
  clear(): void;
  stop(): void;
}

const pink = ZONE_STROKE as `#${string}`;

/**
 * terra-draw on the map, for one zone at a time (SPEC §3 map drawing): a finished polygon with no area
 * is discarded and drawing goes on; any other finished polygon becomes the current zone, editable.
 */
export function zoneDraw(map: MapLibreMap, onShape: (polygon: ZonePolygon | null) => void): ZoneDraw {
  const draw = new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map }),
    modes: [
      new TerraDrawPolygonMode({
        styles: { fillColor: pink, fillOpacity: 0.25, outlineColor: pink, outlineWidth: ZONE_STROKE_WEIGHT, closingPointColor: THEME_PRIMARY as `#${string}` },
      }),
      new TerraDrawSelectMode({
        flags: { polygon: { feature: { draggable: false, coordinates: { draggable: true, midpoints: true, deletable: true } } } },
        styles: { selectedPolygonColor: pink, selectedPolygonOutlineColor: pink, selectedPolygonFillOpacity: 0.25, selectedPolygonOutlineWidth: ZONE_STROKE_WEIGHT },
        allowManualDeselection: false,
      }),
    ],
  });
  draw.start();
  let featureId: string | number | null = null;

  const shapeOf = (f: GeoJSONStoreFeatures | undefined): ZonePolygon | null =>
    f && f.geometry.type === "Polygon" ? { type: "Polygon", coordinates: f.geometry.coordinates as [number, number][][] } : null;
  const current = () => (featureId === null ? null : shapeOf(draw.getSnapshotFeature(featureId)));

  draw.on("finish", (id, context) => {
    if (context.action !== "draw") {
      onShape(current());
      return;
    }
    const shape = shapeOf(draw.getSnapshotFeature(id));
    if (!shape || zoneShapeProblem(shape) === "zoneEmptyArea") {
      draw.removeFeatures([id]);
      return;
    }
    featureId = id;
    draw.setMode("select");
    draw.selectFeature(id);
    onShape(shape);
  });
  draw.on("change", (ids, type) => {
    if (featureId !== null && type === "update" && ids.includes(featureId)) onShape(current());
  });

  const clear = () => {
    draw.clear();
    featureId = null;
    draw.setMode("static");
  };

  return {
    draw() {
      clear();
      draw.setMode("polygon");
    },
    edit(polygon) {
      clear();
      draw.setMode("select");
      const [result] = draw.addFeatures([{ type: "Feature", geometry: polygon, properties: { mode: "polygon" } }]);
      if (result?.valid) {
        featureId = result.id as string | number;
        draw.selectFeature(featureId);
      }
    },
    current,
    clear() {
      clear();
      onShape(null);
    },
    stop() {
      draw.stop();
    },
  };
}
