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

  r.get(base, {
    schema: { params: companyIdParamSchema, response: { 200: zoneListResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, zones: await companyZones(ctx, scopeOf(req)) }));

  r.post(base, {
    schema: {
      params: companyIdParamSchema,
      body: zoneBodySchema,
      response: { 200: zoneResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, zone: await createZone(ctx, scopeOf(req), req.body) }));

  r.post(`${base}/global`, {
    schema: { params: companyIdParamSchema, response: { 200: zoneResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, zone: await attendGlobalZone(ctx, scopeOf(req)) }));

  r.put(`${base}/:id`, {
    schema: { params: zoneParamsSchema, body: zoneBodySchema, response: { 200: zoneResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, zone: await editZone(ctx, scopeOf(req), req.params.id, req.body) }));

  r.delete(`${base}/:id`, {
    schema: { params: zoneParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await removeZone(ctx, scopeOf(req), req.params.id);
    return { success: true as const };
  });
}
