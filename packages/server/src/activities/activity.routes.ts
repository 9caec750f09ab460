import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  activitiesResponseSchema,
  activityBodySchema,
  activityParamsSchema,
  activityResponseSchema,
  companyIdParamSchema,
  complianceQuerySchema,
  complianceRefreshResponseSchema,
  complianceResponseSchema,
  dueActivitiesResponseSchema,
  errorBodySchema,
  successSchema,
  type DueActivity,
} from "@atalaya/shared";
import { resolveScope } from "../auth/access.js";
import { listUserCompanies } from "../auth/access.repository.js";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { AppError } from "../http/errors.js";
import * as service from "./activity.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const ok = { success: true as const };

/** Activities and compliance (issue 16): schedule, list, edit and delete activities; the compliance
 * table and its refresh; each assignee's due activities in the portal and through the app. */
export async function activityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // At each period boundary (found by a sweep every few minutes, once across processes) the stored
  // states are computed again: a pending period becomes overdue when it ends.
  ctx.jobs.handle(service.ACTIVITY_REFRESH_JOB, async () => service.refreshDueActivities(ctx.db)).every(service.ACTIVITY_REFRESH_JOB, service.ACTIVITY_REFRESH_EVERY_MS);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/activities";

  r.get(base, {
    schema: { params: companyIdParamSchema, response: { 200: activitiesResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, activities: await service.listActivities(ctx.db, scopeOf(req)) }));
  r.post(base, {
    schema: { params: companyIdParamSchema, body: activityBodySchema, response: { 200: activityResponseSchema, ...errors } },
  }, async (req) => {
    const scope = scopeOf(req);
    return { ...ok, activity: await service.createActivity(ctx.db, scope, req.body, scope.actor.user.id) };
  });
  r.get(`${base}/compliance`, {
    schema: { params: companyIdParamSchema, querystring: complianceQuerySchema, response: { 200: complianceResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, ...(await service.companyCompliance(ctx.db, scopeOf(req), req.query)), page: req.query.page, pageSize: req.query.pageSize }));
  r.post(`${base}/compliance/refresh`, {
    schema: { params: companyIdParamSchema, response: { 200: complianceRefreshResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, ...(await service.refreshCompany(ctx.db, scopeOf(req))) }));
  r.get(`${base}/mine`, {
    schema: { params: companyIdParamSchema, response: { 200: dueActivitiesResponseSchema, ...errors } },
  }, async (req) => {
    const scope = scopeOf(req);
    return { ...ok, activities: await service.dueActivities(ctx.db, scope, scope.actor.user.id) };
  });
  r.get(`${base}/:id`, {
    schema: { params: activityParamsSchema, response: { 200: activityResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, activity: await service.getActivity(ctx.db, scopeOf(req), req.params.id) }));
  r.put(`${base}/:id`, {
    schema: { params: activityParamsSchema, body: activityBodySchema, response: { 200: activityResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, activity: await service.editActivity(ctx.db, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${base}/:id`, {
    schema: { params: activityParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeActivity(ctx.db, scopeOf(req), req.params.id);
    return ok;
  });

  r.get("/api/app/activities", {
    schema: { response: { 200: dueActivitiesResponseSchema, ...errors } },
  }, async (req) => {
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
  });
}
