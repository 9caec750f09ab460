import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bulkActionSchema, bulkResponseSchema, companyIdParamSchema, errorBodySchema } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { pickLanguage } from "../http/messages.js";
import { runBulkAction } from "./bulk.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** POST /api/companies/{companyId}/reports/bulk (issue 18). */
export async function bulkRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post("/api/companies/:companyId/reports/bulk", {
    // The action's own permission (take, work, close) is checked by the service.
    schema: {
      params: companyIdParamSchema,
      body: bulkActionSchema,
      response: { 200: bulkResponseSchema, ...errors },
    },
  }, async (req) => runBulkAction(ctx, scopeOf(req), req.body, pickLanguage(req.headers["accept-language"])));
}
