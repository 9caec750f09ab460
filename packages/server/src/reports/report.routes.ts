import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import { actorOf } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { executeReportCommand } from "./commands.js";
import {
  createCompanyReport,
  deleteCompanyReport,
  getCompanyReport,
  getVisibleReport,
  listCompanyReportRows,
  listCompanyReports,
  reportActivity,
  scopeOfReport,
} from "./report.service.js";

/** The portal's report routes under /api/companies/{companyId}/reports. */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdReports),
    handler: async (req) => ({ success: true as const, ...(await listCompanyReports(ctx, scopeOf(req), req.query)) }),
  });

  // The events panel's rows: the same page, each report with its row's fields only.
  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsRows),
    handler: async (req) => ({ success: true as const, ...(await listCompanyReportRows(ctx, scopeOf(req), req.query)) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReports),
    handler: async (req) => ({ success: true as const, report: await createCompanyReport(ctx, scopeOf(req), req.body) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsByUuidByUuid),
    handler: async (req) => ({ success: true as const, report: await getCompanyReport(ctx, scopeOf(req), { uuid: req.params.uuid }) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsById),
    handler: async (req) => ({ success: true as const, report: await getCompanyReport(ctx, scopeOf(req), { id: req.params.id }) }),
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdReportsById),
    handler: async (req) => ({ success: true as const, report: await executeReportCommand(ctx, scopeOf(req), req.params.id, { kind: "update", ...req.body }) }),
  });

  r.route({
    // report.read here so a report outside the caller's restrictions answers 404 like every report
    // route; the service then requires report.delete (company admins; 403 for others).
    ...at(routes.deleteCompaniesByCompanyIdReportsById),
    handler: async (req) => ({ success: true as const, report: await deleteCompanyReport(ctx, scopeOf(req), req.params.id) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdTake),
    handler: async (req) => ({ success: true as const, report: await executeReportCommand(ctx, scopeOf(req), req.params.id, { kind: "take" }) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdAssign),
    handler: async (req) => ({ success: true as const, report: await executeReportCommand(ctx, scopeOf(req), req.params.id, { kind: "assign", ...req.body }) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsByIdActivity),
    handler: async (req) => {
      const rows = await reportActivity(ctx, scopeOf(req), req.params.id);
      return { success: true as const, activity: rows.map((a) => ({ ...a, created_at: new Date(a.created_at).toISOString() })) };
    },
  });

  r.route({
    ...at(routes.getReportsById),
    handler: async (req) => ({ success: true as const, report: await getVisibleReport(ctx, actorOf(req), req.params.id) }),
  });

  // SPEC §7's call shapes without a company: the same services, in the caller's company that attends
  // the report and allows the action (reports/report.service.ts scopeOfReport).
  r.route({
    ...at(routes.putReportsByIdAssignedUser),
    handler: async (req) => {
      const scope = await scopeOfReport(ctx, actorOf(req), req.params.id, "report.work");
      return { success: true as const, report: await executeReportCommand(ctx, scope, req.params.id, { kind: "assign", userId: req.body.user_id }) };
    },
  });

  r.route({
    ...at(routes.deleteReportsById),
    handler: async (req) => {
      const scope = await scopeOfReport(ctx, actorOf(req), req.params.id, "report.delete");
      return { success: true as const, report: await deleteCompanyReport(ctx, scope, req.params.id) };
    },
  });
}
