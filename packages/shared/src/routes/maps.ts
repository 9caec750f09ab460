import { companyIdParamSchema } from "../auth.js";
import { mapHeatResponseSchema, mapQuerySchema, mapReportsResponseSchema } from "../maps.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's maps/ folder (maps/map.routes.ts). */
export const mapsRouteTable = defineRoutes({
  getCompaniesByCompanyIdMapsReports: {
    method: "GET",
    path: "/api/companies/:companyId/maps/reports",
    tags: ["maps"],
    summary: "Reports of the window in view as GeoJSON points (grid clusters beyond 3000); dashboard filter, bbox=west,south,east,north, zoom 2–20",
    access: { kind: "company", permission: "dashboard.read", module: "maps" },
    params: companyIdParamSchema,
    query: mapQuerySchema,
    answer: mapReportsResponseSchema,
    errors: [400, 403, 404],
  },
  getCompaniesByCompanyIdMapsHeat: {
    method: "GET",
    path: "/api/companies/:companyId/maps/heat",
    tags: ["maps"],
    summary: "Heat map of the window: reports counted on a grid for the zoom, as GeoJSON points weighted by count",
    access: { kind: "company", permission: "dashboard.read", module: "maps" },
    params: companyIdParamSchema,
    query: mapQuerySchema,
    answer: mapHeatResponseSchema,
    errors: [400, 403, 404],
  },
});
