import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { companyConnections, companyOperators } from "./operators.service.js";

/** The operators screen (who is online, what each works on) and the connections screen (connectivity logs). */
export async function operatorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdOperators),
    handler: async (req) => ({ success: true as const, operators: await companyOperators(ctx, scopeOf(req)) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdConnections),
    handler: async (req) => ({ success: true as const, ...(await companyConnections(ctx, scopeOf(req), req.query)) }),
  });
}
