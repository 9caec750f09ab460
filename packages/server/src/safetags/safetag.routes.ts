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
  const read = { permission: "company.read", module: "safetags" } as const;
  const manage = { permission: "safetags.manage", module: "safetags" } as const;

  r.get(`${base}/safetag-batches`, {
    config: read,
    schema: { tags: ["safetags"], summary: "The company's batches of safe tags, newest first, with linked and disabled counts", params: companyIdParamSchema, response: { 200: safetagBatchesResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, batches: await service.companyBatches(ctx, scopeOf(req)) }));

  r.post(`${base}/safetag-batches`, {
    config: manage,
    schema: { tags: ["safetags"], summary: "Create a batch: a name and N (1–1000) unique codes of 80 random bits", params: companyIdParamSchema, body: safetagBatchBodySchema, response: { 200: safetagBatchResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, batch: await service.createBatch(ctx, scopeOf(req), req.body) }));

  r.get(`${base}/safetag-batches/:id`, {
    config: read,
    schema: { tags: ["safetags"], summary: "A batch's codes: creation date, code, name, state, linked user and date, contact", params: safetagBatchParamsSchema, querystring: safetagCodesQuerySchema, response: { 200: safetagCodesResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, ...(await service.batchTags(ctx, scopeOf(req), req.params.id, req.query.state)) }));

  for (const format of ["xlsx", "pdf"] as const) {
    const type = format === "xlsx" ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "application/pdf";
    r.get(`${base}/safetag-batches/:id/export.${format}`, {
      config: { ...manage, fileAnswer: type },
      schema: { tags: ["safetags"], summary: format === "xlsx" ? "The batch's codes as XLSX" : "The batch's printable A4 PDF of QR labels (disabled codes left out)", params: safetagBatchParamsSchema, response: { 200: z.unknown().describe(type), ...errors } },
    }, async (req, reply) => {
      const { filename, body } = await service.exportBatch(ctx, scopeOf(req), req.params.id, format, pickLanguage(req.headers["accept-language"]));
      return reply.type(type).header("content-disposition", `${format === "pdf" ? "inline" : "attachment"}; filename="${filename}"`).header("cache-control", "private, no-store").send(body);
    });
  }

  r.post(`${base}/safetags/:id/unlink`, {
    config: manage,
    schema: { tags: ["safetags"], summary: "Unlink a tag from its owner; 409 safetagNotLinked or safetagDisabled", params: safetagParamsSchema, response: { 200: safetagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, safetag: await service.unlinkTag(ctx, scopeOf(req), req.params.id) }));

  r.post(`${base}/safetags/:id/disable`, {
    config: manage,
    schema: { tags: ["safetags"], summary: "Disable a tag for good: it can never be linked again (409 safetagDisabled)", params: safetagParamsSchema, response: { 200: safetagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, safetag: await service.disableTag(ctx, scopeOf(req), req.params.id) }));

  // The reporter app (signed-in community users).
  r.get("/api/app/safetags", {
    schema: { tags: ["app"], summary: "The signed-in user's linked safe tags", response: { 200: ownSafetagsResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, safetags: await service.myTags(ctx, actorOf(req)) }));

  r.get("/api/app/safetags/messages", {
    schema: { tags: ["app"], summary: "Finders' messages to the signed-in user about their tags, newest first (the finder's contact is never known)", response: { 200: safetagMessagesResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, messages: await service.myMessages(ctx, actorOf(req)) }));

  r.post("/api/app/safetags/:code/link", {
    schema: { tags: ["app"], summary: "Link a safe tag to the signed-in user (optionally naming the tagged thing); 409 safetagDisabled (final) or safetagLinked", params: safetagCodeParamsSchema, body: safetagLinkBodySchema, response: { 200: ownSafetagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, safetag: await service.linkOwnTag(ctx, actorOf(req), req.params.code, req.body?.name) }));

  r.post("/api/app/safetags/:code/unlink", {
    schema: { tags: ["app"], summary: "The owner unlinks their safe tag (404 when it is not theirs)", params: safetagCodeParamsSchema, response: { 200: ownSafetagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, safetag: await service.unlinkMine(ctx, actorOf(req), req.params.code) }));

  // The finder's page /t/{code}: no session.
  r.get("/api/app/safetags/:code", {
    config: { public: true },
    schema: { tags: ["app"], summary: "A safe tag as a finder sees it: state and name, never its owner", params: safetagCodeParamsSchema, response: { 200: publicSafetagResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, safetag: await service.publicTag(ctx, req.params.code) }));

  const lim = ctx.config.appReportLimits;
  r.post("/api/app/safetags/:code/messages", {
    config: { public: true },
    preHandler: limits(app, [
      { name: "finder-messages-address", max: lim.perAddress, windowMs: lim.addressWindowMs, key: (req) => req.ip },
      { name: "finder-messages-tag", max: FINDER_MESSAGES_PER_TAG_HOUR, windowMs: 3600_000, key: (req) => String((req.params as { code?: string }).code ?? "").toUpperCase() },
    ]),
    schema: {
      tags: ["app"],
      summary: "A finder writes to the tag's owner (message, optional latitude and longitude), relayed to the owner's inbox; 409 when the tag is not linked or disabled",
      params: safetagCodeParamsSchema,
      body: finderMessageBodySchema,
      response: { 200: finderMessageResponseSchema, ...errors, 429: errorBodySchema },
    },
  }, async (req) => {
    await service.sendFinderMessage(ctx, req.params.code, req.body);
    return { ...ok, delivered: true as const };
  });
}
