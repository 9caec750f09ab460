import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { attendGlobalZone, companyZones, createZone, editZone, removeZone } from "./zone.service.js";

/** Company zones (issue 10): GeoJSON Polygons in and out, drawn by company admins. */
export async function zoneRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdZones),
    handler: async (req) => ({ success: true as const, zones: await companyZones(ctx, scopeOf(req)) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdZones),
    handler: async (req) => ({ success: true as const, zone: await createZone(ctx, scopeOf(req), req.body) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdZonesGlobal),
    handler: async (req) => ({ success: true as const, zone: await attendGlobalZone(ctx, scopeOf(req)) }),
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdZonesById),
    handler: async (req) => ({ success: true as const, zone: await editZone(ctx, scopeOf(req), req.params.id, req.body) }),
  });

  r.route({
    ...at(routes.deleteCompaniesByCompanyIdZonesById),
    handler: async (req) => {
      await removeZone(ctx, scopeOf(req), req.params.id);
      return { success: true as const };
    },
  });
}
