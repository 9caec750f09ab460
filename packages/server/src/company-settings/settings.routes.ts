import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { readSettings, replaceModules, updateSettings } from "./settings.service.js";

/** GET/PUT /api/companies/{companyId}/settings and …/modules. */
export async function companySettingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdSettings),
    handler: async (req) => ({ success: true as const, settings: await readSettings(ctx, scopeOf(req)) }),
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdSettings),
    handler: async (req) => ({ success: true as const, settings: await updateSettings(ctx, scopeOf(req), req.body) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdModules),
    handler: async (req) => ({ success: true as const, modules: [...scopeOf(req).company.modules] }),
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdModules),
    handler: async (req) => {
      const scope = scopeOf(req);
      await replaceModules(ctx, scope.actor, scope.companyId, req.body.modules);
      return { success: true as const, modules: req.body.modules };
    },
  });
}
