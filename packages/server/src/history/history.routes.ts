import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { activityFeed, reportHistory } from "./history.service.js";

/** History (SPEC §7 POST /companies/{companyId}/reports/history) and the reports activity feed. */
export async function historyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsHistory),
    handler: async (req) => ({ success: true as const, ...(await reportHistory(ctx, scopeOf(req), req.body)) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdActivity),
    handler: async (req) => {
      const { rows, total } = await activityFeed(ctx, scopeOf(req), req.query);
      return { success: true as const, total, activity: rows.map((a) => ({ ...a, created_at: new Date(a.created_at).toISOString() })) };
    },
  });
}
