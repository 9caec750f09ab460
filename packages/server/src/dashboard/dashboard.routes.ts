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

/** The dashboard tabs (issue 10) over the SPEC §3 dashboard filter, and the company's shifts. */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/dashboard";

  r.get(`${base}/summary`, {
    schema: {
      params: companyIdParamSchema,
      querystring: dashboardFilterSchema,
      response: { 200: dashboardSummaryResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await dashboardSummary(ctx, scopeOf(req), req.query)) }));

  r.get(`${base}/reports`, {
    schema: {
      params: companyIdParamSchema,
      querystring: dashboardFilterSchema,
      response: { 200: dashboardReportsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await dashboardReports(ctx, scopeOf(req), req.query)) }));

  r.get(`${base}/operators`, {
    schema: {
      params: companyIdParamSchema,
      querystring: dashboardFilterSchema,
      response: { 200: dashboardOperatorsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await dashboardOperators(ctx, scopeOf(req), req.query)) }));

  r.get(`${base}/users`, {
    schema: {
      params: companyIdParamSchema,
      querystring: dashboardFilterSchema,
      response: { 200: dashboardUsersResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await dashboardUsers(ctx, scopeOf(req), req.query)) }));

  r.get(`${base}/apps`, {
    schema: {
      params: companyIdParamSchema,
      querystring: dashboardFilterSchema,
      response: { 200: dashboardAppsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await dashboardApps(ctx, scopeOf(req), req.query)) }));

  const shifts = "/api/companies/:companyId/shifts";
  const shiftErrors = { ...errors, 409: errorBodySchema };

  // The shifts list is read by the dashboard too (operators by shift): it follows the dashboard module.
  r.get(shifts, {
    schema: { params: companyIdParamSchema, response: { 200: shiftListResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, shifts: await companyShifts(ctx, scopeOf(req)) }));

  r.post(shifts, {
    schema: {
      params: companyIdParamSchema,
      body: shiftBodySchema,
      response: { 200: shiftResponseSchema, ...shiftErrors },
    },
  }, async (req) => ({ success: true as const, shift: await createShift(ctx, scopeOf(req), req.body) }));

  r.put(`${shifts}/:id`, {
    schema: { params: shiftParamsSchema, body: shiftBodySchema, response: { 200: shiftResponseSchema, ...shiftErrors } },
  }, async (req) => ({ success: true as const, shift: await editShift(ctx, scopeOf(req), req.params.id, req.body) }));

  r.delete(`${shifts}/:id`, {
    schema: { params: shiftParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await removeShift(ctx, scopeOf(req), req.params.id);
    return { success: true as const };
  });
}
