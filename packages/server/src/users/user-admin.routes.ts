import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  companyIdParamSchema,
  errorBodySchema,
  successSchema,
  userCreateBodySchema,
  userDeleteQuerySchema,
  userListQuerySchema,
  userListResponseSchema,
  userParamsSchema,
  userPasswordBodySchema,
  userResponseSchema,
  userUpdateBodySchema,
} from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { changePassword, createUser, getUser, listUsers, removeUser, rolesGrantableBy, setLocked, updateUser } from "./user-admin.service.js";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** User admin of a company under /api/companies/{companyId}/users (company admins; platform admins in
 * any company). */
export async function userAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/users";
  const config = { permission: "users.manage" as const };

  r.get(base, {
    config,
    schema: { params: companyIdParamSchema, querystring: userListQuerySchema, response: { 200: userListResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await listUsers(ctx, scopeOf(req), req.query)) }));

  r.post(base, {
    config,
    schema: { params: companyIdParamSchema, body: userCreateBodySchema, response: { 200: userResponseSchema, ...errors } },
  }, async (req) => {
    const scope = scopeOf(req);
    return { success: true as const, user: await createUser(ctx, scope, req.body), grantableRoles: rolesGrantableBy(scope) };
  });

  r.get(`${base}/:id`, {
    config,
    schema: { params: userParamsSchema, response: { 200: userResponseSchema, ...errors } },
  }, async (req) => {
    const scope = scopeOf(req);
    return { success: true as const, user: await getUser(ctx, scope, req.params.id), grantableRoles: rolesGrantableBy(scope) };
  });

  r.put(`${base}/:id`, {
    config,
    schema: { params: userParamsSchema, body: userUpdateBodySchema, response: { 200: userResponseSchema, ...errors } },
  }, async (req) => {
    const scope = scopeOf(req);
    return { success: true as const, user: await updateUser(ctx, scope, req.params.id, req.body), grantableRoles: rolesGrantableBy(scope) };
  });

  r.put(`${base}/:id/password`, {
    config,
    schema: { params: userParamsSchema, body: userPasswordBodySchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await changePassword(ctx, scopeOf(req), req.params.id, req.body);
    return { success: true as const };
  });

  for (const [action, locked] of [["lock", true], ["unlock", false]] as const) {
    r.post(`${base}/:id/${action}`, {
      config,
      schema: { params: userParamsSchema, response: { 200: userResponseSchema, ...errors } },
    }, async (req) => {
      const scope = scopeOf(req);
      return { success: true as const, user: await setLocked(ctx, scope, req.params.id, locked), grantableRoles: rolesGrantableBy(scope) };
    });
  }

  r.delete(`${base}/:id`, {
    config,
    schema: { params: userParamsSchema, querystring: userDeleteQuerySchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await removeUser(ctx, scopeOf(req), req.params.id, req.query.permanent === "true");
    return { success: true as const };
  });
}
