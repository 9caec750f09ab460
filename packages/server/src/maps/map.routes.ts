import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { mapHeat, mapReports } from "./map.service.js";

/** The maps' data (issue 10): report points or clusters, and the heat map's grid, with the SPEC §3
 * dashboard filter; not-applicable and deleted reports never appear (SPEC §4). */
export async function mapRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdMapsReports),
    handler: async (req) => ({ success: true as const, ...(await mapReports(ctx, scopeOf(req), req.query)) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdMapsHeat),
    handler: async (req) => ({ success: true as const, ...(await mapHeat(ctx, scopeOf(req), req.query)) }),
  });
}
