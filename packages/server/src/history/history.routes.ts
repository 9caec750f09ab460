import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  activityFeedQuerySchema,
  activityFeedResponseSchema,
  companyIdParamSchema,
  errorBodySchema,
  reportHistoryFilterSchema,
  reportHistoryResponseSchema,
} from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { activityFeed, reportHistory } from "./history.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** History (SPEC §7 POST /companies/{companyId}/reports/history) and the reports activity feed. */
export async function historyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post("/api/companies/:companyId/reports/history", {
    schema: {
      params: companyIdParamSchema,
      body: reportHistoryFilterSchema,
      response: { 200: reportHistoryResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await reportHistory(ctx, scopeOf(req), req.body)) }));

  r.get("/api/companies/:companyId/activity", {
    schema: {
      params: companyIdParamSchema,
      querystring: activityFeedQuerySchema,
      response: { 200: activityFeedResponseSchema, ...errors },
    },
  }, async (req) => {
    const { rows, total } = await activityFeed(ctx, scopeOf(req), req.query);
    return { success: true as const, total, activity: rows.map((a) => ({ ...a, created_at: new Date(a.created_at).toISOString() })) };
  });
}
