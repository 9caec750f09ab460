import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { createAnswer, editAnswer, listCompanyAnswers, removeAnswer } from "./answer.service.js";

/** Automatic answers of an organisation under /api/companies/{companyId}/automatic-answers. */
export async function answerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdAutomaticAnswers),
    handler: async (req) => ({ success: true as const, answers: await listCompanyAnswers(ctx, scopeOf(req), req.query) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdAutomaticAnswers),
    handler: async (req) => ({ success: true as const, answer: await createAnswer(ctx, scopeOf(req), req.body) }),
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdAutomaticAnswersById),
    handler: async (req) => ({ success: true as const, answer: await editAnswer(ctx, scopeOf(req), req.params.id, req.body) }),
  });

  r.route({
    ...at(routes.deleteCompaniesByCompanyIdAutomaticAnswersById),
    handler: async (req) => {
      await removeAnswer(ctx, scopeOf(req), req.params.id);
      return { success: true as const };
    },
  });
}
