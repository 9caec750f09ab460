import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  companyIdParamSchema,
  errorBodySchema,
  finderMessageBodySchema,
  finderMessageResponseSchema,
  ownSafetagResponseSchema,
  ownSafetagsResponseSchema,
  publicSafetagResponseSchema,
  safetagBatchBodySchema,
  safetagBatchesResponseSchema,
  safetagBatchParamsSchema,
  safetagBatchResponseSchema,
  safetagCodeParamsSchema,
  safetagCodesQuerySchema,
  safetagCodesResponseSchema,
  safetagLinkBodySchema,
  safetagMessagesResponseSchema,
  safetagParamsSchema,
  safetagResponseSchema,
} from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { pickLanguage } from "../http/messages.js";
import { limits } from "../http/rate-limit.js";
import * as service from "./safetag.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const ok = { success: true as const };
/** A finder may write about one tag this many times an hour (besides the per-address limit). */
export const FINDER_MESSAGES_PER_TAG_HOUR = 10;

/** Safe tags (issue 17): batches and their codes under /api/companies/{companyId}/, the owner's link,
 * unlink and inbox under /api/app/safetags, and the finder's page's tag and message door. */
export async function safetagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId";

  r.get(`${base}/safetag-batches`, {
    schema: { params: companyIdParamSchema, response: { 200: safetagBatchesResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, batches: await service.companyBatches(ctx, scopeOf(req)) }));

  r.post(`${base}/safetag-batches`, {
    schema: { params: companyIdParamSchema, body: safetagBatchBodySchema, response: { 200: safetagBatchResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, batch: await service.createBatch(ctx, scopeOf(req), req.body) }));

  r.get(`${base}/safetag-batches/:id`, {
    schema: { params: safetagBatchParamsSchema, querystring: safetagCodesQuerySchema, response: { 200: safetagCodesResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, ...(await service.batchTags(ctx, scopeOf(req), req.params.id, req.query.state)) }));

  for (const format of ["xlsx", "pdf"] as const) {
    const type = format === "xlsx" ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "application/pdf";
    r.get(`${base}/safetag-batches/:id/export.${format}`, {
      schema: { params: safetagBatchParamsSchema, response: { 200: z.unknown().describe(type), ...errors } },
    }, async (req, reply) => {
      const { filename, body } = await service.exportBatch(ctx, scopeOf(req), req.params.id, format, pickLanguage(req.headers["accept-language"]));
      return reply.type(type).header("content-disposition", `${format === "pdf" ? "inline" : "attachment"}; filename="${filename}"`).header("cache-control", "private, no-store").send(body);
    });
  }

  r.post(`${base}/safetags/:id/unlink`, {
    schema: { params: safetagParamsSchema, response: { 200: safetagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, safetag: await service.unlinkTag(ctx, scopeOf(req), req.params.id) }));

  r.post(`${base}/safetags/:id/disable`, {
    schema: { params: safetagParamsSchema, response: { 200: safetagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, safetag: await service.disableTag(ctx, scopeOf(req), req.params.id) }));

  // The reporter app (signed-in community users).
  r.get("/api/app/safetags", {
    schema: { response: { 200: ownSafetagsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, safetags: await service.myTags(ctx, actorOf(req)) }));

  r.get("/api/app/safetags/messages", {
    schema: { response: { 200: safetagMessagesResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, messages: await service.myMessages(ctx, actorOf(req)) }));

  r.post("/api/app/safetags/:code/link", {
    schema: { params: safetagCodeParamsSchema, body: safetagLinkBodySchema, response: { 200: ownSafetagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, safetag: await service.linkOwnTag(ctx, actorOf(req), req.params.code, req.body?.name) }));

  r.post("/api/app/safetags/:code/unlink", {
    schema: { params: safetagCodeParamsSchema, response: { 200: ownSafetagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, safetag: await service.unlinkMine(ctx, actorOf(req), req.params.code) }));

  // The finder's page /t/{code}: no session.
  r.get("/api/app/safetags/:code", {
    schema: { params: safetagCodeParamsSchema, response: { 200: publicSafetagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, safetag: await service.publicTag(ctx, req.params.code) }));

  const lim = ctx.config.appReportLimits;
  r.post("/api/app/safetags/:code/messages", {
    preHandler: limits(app, [
      { name: "finder-messages-address", max: lim.perAddress, windowMs: lim.addressWindowMs, key: (req) => req.ip },
      { name: "finder-messages-tag", max: FINDER_MESSAGES_PER_TAG_HOUR, windowMs: 3600_000, key: (req) => String((req.params as { code?: string }).code ?? "").toUpperCase() },
    ]),
    schema: {
      params: safetagCodeParamsSchema,
      body: finderMessageBodySchema,
      response: { 200: finderMessageResponseSchema, ...errors, 429: errorBodySchema },
    },
  }, async (req) => {
    await service.sendFinderMessage(ctx, req.params.code, req.body);
    return { ...ok, delivered: true as const };
  });
}
