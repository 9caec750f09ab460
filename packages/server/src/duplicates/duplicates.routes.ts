import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  companyIdParamSchema,
  duplicateCountsQuerySchema,
  duplicateCountsResponseSchema,
  dismissDuplicateBodySchema,
  duplicateSuggestionsResponseSchema,
  errorBodySchema,
  mergeDuplicateBodySchema,
  reportParamsSchema,
  reportResponseSchema,
} from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { countSuggestions, dismissDuplicate, listSuggestions, mergeDuplicate } from "./duplicates.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Duplicate suggestions (issue 18): a report's suggestions, the panel's counts, merge and dismiss. */
export async function duplicateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/companies/:companyId/reports/:id/duplicates", {
    schema: { params: reportParamsSchema, response: { 200: duplicateSuggestionsResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, suggestions: await listSuggestions(ctx, scopeOf(req), req.params.id) }));

  r.get("/api/companies/:companyId/duplicates", {
    schema: { params: companyIdParamSchema, querystring: duplicateCountsQuerySchema, response: { 200: duplicateCountsResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, counts: await countSuggestions(ctx, scopeOf(req), req.query.ids) }));

  r.post("/api/companies/:companyId/reports/:id/merge", {
    schema: { params: reportParamsSchema, body: mergeDuplicateBodySchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await mergeDuplicate(ctx, scopeOf(req), req.params.id, req.body) }));

  r.post("/api/companies/:companyId/reports/:id/duplicates/dismiss", {
    schema: { params: reportParamsSchema, body: dismissDuplicateBodySchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await dismissDuplicate(ctx, scopeOf(req), req.params.id, req.body.originalId) }));
}
