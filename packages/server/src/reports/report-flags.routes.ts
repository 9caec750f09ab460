import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  favoriteBodySchema,
  favoriteResponseSchema,
  highlightBodySchema,
  reportParamsSchema,
  reportResponseSchema,
  seenResponseSchema,
  turnOffCommentsBodySchema,
} from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { favoriteReport, highlightReport, markReportSeen, turnOffReportComments } from "./report-flags.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Issue 17's report flags under /api/companies/{companyId}/reports/{id}: highlight (the company's),
 * turn-off-comments (the shared report's), favorite and seen (the caller's own). */
export async function reportFlagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/reports/:id";

  r.put(`${base}/highlight`, {
    schema: { params: reportParamsSchema, body: highlightBodySchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await highlightReport(ctx, scopeOf(req), req.params.id, req.body.highlighted) }));

  r.put(`${base}/turn-off-comments`, {
    schema: { params: reportParamsSchema, body: turnOffCommentsBodySchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await turnOffReportComments(ctx, scopeOf(req), req.params.id, req.body.turnOffComments) }));

  r.put(`${base}/favorite`, {
    schema: { params: reportParamsSchema, body: favoriteBodySchema, response: { 200: favoriteResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await favoriteReport(ctx, scopeOf(req), req.params.id, req.body.isFavorite)) }));

  r.post(`${base}/seen`, {
    schema: { params: reportParamsSchema, response: { 200: seenResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await markReportSeen(ctx, scopeOf(req), req.params.id)) }));
}
