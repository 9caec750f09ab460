import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { createKey, listKeys, revokeKey } from "./api-key.service.js";

/** GET/POST /api/companies/{companyId}/api-keys and DELETE …/{id}: the organisation's Open311 keys (company admins). */
export async function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdApiKeys),
    handler: async (req) => ({ success: true as const, apiKeys: await listKeys(ctx, scopeOf(req)) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdApiKeys),
    handler: async (req) => ({ success: true as const, ...(await createKey(ctx, scopeOf(req), req.body)) }),
  });

  r.route({
    ...at(routes.deleteCompaniesByCompanyIdApiKeysById),
    handler: async (req) => ({ success: true as const, apiKey: await revokeKey(ctx, scopeOf(req), req.params.id) }),
  });
}
