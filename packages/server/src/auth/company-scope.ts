import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from "fastify";
import type { ModuleName } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { resolveScope, type CompanyScope, type Permission } from "./access.js";
import { actorOf } from "./authenticate.js";

declare module "fastify" {
  interface FastifyRequest {
    companyScope: CompanyScope | null;
  }
  interface FastifyContextConfig {
    /** What the route does in the company: every /api/companies/:companyId route must say it. */
    permission?: Permission;
    /** The module the route's feature belongs to: a company without it gets 403 moduleDisabled. */
    module?: ModuleName;
  }
}

/** The path prefix of every route whose company comes from the URL. */
export const COMPANY_PREFIX = "/api/companies/:companyId";

/** Resolves /api/companies/:companyId/… into the caller's company scope before the handler runs (after
 * the params are validated, so :companyId is a bounded integer): not a member is 404, a role without the
 * route's permission is 403, a company without the route's module is 403 moduleDisabled. A company route registered without a permission stops the start. */
export function installCompanyScope(app: FastifyInstance, db: Db): void {
  app.decorateRequest("companyScope", null);
  app.addHook("onRoute", (route) => {
    if (route.url !== COMPANY_PREFIX && !route.url.startsWith(`${COMPANY_PREFIX}/`)) return;
    const permission = route.config?.permission;
    const module = route.config?.module;
    if (!permission) throw new Error(`${String(route.method)} ${route.url}: a company route needs config.permission`);
    const resolve: preHandlerHookHandler = async (req) => {
      const { companyId } = req.params as { companyId: number };
      req.companyScope = await resolveScope(db, actorOf(req), companyId, permission, module);
    };
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    // The scope comes first: nothing else of a company route runs for a stranger.
    route.preHandler = [resolve, ...existing];
  });
}

/** The company scope of a /api/companies/:companyId route. */
export function scopeOf(req: FastifyRequest): CompanyScope {
  if (!req.companyScope) throw new Error(`no company scope on ${req.method} ${req.url}`);
  return req.companyScope;
}
