import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes, type Reply } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { presentComment } from "./interaction.presenter.js";
import { listReplies } from "./replies.repository.js";

/** The replies inbox: a page of the community's comments on the company's reports, newest first, each
 * marked answered when someone of the company commented on the report after it. Answering is the
 * report's comment route. */
export async function companyReplies(
  ctx: AppContext,
  scope: CompanyScope,
  q: { unanswered?: "true" | "false"; page: number; pageSize: number },
): Promise<{ replies: Reply[]; total: number; unanswered: number }> {
  const page = await listReplies(ctx.db, scope, { unansweredOnly: q.unanswered === "true", limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return {
    total: page.total,
    unanswered: page.unanswered,
    replies: page.rows.map((row) => ({
      comment: presentComment(row, { companyId: scope.companyId }),
      report: { id: row.report_id, uuid: row.report_uuid, title: row.report_title, type: row.report_type, status: row.report_status },
      answered: row.answered,
    })),
  };
}

/** `GET …/replies` (company admins and operators). */
export async function replyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...at(routes.getCompaniesByCompanyIdReplies),
    handler: async (req) => ({ success: true as const, ...(await companyReplies(ctx, scopeOf(req), req.query)) }),
  });
}
