import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { pickLanguage } from "../http/messages.js";
import { at } from "../http/route.js";
import { runBulkAction } from "./bulk.service.js";

/** POST /api/companies/{companyId}/reports/bulk (issue 18). */
export async function bulkRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsBulk),
    // The action's own permission (take, work, close) is checked by the service.
    handler: async (req) => runBulkAction(ctx, scopeOf(req), req.body, pickLanguage(req.headers["accept-language"])),
  });
}
