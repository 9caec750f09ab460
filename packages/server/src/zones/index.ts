// The zones domain as other domains see it: rings and polygons in GeoJSON and PostgreSQL form.
import type { Domain } from "../context.js";
import { zoneRoutes } from "./zone.routes.js";
export { closeRing, ringContains, toGeoJsonPolygon, toPgPolygon, type Position } from "./geometry.js";

/** The zones domain in the application: its routes; domains.ts lists it. */
export const zonesDomain: Domain = {
  name: "zones",
  routes: zoneRoutes,
};
