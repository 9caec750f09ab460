import { companyIdParamSchema, successSchema } from "../auth.js";
import { zoneBodySchema, zoneListResponseSchema, zoneParamsSchema, zoneResponseSchema } from "../zones.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's zones/ folder (zones/zone.routes.ts). */
export const zonesRouteTable = defineRoutes({
  getCompaniesByCompanyIdZones: {
    method: "GET",
    path: "/api/companies/:companyId/zones",
    tags: ["zones"],
    summary: "The company's zones (the global zone, id 173, without a shape), with their area in m²",
    access: { kind: "company", permission: "company.read" },
    params: companyIdParamSchema,
    answer: zoneListResponseSchema,
    errors: [400, 403, 404, 409],
  },
  postCompaniesByCompanyIdZones: {
    method: "POST",
    path: "/api/companies/:companyId/zones",
    tags: ["zones"],
    summary: "Draw a zone: a GeoJSON Polygon of one ring, stored closed; 400 zoneTooFewPoints, zoneEmptyArea, zoneSelfIntersects or zoneTooLarge (over 10000 km²); 409 zoneNameTaken",
    access: { kind: "company", permission: "zones.manage" },
    params: companyIdParamSchema,
    body: zoneBodySchema,
    answer: zoneResponseSchema,
    errors: [400, 403, 404, 409],
  },
  postCompaniesByCompanyIdZonesGlobal: {
    method: "POST",
    path: "/api/companies/:companyId/zones/global",
    tags: ["zones"],
    summary: "Attend the global zone (id 173): receive reports from anywhere; 409 alreadyGlobal",
    access: { kind: "company", permission: "zones.manage" },
    params: companyIdParamSchema,
    answer: zoneResponseSchema,
    errors: [400, 403, 404, 409],
  },
  putCompaniesByCompanyIdZonesById: {
    method: "PUT",
    path: "/api/companies/:companyId/zones/:id",
    tags: ["zones"],
    summary: "Replace a zone's name, shape and colours (reports already received keep their zones); 409 globalZone for id 173",
    access: { kind: "company", permission: "zones.manage" },
    params: zoneParamsSchema,
    body: zoneBodySchema,
    answer: zoneResponseSchema,
    errors: [400, 403, 404, 409],
  },
  deleteCompaniesByCompanyIdZonesById: {
    method: "DELETE",
    path: "/api/companies/:companyId/zones/:id",
    tags: ["zones"],
    summary: "Delete a zone (id 173: stop attending the global zone); 409 zoneInUse while users are restricted to it",
    access: { kind: "company", permission: "zones.manage" },
    params: zoneParamsSchema,
    answer: successSchema,
    errors: [400, 403, 404, 409],
  },
});
