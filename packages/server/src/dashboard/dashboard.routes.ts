import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { dashboardApps, dashboardOperators, dashboardReports, dashboardSummary, dashboardUsers } from "./dashboard.service.js";
import { companyShifts, createShift, editShift, removeShift } from "./shift.service.js";

/** The dashboard tabs (issue 10) over the SPEC §3 dashboard filter, and the company's shifts. */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdDashboardSummary),
    handler: async (req) => ({ success: true as const, ...(await dashboardSummary(ctx, scopeOf(req), req.query)) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdDashboardReports),
    handler: async (req) => ({ success: true as const, ...(await dashboardReports(ctx, scopeOf(req), req.query)) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdDashboardOperators),
    handler: async (req) => ({ success: true as const, ...(await dashboardOperators(ctx, scopeOf(req), req.query)) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdDashboardUsers),
    handler: async (req) => ({ success: true as const, ...(await dashboardUsers(ctx, scopeOf(req), req.query)) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdDashboardApps),
    handler: async (req) => ({ success: true as const, ...(await dashboardApps(ctx, scopeOf(req), req.query)) }),
  });

  // The shifts list is read by the dashboard too (operators by shift): it follows the dashboard module.
  r.route({
    ...at(routes.getCompaniesByCompanyIdShifts),
    handler: async (req) => ({ success: true as const, shifts: await companyShifts(ctx, scopeOf(req)) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdShifts),
    handler: async (req) => ({ success: true as const, shift: await createShift(ctx, scopeOf(req), req.body) }),
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdShiftsById),
    handler: async (req) => ({ success: true as const, shift: await editShift(ctx, scopeOf(req), req.params.id, req.body) }),
  });

  r.route({
    ...at(routes.deleteCompaniesByCompanyIdShiftsById),
    handler: async (req) => {
      await removeShift(ctx, scopeOf(req), req.params.id);
      return { success: true as const };
    },
  });
}
