import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { callFromReport, closeDemoTelephony } from "./call.service.js";

/** Click-to-call from a report (SPEC §6 phone-call gate, issue 17). */
export async function callRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onClose", () => closeDemoTelephony(ctx));

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdCall),
    handler: async (req) => ({ success: true as const, call: await callFromReport(ctx, scopeOf(req), req.params.id, req.body.to) }),
  });
}
