import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyIdParamSchema, errorBodySchema, successSchema, zoneBodySchema, zoneListResponseSchema, zoneParamsSchema, zoneResponseSchema } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { attendGlobalZone, companyZones, createZone, editZone, removeZone } from "./zone.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Company zones (issue 10): GeoJSON Polygons in and out, drawn by company admins. */
export async function zoneRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/zones";
  const tags = ["zones"];

  r.get(base, {
    config: { permission: "company.read" },
    schema: { tags, summary: "The company's zones (the global zone, id 173, without a shape), with their area in m²", params: companyIdParamSchema, response: { 200: zoneListResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, zones: await companyZones(ctx, scopeOf(req)) }));

  r.post(base, {
    config: { permission: "zones.manage" },
    schema: {
      tags,
      summary: "Draw a zone: a GeoJSON Polygon of one ring, stored closed; 400 zoneTooFewPoints, zoneEmptyArea, zoneSelfIntersects or zoneTooLarge (over 10000 km²); 409 zoneNameTaken",
      params: companyIdParamSchema,
      body: zoneBodySchema,
      response: { 200: zoneResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, zone: await createZone(ctx, scopeOf(req), req.body) }));

  r.post(`${base}/global`, {
    config: { permission: "zones.manage" },
    schema: { tags, summary: "Attend the global zone (id 173): receive reports from anywhere; 409 alreadyGlobal", params: companyIdParamSchema, response: { 200: zoneResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, zone: await attendGlobalZone(ctx, scopeOf(req)) }));

  r.put(`${base}/:id`, {
    config: { permission: "zones.manage" },
    schema: { tags, summary: "Replace a zone's name, shape and colours (reports already received keep their zones); 409 globalZone for id 173", params: zoneParamsSchema, body: zoneBodySchema, response: { 200: zoneResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, zone: await editZone(ctx, scopeOf(req), req.params.id, req.body) }));

  r.delete(`${base}/:id`, {
    config: { permission: "zones.manage" },
    schema: { tags, summary: "Delete a zone (id 173: stop attending the global zone); 409 zoneInUse while users are restricted to it", params: zoneParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await removeZone(ctx, scopeOf(req), req.params.id);
    return { success: true as const };
  });
}
