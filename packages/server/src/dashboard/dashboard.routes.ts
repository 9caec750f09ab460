import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  companyIdParamSchema,
  dashboardAppsResponseSchema,
  dashboardFilterSchema,
  dashboardOperatorsResponseSchema,
  dashboardReportsResponseSchema,
  dashboardSummaryResponseSchema,
  dashboardUsersResponseSchema,
  errorBodySchema,
  shiftBodySchema,
  shiftListResponseSchema,
  shiftParamsSchema,
  shiftResponseSchema,
  successSchema,
} from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { dashboardApps, dashboardOperators, dashboardReports, dashboardSummary, dashboardUsers } from "./dashboard.service.js";
import { companyShifts, createShift, editShift, removeShift } from "./shift.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const FILTER =
  "SPEC §3 dashboard filter: period (1, 6, 7, 14, 30 or 90 days ending now; 6 by default) or start_date/end_date MM-DD-YYYY with start_time/end_time HH:mm:ss in the company's timezone; types, status, zones_id comma separated";

/** The dashboard tabs (issue 10) over the SPEC §3 dashboard filter, and the company's shifts. */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/dashboard";
  const tags = ["dashboard"];
  const read = { config: { permission: "dashboard.read" as const, module: "dashboard" as const } };

  r.get(`${base}/summary`, {
    ...read,
    schema: {
      tags,
      summary: `Counters by status, reports per day, type, weekday and hour, attention times against due times; with statistics_v2 the previous period and the change in %. ${FILTER}`,
      params: companyIdParamSchema,
      querystring: dashboardFilterSchema,
      response: { 200: dashboardSummaryResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await dashboardSummary(ctx, scopeOf(req), req.query)) }));

  r.get(`${base}/reports`, {
    ...read,
    schema: {
      tags,
      summary: `Reports by status, type and zone, and each day by status. ${FILTER}`,
      params: companyIdParamSchema,
      querystring: dashboardFilterSchema,
      response: { 200: dashboardReportsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await dashboardReports(ctx, scopeOf(req), req.query)) }));

  r.get(`${base}/operators`, {
    ...read,
    schema: {
      tags,
      summary: `The top 3 closers, and each operator's takes and closings with their times, over the window and per shift. ${FILTER}`,
      params: companyIdParamSchema,
      querystring: dashboardFilterSchema,
      response: { 200: dashboardOperatorsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await dashboardOperators(ctx, scopeOf(req), req.query)) }));

  r.get(`${base}/users`, {
    ...read,
    schema: {
      tags,
      summary: `The 10 community users who report most, the most reported users, new community users per day. ${FILTER}`,
      params: companyIdParamSchema,
      querystring: dashboardFilterSchema,
      response: { 200: dashboardUsersResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await dashboardUsers(ctx, scopeOf(req), req.query)) }));

  r.get(`${base}/apps`, {
    ...read,
    schema: {
      tags,
      summary: `Reports per source app and version, active reporters per day; only companies 110 and 268 (SPEC §6 report apps metrics), 403 for any other. ${FILTER}`,
      params: companyIdParamSchema,
      querystring: dashboardFilterSchema,
      response: { 200: dashboardAppsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await dashboardApps(ctx, scopeOf(req), req.query)) }));

  const shifts = "/api/companies/:companyId/shifts";
  const shiftErrors = { ...errors, 409: errorBodySchema };

  // The shifts list is read by the dashboard too (operators by shift): it follows the dashboard module.
  r.get(shifts, {
    ...read,
    schema: { tags, summary: "The company's shifts by start time", params: companyIdParamSchema, response: { 200: shiftListResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, shifts: await companyShifts(ctx, scopeOf(req)) }));

  r.post(shifts, {
    config: { permission: "shifts.manage", module: "shifts" },
    schema: {
      tags,
      summary: "Define a shift: name and HH:mm:ss start and end (an end before the start crosses midnight); 409 conflict with field name when another shift has it",
      params: companyIdParamSchema,
      body: shiftBodySchema,
      response: { 200: shiftResponseSchema, ...shiftErrors },
    },
  }, async (req) => ({ success: true as const, shift: await createShift(ctx, scopeOf(req), req.body) }));

  r.put(`${shifts}/:id`, {
    config: { permission: "shifts.manage", module: "shifts" },
    schema: { tags, summary: "Replace a shift's name and times", params: shiftParamsSchema, body: shiftBodySchema, response: { 200: shiftResponseSchema, ...shiftErrors } },
  }, async (req) => ({ success: true as const, shift: await editShift(ctx, scopeOf(req), req.params.id, req.body) }));

  r.delete(`${shifts}/:id`, {
    config: { permission: "shifts.manage", module: "shifts" },
    schema: { tags, summary: "Delete a shift", params: shiftParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await removeShift(ctx, scopeOf(req), req.params.id);
    return { success: true as const };
  });
}
