import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  appUserLockResponseSchema,
  appUserParamsSchema,
  complaintBodySchema,
  complaintResponseSchema,
  errorBodySchema,
  reportedUsersParamsSchema,
  reportedUsersQuerySchema,
  reportedUsersResponseSchema,
  userImpactParamsSchema,
  userImpactResponseSchema,
} from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { fileComplaint, getReportedUsers, getUserImpact, setAppUserLocked } from "./reported-users.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Complaints against community users (SPEC §7 POST /reports/issue), their impact, the company's reported
 * users and locking them. */
export async function reportedUserRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post("/api/reports/issue", {
    schema: {
      body: complaintBodySchema,
      response: { 200: complaintResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await fileComplaint(ctx, actorOf(req), req.body)) }));

  r.get("/api/reports/user-impact/counter/:id", {
    schema: {
      params: userImpactParamsSchema,
      response: { 200: userImpactResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, user_impact: await getUserImpact(ctx, actorOf(req), req.params.id) }));

  r.get("/api/companies/:companyId/reported-users", {
    schema: {
      params: reportedUsersParamsSchema,
      querystring: reportedUsersQuerySchema,
      response: { 200: reportedUsersResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await getReportedUsers(ctx, scopeOf(req), req.query)) }));

  for (const [action, locked] of [["lock", true], ["unlock", false]] as const) {
    r.post(`/api/companies/:companyId/app-users/:id/${action}`, {
      schema: {
        params: appUserParamsSchema,
        response: { 200: appUserLockResponseSchema, ...errors },
      },
    }, async (req) => ({ success: true as const, user: await setAppUserLocked(ctx, scopeOf(req), req.params.id, locked) }));
  }
}
