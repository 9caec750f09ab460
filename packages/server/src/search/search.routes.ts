import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyIdParamSchema, errorBodySchema, searchQuerySchema, searchResponseSchema } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { search } from "./search.service.js";

/** `GET /api/companies/{companyId}/search`: the header's search box. */
export async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get("/api/companies/:companyId/search", {
    schema: {
      params: companyIdParamSchema,
      querystring: searchQuerySchema,
      response: { 200: searchResponseSchema, 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
    },
  }, async (req) => ({ success: true as const, ...(await search(ctx, scopeOf(req), req.query)) }));
}
