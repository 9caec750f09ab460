import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes, type DueActivity } from "@atalaya/shared";
import { resolveScope } from "../auth/access.js";
import { listUserCompanies } from "../auth/access.repository.js";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { AppError } from "../http/errors.js";
import { at } from "../http/route.js";
import * as service from "./activity.service.js";

const ok = { success: true as const };

/** Activities and compliance (issue 16): schedule, list, edit and delete activities; the compliance
 * table and its refresh; each assignee's due activities in the portal and through the app. */
export async function activityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // At each period boundary (found by a sweep every few minutes, once across processes) the stored
  // states are computed again: a pending period becomes overdue when it ends.
  ctx.jobs.handle(service.ACTIVITY_REFRESH_JOB, async () => service.refreshDueActivities(ctx.db)).every(service.ACTIVITY_REFRESH_JOB, service.ACTIVITY_REFRESH_EVERY_MS);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdActivities),
    handler: async (req) => ({ ...ok, activities: await service.listActivities(ctx.db, scopeOf(req)) }),
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdActivities),
    handler: async (req) => {
      const scope = scopeOf(req);
      return { ...ok, activity: await service.createActivity(ctx.db, scope, req.body, scope.actor.user.id) };
    },
  });
  r.route({
    ...at(routes.getCompaniesByCompanyIdActivitiesCompliance),
    handler: async (req) => ({ ...ok, ...(await service.companyCompliance(ctx.db, scopeOf(req), req.query)), page: req.query.page, pageSize: req.query.pageSize }),
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdActivitiesComplianceRefresh),
    handler: async (req) => ({ ...ok, ...(await service.refreshCompany(ctx.db, scopeOf(req))) }),
  });
  r.route({
    ...at(routes.getCompaniesByCompanyIdActivitiesMine),
    handler: async (req) => {
      const scope = scopeOf(req);
      return { ...ok, activities: await service.dueActivities(ctx.db, scope, scope.actor.user.id) };
    },
  });
  r.route({
    ...at(routes.getCompaniesByCompanyIdActivitiesById),
    handler: async (req) => ({ ...ok, activity: await service.getActivity(ctx.db, scopeOf(req), req.params.id) }),
  });
  r.route({
    ...at(routes.putCompaniesByCompanyIdActivitiesById),
    handler: async (req) => ({ ...ok, activity: await service.editActivity(ctx.db, scopeOf(req), req.params.id, req.body) }),
  });
  r.route({
    ...at(routes.deleteCompaniesByCompanyIdActivitiesById),
    handler: async (req) => {
      await service.removeActivity(ctx.db, scopeOf(req), req.params.id);
      return ok;
    },
  });

  r.route({
    ...at(routes.getAppActivities),
    handler: async (req) => {
      const actor = actorOf(req);
      const out: DueActivity[] = [];
      for (const company of await listUserCompanies(ctx.db, actor.user.id)) {
        // A company without forms, or a role that does not fill them, has nothing due for this user.
        const scope = await resolveScope(ctx.db, actor, company.id, "forms.fill", "forms").catch((err: unknown) => {
          if (err instanceof AppError && err.status < 500) return null;
          throw err;
        });
        if (scope) out.push(...(await service.dueActivities(ctx.db, scope, actor.user.id)));
      }
      return { ...ok, activities: out };
    },
  });
}
