import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callBodySchema, callResponseSchema, errorBodySchema, reportParamsSchema } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { callFromReport, closeDemoTelephony } from "./call.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 502: errorBodySchema };

/** Click-to-call from a report (SPEC §6 phone-call gate, issue 17). */
export async function callRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onClose", () => closeDemoTelephony(ctx));

  r.post("/api/companies/:companyId/reports/:id/call", {
    schema: {
      params: reportParamsSchema,
      body: callBodySchema,
      response: { 200: callResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, call: await callFromReport(ctx, scopeOf(req), req.params.id, req.body.to) }));
}
