import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyIdParamSchema, connectionsQuerySchema, connectionsResponseSchema, errorBodySchema, operatorsResponseSchema } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { companyConnections, companyOperators } from "./operators.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ["operators"];

/** The operators screen (who is online, what each works on) and the connections screen (connectivity logs). */
export async function operatorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/companies/:companyId/operators", {
    config: { permission: "operators.read" },
    schema: {
      tags,
      summary: "Members of the company: online now (a real-time socket seen within a minute on any server process), the report each has open and their open reports",
      params: companyIdParamSchema,
      response: { 200: operatorsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, operators: await companyOperators(ctx, scopeOf(req)) }));

  r.get("/api/companies/:companyId/connections", {
    config: { permission: "connections.read" },
    schema: {
      tags,
      summary: "Connectivity logs the portal sent (logs-pusher) by the company's members, newest first; user_id, start_date and end_date (ISO 8601) filter; paged (company admins)",
      params: companyIdParamSchema,
      querystring: connectionsQuerySchema,
      response: { 200: connectionsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await companyConnections(ctx, scopeOf(req), req.query)) }));
}
