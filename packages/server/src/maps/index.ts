// The maps domain: report points, clusters and heat grids for the portal's maps.
import type { Domain } from "../context.js";
import { mapRoutes } from "./map.routes.js";

/** The maps domain in the application: its routes; domains.ts lists it. */
export const mapsDomain: Domain = {
  name: "maps",
  routes: mapRoutes,
};
