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
    config: { permission: "report.makePrivate" },
    schema: { tags: ["reports"], summary: "Make the report private for this organisation (cannot be undone)", params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await makeReportPrivate(ctx, scopeOf(req), req.params.id) }));

  r.post(`${base}/notify-neighbours`, {
    config: { permission: "report.work" },
    schema: { tags: ["reports"], summary: "Notify the app users within 500 m; answers how many", params: reportParamsSchema, response: { 200: notifyNeighboursResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await notifyNeighbours(ctx, scopeOf(req), req.params.id)) }));

  r.delete(`${base}/notify-neighbours`, {
    config: { permission: "report.work" },
    schema: { tags: ["reports"], summary: "Cancel the neighbours' notification", params: reportParamsSchema, response: { 200: reportResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, report: await cancelNeighboursNotification(ctx, scopeOf(req), req.params.id) }));

  r.post(`${base}/address`, {
    config: { permission: "report.work" },
    schema: {
      tags: ["reports"],
      summary: "Change the address (geocoded; must fall in one of the organisation's zones; not for reports the organisation created)",
      params: reportParamsSchema,
      body: changeAddressSchema,
      response: { 200: reportResponseSchema, ...geocodingErrors },
    },
  }, async (req) => ({
    success: true as const,
    report: await changeReportAddress(ctx, scopeOf(req), req.params.id, req.body.address, pickLanguage(req.headers["accept-language"])),
  }));

  r.get("/api/reports/share/:id", {
    schema: { tags: ["reports"], summary: "Public link of a report attended by one of the caller's organisations (counts the share)", params: shareParamsSchema, response: { 200: shareResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, share_url: await shareLink(ctx, actorOf(req), req.params.id) }));
}
