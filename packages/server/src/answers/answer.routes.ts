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
    config: { permission: "report.work" },
    schema: { tags: ["automatic answers"], summary: "The organisation's automatic answers (usage=management|closure; type = for that report type or any)", params: companyIdParamSchema, querystring: automaticAnswerListQuerySchema, response: { 200: automaticAnswerListResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, answers: await listCompanyAnswers(ctx, scopeOf(req), req.query) }));

  r.post(base, {
    config: { permission: "answers.manage" },
    schema: { tags: ["automatic answers"], summary: "Create an automatic answer (company admins)", params: companyIdParamSchema, body: automaticAnswerBodySchema, response: { 200: automaticAnswerResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, answer: await createAnswer(ctx, scopeOf(req), req.body) }));

  r.put(`${base}/:id`, {
    config: { permission: "answers.manage" },
    schema: { tags: ["automatic answers"], summary: "Replace an automatic answer (company admins)", params: automaticAnswerParamsSchema, body: automaticAnswerBodySchema, response: { 200: automaticAnswerResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, answer: await editAnswer(ctx, scopeOf(req), req.params.id, req.body) }));

  r.delete(`${base}/:id`, {
    config: { permission: "answers.manage" },
    schema: { tags: ["automatic answers"], summary: "Delete an automatic answer (company admins)", params: automaticAnswerParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await removeAnswer(ctx, scopeOf(req), req.params.id);
    return { success: true as const };
  });
}
