import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { executeReportCommand } from "../reports/index.js";
import { countSuggestions, dismissDuplicate, listSuggestions } from "./duplicates.service.js";

/** Duplicate suggestions (issue 18): a report's suggestions, the panel's counts, merge (the reports
 * domain's merge command) and dismiss. */
export async function duplicateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsByIdDuplicates),
    handler: async (req) => ({ success: true as const, suggestions: await listSuggestions(ctx, scopeOf(req), req.params.id) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdDuplicates),
    handler: async (req) => ({ success: true as const, counts: await countSuggestions(ctx, scopeOf(req), req.query.ids) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdMerge),
    handler: async (req) => ({ success: true as const, report: await executeReportCommand(ctx, scopeOf(req), req.params.id, { kind: "merge", ...req.body }) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdDuplicatesDismiss),
    handler: async (req) => ({ success: true as const, report: await dismissDuplicate(ctx, scopeOf(req), req.params.id, req.body.originalId) }),
  });
}
