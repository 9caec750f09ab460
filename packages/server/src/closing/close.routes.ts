import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { executeReportCommand } from "../reports/index.js";

/** POST /api/companies/{companyId}/reports/{id}/close: the report domain's close command. */
export async function closeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdClose),
    handler: async (req) => ({ success: true as const, report: await executeReportCommand(ctx, scopeOf(req), req.params.id, { kind: "close", closing: req.body }) }),
  });
}
