import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  activitySchema,
  assignReportSchema,
  closeReportSchema,
  createCompanyReportSchema,
  errorBodySchema,
  reportListQuerySchema,
  reportListResponseSchema,
  reportParamsSchema,
  reportResponseSchema,
  reportUuidParamsSchema,
  companyIdParamSchema,
  updateReportSchema,
} from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import {
  assignReport,
  closeReport,
  createCompanyReport,
  getCompanyReport,
  listCompanyReports,
  reportActivity,
  takeReport,
  updateReport,
} from "./report.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The portal's report routes under /api/companies/{companyId}/reports. */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/reports";

  r.get(`${base}`, {
    schema: { tags: ["reports"], summary: "Reports of one status tab, with counters; reportFollowupId polls for newer ones", params: companyIdParamSchema, querystring: reportListQuerySchema, response: { 200: reportListResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await listCompanyReports(ctx, actorOf(req), req.params.companyId, req.query)) }));

  r.post(`${base}`, {
    schema: { tags: ["reports"], summary: "Create a report on behalf of a caller", params: companyIdParamSchema, body: createCompanyReportSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await createCompanyReport(ctx, actorOf(req), req.params.companyId, req.body) }));

  r.get(`${base}/by-uuid/:uuid`, {
    schema: { tags: ["reports"], summary: "One report by its public uuid", params: reportUuidParamsSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await getCompanyReport(ctx, actorOf(req), req.params.companyId, { uuid: req.params.uuid }) }));

  r.get(`${base}/:id`, {
    schema: { tags: ["reports"], summary: "One report with this organisation's attention", params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await getCompanyReport(ctx, actorOf(req), req.params.companyId, { id: req.params.id }) }));

  r.put(`${base}/:id`, {
    schema: { tags: ["reports"], summary: "Change priority, observations, status (in_progress/in_observation), type or tags", params: reportParamsSchema, body: updateReportSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await updateReport(ctx, actorOf(req), req.params.companyId, req.params.id, req.body) }));

  r.post(`${base}/:id/take`, {
    schema: { tags: ["reports"], summary: "Take a pending report (atomic: a second take answers 409 alreadyTaken)", params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await takeReport(ctx, actorOf(req), req.params.companyId, req.params.id) }));

  r.post(`${base}/:id/close`, {
    schema: { tags: ["reports"], summary: "Close as solved, not applicable (false) or repeated", params: reportParamsSchema, body: closeReportSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await closeReport(ctx, actorOf(req), req.params.companyId, req.params.id, req.body) }));

  r.post(`${base}/:id/assign`, {
    schema: { tags: ["reports"], summary: "Assign to a colleague, a team or a patrol (null unassigns)", params: reportParamsSchema, body: assignReportSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await assignReport(ctx, actorOf(req), req.params.companyId, req.params.id, req.body) }));

  r.get(`${base}/:id/activity`, {
    schema: { tags: ["reports"], summary: "Activity log of the report in this organisation", params: reportParamsSchema, response: { 200: z.object({ success: z.literal(true), activity: z.array(activitySchema) }), ...errors } },
  }, async (req) => {
    const rows = await reportActivity(ctx, actorOf(req), req.params.companyId, req.params.id);
    return { success: true as const, activity: rows.map((a) => ({ ...a, created_at: new Date(a.created_at).toISOString() })) };
  });
}
