import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyIdParamSchema, errorBodySchema, mapHeatResponseSchema, mapQuerySchema, mapReportsResponseSchema } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { mapHeat, mapReports } from "./map.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The maps' data (issue 10): report points or clusters, and the heat map's grid, with the SPEC §3
 * dashboard filter; not-applicable and deleted reports never appear (SPEC §4). */
export async function mapRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/companies/:companyId/maps/reports", {
    schema: {
      params: companyIdParamSchema,
      querystring: mapQuerySchema,
      response: { 200: mapReportsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await mapReports(ctx, scopeOf(req), req.query)) }));

  r.get("/api/companies/:companyId/maps/heat", {
    schema: {
      params: companyIdParamSchema,
      querystring: mapQuerySchema,
      response: { 200: mapHeatResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await mapHeat(ctx, scopeOf(req), req.query)) }));
}
