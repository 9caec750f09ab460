import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { fileComplaint, getReportedUsers, getUserImpact, setAppUserLocked } from "./reported-users.service.js";

/** Complaints against community users (SPEC §7 POST /reports/issue), their impact, the company's reported
 * users and locking them. */
export async function reportedUserRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.postReportsIssue),
    handler: async (req) => ({ success: true as const, ...(await fileComplaint(ctx, actorOf(req), req.body)) }),
  });

  r.route({
    ...at(routes.getReportsUserImpactCounterById),
    handler: async (req) => ({ success: true as const, user_impact: await getUserImpact(ctx, actorOf(req), req.params.id) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdReportedUsers),
    handler: async (req) => ({ success: true as const, ...(await getReportedUsers(ctx, scopeOf(req), req.query)) }),
  });

  for (const [entry, locked] of [[routes.postCompaniesByCompanyIdAppUsersByIdLock, true], [routes.postCompaniesByCompanyIdAppUsersByIdUnlock, false]] as const) {
    r.route({
      ...at(entry),
      handler: async (req) => ({ success: true as const, user: await setAppUserLocked(ctx, scopeOf(req), req.params.id, locked) }),
    });
  }
}
