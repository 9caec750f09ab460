import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  companyIdParamSchema,
  companySettingsBodySchema,
  companySettingsResponseSchema,
  errorBodySchema,
  modulesBodySchema,
  modulesResponseSchema,
} from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { readSettings, replaceModules, updateSettings } from "./settings.service.js";

/** GET/PUT /api/companies/{companyId}/settings and …/modules. */
export async function companySettingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

  r.get("/api/companies/:companyId/settings", {
    schema: { params: companyIdParamSchema, response: { 200: companySettingsResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, settings: await readSettings(ctx, scopeOf(req)) }));

  r.put("/api/companies/:companyId/settings", {
    schema: {
      params: companyIdParamSchema,
      body: companySettingsBodySchema,
      response: { 200: companySettingsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, settings: await updateSettings(ctx, scopeOf(req), req.body) }));

  r.get("/api/companies/:companyId/modules", {
    schema: { params: companyIdParamSchema, response: { 200: modulesResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, modules: [...scopeOf(req).company.modules] }));

  r.put("/api/companies/:companyId/modules", {
    schema: { params: companyIdParamSchema, body: modulesBodySchema, response: { 200: modulesResponseSchema, ...errors } },
  }, async (req) => {
    const scope = scopeOf(req);
    await replaceModules(ctx, scope.actor, scope.companyId, req.body.modules);
    return { success: true as const, modules: req.body.modules };
  });
}
