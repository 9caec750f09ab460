import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  assignReportSchema,
  assignedUserBodySchema,
  createCompanyReportSchema,
  errorBodySchema,
  reportActivityResponseSchema,
  reportListQuerySchema,
  reportListResponseSchema,
  reportRowsResponseSchema,
  reportParamsSchema,
  reportResponseSchema,
  reportUuidParamsSchema,
  idParamSchema,
  companyIdParamSchema,
  updateReportSchema,
} from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import { actorOf } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import {
  assignReport,
  createCompanyReport,
  deleteCompanyReport,
  getCompanyReport,
  getVisibleReport,
  listCompanyReportRows,
  listCompanyReports,
  reportActivity,
  scopeOfReport,
  takeReport,
  updateReport,
} from "./report.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The portal's report routes under /api/companies/{companyId}/reports. */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/reports";

  r.get(`${base}`, {
    schema: { params: companyIdParamSchema, querystring: reportListQuerySchema, response: { 200: reportListResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await listCompanyReports(ctx, scopeOf(req), req.query)) }));

  // The events panel's rows: the same page, each report with its row's fields only.
  r.get(`${base}/rows`, {
    schema: { params: companyIdParamSchema, querystring: reportListQuerySchema, response: { 200: reportRowsResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await listCompanyReportRows(ctx, scopeOf(req), req.query)) }));

  r.post(`${base}`, {
    schema: { params: companyIdParamSchema, body: createCompanyReportSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await createCompanyReport(ctx, scopeOf(req), req.body) }));

  r.get(`${base}/by-uuid/:uuid`, {
    schema: { params: reportUuidParamsSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await getCompanyReport(ctx, scopeOf(req), { uuid: req.params.uuid }) }));

  r.get(`${base}/:id`, {
    schema: { params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await getCompanyReport(ctx, scopeOf(req), { id: req.params.id }) }));

  r.put(`${base}/:id`, {
    schema: { params: reportParamsSchema, body: updateReportSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await updateReport(ctx, scopeOf(req), req.params.id, req.body) }));

  r.delete(`${base}/:id`, {
    // report.read here so a report outside the caller's restrictions answers 404 like every report
    // route; the service then requires report.delete (company admins; 403 for others).
    schema: { params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await deleteCompanyReport(ctx, scopeOf(req), req.params.id) }));

  r.post(`${base}/:id/take`, {
    schema: { params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await takeReport(ctx, scopeOf(req), req.params.id) }));

  r.post(`${base}/:id/assign`, {
    schema: { params: reportParamsSchema, body: assignReportSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await assignReport(ctx, scopeOf(req), req.params.id, req.body) }));

  r.get(`${base}/:id/activity`, {
    schema: { params: reportParamsSchema, response: { 200: reportActivityResponseSchema, ...errors } },
  }, async (req) => {
    const rows = await reportActivity(ctx, scopeOf(req), req.params.id);
    return { success: true as const, activity: rows.map((a) => ({ ...a, created_at: new Date(a.created_at).toISOString() })) };
  });

  r.get("/api/reports/:id", {
    schema: { params: idParamSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await getVisibleReport(ctx, actorOf(req), req.params.id) }));

  // SPEC §7's call shapes without a company: the same services, in the caller's company that attends
  // the report and allows the action (reports/report.service.ts scopeOfReport).
  r.put("/api/reports/:id/assigned-user", {
    schema: { params: idParamSchema, body: assignedUserBodySchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => {
    const scope = await scopeOfReport(ctx, actorOf(req), req.params.id, "report.work");
    return { success: true as const, report: await assignReport(ctx, scope, req.params.id, { userId: req.body.user_id }) };
  });

  r.delete("/api/reports/:id", {
    schema: { params: idParamSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => {
    const scope = await scopeOfReport(ctx, actorOf(req), req.params.id, "report.delete");
    return { success: true as const, report: await deleteCompanyReport(ctx, scope, req.params.id) };
  });
}
