import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { executeReportCommand } from "./commands.js";
import { favoriteReport, markReportSeen } from "./report-flags.service.js";

/** Issue 17's report flags under /api/companies/{companyId}/reports/{id}: highlight (the company's),
 * turn-off-comments (the shared report's), favorite and seen (the caller's own). */
export async function reportFlagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.putCompaniesByCompanyIdReportsByIdHighlight),
    handler: async (req) => ({ success: true as const, report: await executeReportCommand(ctx, scopeOf(req), req.params.id, { kind: "highlight", ...req.body }) }),
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdReportsByIdTurnOffComments),
    handler: async (req) => ({ success: true as const, report: await executeReportCommand(ctx, scopeOf(req), req.params.id, { kind: "turnOffComments", ...req.body }) }),
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdReportsByIdFavorite),
    handler: async (req) => ({ success: true as const, ...(await favoriteReport(ctx, scopeOf(req), req.params.id, req.body.isFavorite)) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdSeen),
    handler: async (req) => ({ success: true as const, ...(await markReportSeen(ctx, scopeOf(req), req.params.id)) }),
  });
}
