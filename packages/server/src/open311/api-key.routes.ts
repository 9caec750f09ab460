import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  apiKeyBodySchema,
  apiKeyCreatedResponseSchema,
  apiKeyResponseSchema,
  apiKeysResponseSchema,
  companyIdParamSchema,
  errorBodySchema,
  organisationParamsSchema,
} from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { createKey, listKeys, revokeKey } from "./api-key.service.js";

/** GET/POST /api/companies/{companyId}/api-keys and DELETE …/{id}: the organisation's Open311 keys (company admins). */
export async function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

  r.get("/api/companies/:companyId/api-keys", {
    schema: { params: companyIdParamSchema, response: { 200: apiKeysResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, apiKeys: await listKeys(ctx, scopeOf(req)) }));

  r.post("/api/companies/:companyId/api-keys", {
    schema: { params: companyIdParamSchema, body: apiKeyBodySchema, response: { 200: apiKeyCreatedResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await createKey(ctx, scopeOf(req), req.body)) }));

  r.delete("/api/companies/:companyId/api-keys/:id", {
    schema: { params: organisationParamsSchema, response: { 200: apiKeyResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, apiKey: await revokeKey(ctx, scopeOf(req), req.params.id) }));
}
