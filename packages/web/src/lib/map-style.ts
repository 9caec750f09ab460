import type { StyleSpecification } from "maplibre-gl";

/** OpenStreetMap raster tiles (production); without network the map still works, just without tiles. */
export const OSM_RASTER_STYLE: StyleSpecification = {
  version: 8,
  sources: {
    osm: {
      type: "raster",
      tiles: ["https://tile.openstreetmap.org/{z}/{x}/{y}.png"],
      tileSize: 256,
      maxzoom: 19,
      attribution: "© OpenStreetMap contributors",
    },
  },
  layers: [
    { id: "background", type: "background", paint: { "background-color": "#eef0f4" } },
    { id: "osm", type: "raster", source: "osm" },
  ],
};
