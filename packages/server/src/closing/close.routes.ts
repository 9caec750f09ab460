import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { closeReportSchema, errorBodySchema, reportParamsSchema, reportResponseSchema } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { closeReport } from "./close.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** POST /api/companies/{companyId}/reports/{id}/close. */
export async function closeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post("/api/companies/:companyId/reports/:id/close", {
    schema: { params: reportParamsSchema, body: closeReportSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await closeReport(ctx, scopeOf(req), req.params.id, req.body) }));
}
