import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  plateLookupResponseSchema,
  plateLookupsQuerySchema,
  plateLookupsResponseSchema,
  plateParamsSchema,
  reportParamsSchema,
  reportResponseSchema,
  stolenPlateBodySchema,
} from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { clearStolenPlate, closeDemoPlateProvider, companyPlateLookups, flagStolenPlate, lookupPlate } from "./plate.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
// SPEC §8 plate lookup failures: the service refused the plate (422), is unreachable (503) or too slow (504).
const serviceErrors = { ...errors, 409: errorBodySchema, 422: errorBodySchema, 503: errorBodySchema, 504: errorBodySchema };

/** Stolen-vehicle plate lookups (issue 17), their log, and the report's stolen-plate flag. */
export async function plateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onClose", () => closeDemoPlateProvider(ctx));

  r.get("/api/companies/:companyId/plates/:plate", {
    schema: {
      params: plateParamsSchema,
      response: { 200: plateLookupResponseSchema, ...serviceErrors },
    },
  }, async (req) => ({ success: true as const, lookup: await lookupPlate(ctx, scopeOf(req), req.params.plate) }));

  r.get("/api/companies/:companyId/plate-lookups", {
    schema: {
      params: plateParamsSchema.pick({ companyId: true }),
      querystring: plateLookupsQuerySchema,
      response: { 200: plateLookupsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await companyPlateLookups(ctx, scopeOf(req), req.query)) }));

  r.post("/api/companies/:companyId/reports/:id/stolen-plate", {
    schema: {
      params: reportParamsSchema,
      body: stolenPlateBodySchema,
      response: { 200: reportResponseSchema, ...serviceErrors },
    },
  }, async (req) => ({ success: true as const, report: await flagStolenPlate(ctx, scopeOf(req), req.params.id, req.body.plate) }));

  r.delete("/api/companies/:companyId/reports/:id/stolen-plate", {
    schema: { params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors, 409: errorBodySchema } },
  }, async (req) => ({ success: true as const, report: await clearStolenPlate(ctx, scopeOf(req), req.params.id) }));
}
