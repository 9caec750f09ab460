import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  changeAddressSchema,
  errorBodySchema,
  notifyNeighboursResponseSchema,
  reportParamsSchema,
  reportResponseSchema,
  shareParamsSchema,
  shareResponseSchema,
} from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { pickLanguage } from "../http/messages.js";
import {
  cancelNeighboursNotification,
  changeReportAddress,
  makeReportPrivate,
  notifyNeighbours,
  shareLink,
} from "./report-actions.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const geocodingErrors = { ...errors, 422: errorBodySchema, 502: errorBodySchema, 503: errorBodySchema };

/** Report tools of the detail screen: privacy, neighbours, address, share link. */
export async function reportActionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/reports/:id";

  r.post(`${base}/private`, {
    schema: { params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await makeReportPrivate(ctx, scopeOf(req), req.params.id) }));

  r.post(`${base}/notify-neighbours`, {
    schema: { params: reportParamsSchema, response: { 200: notifyNeighboursResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await notifyNeighbours(ctx, scopeOf(req), req.params.id)) }));

  r.delete(`${base}/notify-neighbours`, {
    schema: { params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await cancelNeighboursNotification(ctx, scopeOf(req), req.params.id) }));

  r.post(`${base}/address`, {
    schema: {
      params: reportParamsSchema,
      body: changeAddressSchema,
      response: { 200: reportResponseSchema, ...geocodingErrors },
    },
  }, async (req) => ({
    success: true as const,
    report: await changeReportAddress(ctx, scopeOf(req), req.params.id, req.body.address, pickLanguage(req.headers["accept-language"])),
  }));

  r.get("/api/reports/share/:id", {
    schema: { params: shareParamsSchema, response: { 200: shareResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, share_url: await shareLink(ctx, actorOf(req), req.params.id) }));
}
