import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { clearStolenPlate, closeDemoPlateProvider, companyPlateLookups, flagStolenPlate, lookupPlate } from "./plate.service.js";

/** Stolen-vehicle plate lookups (issue 17), their log, and the report's stolen-plate flag. */
export async function plateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onClose", () => closeDemoPlateProvider(ctx));

  r.route({
    ...at(routes.getCompaniesByCompanyIdPlatesByPlate),
    handler: async (req) => ({ success: true as const, lookup: await lookupPlate(ctx, scopeOf(req), req.params.plate) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdPlateLookups),
    handler: async (req) => ({ success: true as const, ...(await companyPlateLookups(ctx, scopeOf(req), req.query)) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdStolenPlate),
    handler: async (req) => ({ success: true as const, report: await flagStolenPlate(ctx, scopeOf(req), req.params.id, req.body.plate) }),
  });

  r.route({
    ...at(routes.deleteCompaniesByCompanyIdReportsByIdStolenPlate),
    handler: async (req) => ({ success: true as const, report: await clearStolenPlate(ctx, scopeOf(req), req.params.id) }),
  });
}
