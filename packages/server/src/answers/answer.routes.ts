import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  automaticAnswerBodySchema,
  automaticAnswerListQuerySchema,
  automaticAnswerListResponseSchema,
  automaticAnswerParamsSchema,
  automaticAnswerResponseSchema,
  companyIdParamSchema,
  errorBodySchema,
  successSchema,
} from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { createAnswer, editAnswer, listCompanyAnswers, removeAnswer } from "./answer.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Automatic answers of an organisation under /api/companies/{companyId}/automatic-answers. */
export async function answerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/automatic-answers";

  r.get(base, {
    schema: { params: companyIdParamSchema, querystring: automaticAnswerListQuerySchema, response: { 200: automaticAnswerListResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, answers: await listCompanyAnswers(ctx, scopeOf(req), req.query) }));

  r.post(base, {
    schema: { params: companyIdParamSchema, body: automaticAnswerBodySchema, response: { 200: automaticAnswerResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, answer: await createAnswer(ctx, scopeOf(req), req.body) }));

  r.put(`${base}/:id`, {
    schema: { params: automaticAnswerParamsSchema, body: automaticAnswerBodySchema, response: { 200: automaticAnswerResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, answer: await editAnswer(ctx, scopeOf(req), req.params.id, req.body) }));

  r.delete(`${base}/:id`, {
    schema: { params: automaticAnswerParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await removeAnswer(ctx, scopeOf(req), req.params.id);
    return { success: true as const };
  });
}
