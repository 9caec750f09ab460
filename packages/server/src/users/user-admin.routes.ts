import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { changePassword, createUser, getUser, listUsers, removeUser, rolesGrantableBy, setLocked, updateUser } from "./user-admin.service.js";

/** User admin of a company under /api/companies/{companyId}/users (company admins; platform admins in
 * any company). */
export async function userAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdUsers),
    handler: async (req) => ({ success: true as const, ...(await listUsers(ctx, scopeOf(req), req.query)) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdUsers),
    handler: async (req) => {
      const scope = scopeOf(req);
      return { success: true as const, user: await createUser(ctx, scope, req.body), grantableRoles: rolesGrantableBy(scope) };
    },
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdUsersById),
    handler: async (req) => {
      const scope = scopeOf(req);
      return { success: true as const, user: await getUser(ctx, scope, req.params.id), grantableRoles: rolesGrantableBy(scope) };
    },
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdUsersById),
    handler: async (req) => {
      const scope = scopeOf(req);
      return { success: true as const, user: await updateUser(ctx, scope, req.params.id, req.body), grantableRoles: rolesGrantableBy(scope) };
    },
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdUsersByIdPassword),
    handler: async (req) => {
      await changePassword(ctx, scopeOf(req), req.params.id, req.body);
      return { success: true as const };
    },
  });

  for (const [entry, locked] of [[routes.postCompaniesByCompanyIdUsersByIdLock, true], [routes.postCompaniesByCompanyIdUsersByIdUnlock, false]] as const) {
    r.route({
      ...at(entry),
      handler: async (req) => {
        const scope = scopeOf(req);
        return { success: true as const, user: await setLocked(ctx, scope, req.params.id, locked), grantableRoles: rolesGrantableBy(scope) };
      },
    });
  }

  r.route({
    ...at(routes.deleteCompaniesByCompanyIdUsersById),
    handler: async (req) => {
      await removeUser(ctx, scopeOf(req), req.params.id, req.query.permanent === "true");
      return { success: true as const };
    },
  });
}
