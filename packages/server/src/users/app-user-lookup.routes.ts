import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { appUserByPhoneQuerySchema, appUserByPhoneResponseSchema, companyIdParamSchema, errorBodySchema } from "@atalaya/shared";
import type { AppContext } from "../context.js";
import { findAppUserByPhone } from "./user.repository.js";

/** The caller lookup of the create-report form: which community user has this phone. */
export async function appUserLookupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/companies/:companyId/app-users/by-phone", {
    schema: {
      params: companyIdParamSchema,
      querystring: appUserByPhoneQuerySchema,
      response: { 200: appUserByPhoneResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
    },
  }, async (req) => {
    const digits = req.query.phone.replace(/\D/g, "");
    return { success: true as const, user: await findAppUserByPhone(ctx.db, digits) };
  });
}
