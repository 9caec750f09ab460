import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { findAppUserByPhone } from "./user.repository.js";

/** The caller lookup of the create-report form: which community user has this phone. */
export async function appUserLookupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...at(routes.getCompaniesByCompanyIdAppUsersByPhone),
    handler: async (req) => {
      const digits = req.query.phone.replace(/\D/g, "");
      return { success: true as const, user: await findAppUserByPhone(ctx.db, digits) };
    },
  });
}
