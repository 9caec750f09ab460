import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyIdParamSchema, connectionsQuerySchema, connectionsResponseSchema, errorBodySchema, operatorsResponseSchema } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { companyConnections, companyOperators } from "./operators.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The operators screen (who is online, what each works on) and the connections screen (connectivity logs). */
export async function operatorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/companies/:companyId/operators", {
    schema: {
      params: companyIdParamSchema,
      response: { 200: operatorsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, operators: await companyOperators(ctx, scopeOf(req)) }));

  r.get("/api/companies/:companyId/connections", {
    schema: {
      params: companyIdParamSchema,
      querystring: connectionsQuerySchema,
      response: { 200: connectionsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await companyConnections(ctx, scopeOf(req), req.query)) }));
}
