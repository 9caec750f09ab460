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
const tags = ["plates"];

/** Stolen-vehicle plate lookups (issue 17), their log, and the report's stolen-plate flag. */
export async function plateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onClose", () => closeDemoPlateProvider(ctx));

  r.get("/api/companies/:companyId/plates/:plate", {
    config: { permission: "plates.lookup" },
    schema: {
      tags,
      summary:
        "Whether a Chilean plate (AB1234, BCDF12, AB123, ABC12; spaces, dots, hyphens and case ignored) has a stolen-vehicle report, with the vehicle when known. A wrong format is 400 validationFailed before the police service is asked; the service's timeout is 504 timeout, its refusal 422 validationFailed, any other failure 503 connectionFailed. Answers are reused for PLATE_CACHE_SECONDS; every lookup is logged",
      params: plateParamsSchema,
      response: { 200: plateLookupResponseSchema, ...serviceErrors },
    },
  }, async (req) => ({ success: true as const, lookup: await lookupPlate(ctx, scopeOf(req), req.params.plate) }));

  r.get("/api/companies/:companyId/plate-lookups", {
    config: { permission: "plates.audit" },
    schema: {
      tags,
      summary: "The company's plate lookups (who, when, which plate, result), newest first, paged; a plate filters (company admins)",
      params: plateParamsSchema.pick({ companyId: true }),
      querystring: plateLookupsQuerySchema,
      response: { 200: plateLookupsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await companyPlateLookups(ctx, scopeOf(req), req.query)) }));

  r.post("/api/companies/:companyId/reports/:id/stolen-plate", {
    config: { permission: "report.work" },
    schema: {
      tags,
      summary: "Flag the report with a plate the police service reports stolen (asked again, usually from the cache); 409 plateNotStolen otherwise",
      params: reportParamsSchema,
      body: stolenPlateBodySchema,
      response: { 200: reportResponseSchema, ...serviceErrors },
    },
  }, async (req) => ({ success: true as const, report: await flagStolenPlate(ctx, scopeOf(req), req.params.id, req.body.plate) }));

  r.delete("/api/companies/:companyId/reports/:id/stolen-plate", {
    config: { permission: "report.work" },
    schema: { tags, summary: "Clear the report's stolen-plate flag", params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors, 409: errorBodySchema } },
  }, async (req) => ({ success: true as const, report: await clearStolenPlate(ctx, scopeOf(req), req.params.id) }));
}
