// The zones domain as other domains see it: rings and polygons in GeoJSON and PostgreSQL form.
export { closeRing, ringContains, toGeoJsonPolygon, toPgPolygon, type Position } from "./geometry.js";
export { zoneRoutes } from "./zone.routes.js";
