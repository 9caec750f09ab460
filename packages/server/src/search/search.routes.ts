import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { search } from "./search.service.js";

/** `GET /api/companies/{companyId}/search`: the header's search box. */
export async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...at(routes.getCompaniesByCompanyIdSearch),
    handler: async (req) => ({ success: true as const, ...(await search(ctx, scopeOf(req), req.query)) }),
  });
}
