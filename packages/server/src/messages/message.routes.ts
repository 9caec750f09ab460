import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  MESSAGE_ATTACHMENT_MAX_BYTES,
  appInboxParamsSchema,
  appInboxQuerySchema,
  appInboxResponseSchema,
  appInboxItemSchema,
  appLocationBodySchema,
  companyIdParamSchema,
  errorBodySchema,
  messageActionBodySchema,
  messageActionParamsSchema,
  messageBodySchema,
  messageListQuerySchema,
  messageListResponseSchema,
  messageParamsSchema,
  messageResponseSchema,
  messageZoneBodySchema,
  messageZoneParamsSchema,
  messageZoneResponseSchema,
  messageZonesResponseSchema,
  neighboursNoticeResponseSchema,
  pendingMessagesResponseSchema,
  providerMessageParamsSchema,
  successSchema,
} from "@atalaya/shared";
import { z } from "zod";
import { requireVisibleReport } from "../auth/access.js";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { readUploadForm, uploadLimitsOf } from "../files/index.js";
import { FILE_CSP } from "../http/csp.js";
import { notFound } from "../http/errors.js";
import { pickLanguage } from "../http/messages.js";
import { neighbourNotice, publishMessageCounts } from "./delivery.js";
import { inboxMessageId, listInbox, openInboxItem, saveLocation } from "./inbox.repository.js";
import { findAnyMessage } from "./message.repository.js";
import * as service from "./message.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const ok = { success: true as const };
// Every company route of the domain: the messages module, and a permission freemium companies lack.

function sendFile(reply: FastifyReply, file: Awaited<ReturnType<typeof service.openAttachment>>) {
  const original = file.originalName ? `; filename*=UTF-8''${encodeURIComponent(file.originalName)}` : "";
  return reply
    .header("content-type", file.mime)
    .header("content-length", file.size)
    .header("content-disposition", `attachment; filename="attachment"${original}`)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", FILE_CSP)
    .header("cache-control", "private, no-store")
    .send(file.stream);
}

/** Mass messages (issue 15): the company's messages and custom zones under /api/companies/{cid}/, the
 * provider's approval queue, and the reporter app's inbox. */
export async function messageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/messages";

  r.get(base, {
    schema: { params: companyIdParamSchema, querystring: messageListQuerySchema, response: { 200: messageListResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, ...(await service.companyMessages(ctx, scopeOf(req), req.query)), page: req.query.page, pageSize: req.query.pageSize }));

  r.post(base, {
    schema: { params: companyIdParamSchema, body: messageBodySchema, response: { 200: messageResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, message: await service.createMessage(ctx, scopeOf(req), req.body) }));

  r.get(`${base}/:id`, {
    schema: { params: messageParamsSchema, response: { 200: messageResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, message: await service.showMessage(ctx, scopeOf(req), req.params.id) }));

  r.put(`${base}/:id`, {
    schema: { params: messageParamsSchema, body: messageBodySchema, response: { 200: messageResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, message: await service.editMessage(ctx, scopeOf(req), req.params.id, req.body) }));

  r.delete(`${base}/:id`, {
    schema: { params: messageParamsSchema, response: { 200: messageResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, message: await service.messageAction(ctx, scopeOf(req), req.params.id, "delete") }));

  r.post(`${base}/:id/:action`, {
    schema: {
      params: messageActionParamsSchema,
      body: messageActionBodySchema,
      response: { 200: messageResponseSchema, ...errors },
    },
  }, async (req) => ({ ...ok, message: await service.messageAction(ctx, scopeOf(req), req.params.id, req.params.action, req.body?.reason) }));

  r.get(`${base}/:id/attachment`, {
    schema: { params: messageParamsSchema },
  }, async (req, reply) => sendFile(reply, await service.companyAttachment(ctx, scopeOf(req), req.params.id)));

  r.delete(`${base}/:id/attachment`, {
    schema: { params: messageParamsSchema, response: { 200: messageResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, message: await service.detachFile(ctx, scopeOf(req), req.params.id) }));

  // The attachment arrives as multipart (field `file`), parsed only in this scope.
  const limits = { ...uploadLimitsOf(ctx.config), maxBytes: Math.min(MESSAGE_ATTACHMENT_MAX_BYTES, ctx.config.maxUploadBytes) };
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: limits.maxBytes, files: 1 } });
    scope.withTypeProvider<ZodTypeProvider>().post(`${base}/:id/attachment`, {
      schema: { params: messageParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    }, async (req) => {
      // Another company's message, or one that cannot change, is refused before its upload is read.
      await service.requireEditable(ctx, scopeOf(req), req.params.id);
      const form = await readUploadForm(req, limits);
      return { ...ok, message: await service.attachFile(ctx, scopeOf(req), req.params.id, form.file) };
    });
  });

  // Custom zones.
  const zones = "/api/companies/:companyId/message-zones";
  r.get(zones, {
    schema: { params: companyIdParamSchema, response: { 200: messageZonesResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, ...(await service.messageZones(ctx, scopeOf(req))) }));
  r.post(zones, {
    schema: { params: companyIdParamSchema, body: messageZoneBodySchema, response: { 200: messageZoneResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, zone: await service.createMessageZone(ctx, scopeOf(req), req.body) }));
  r.put(`${zones}/:id`, {
    schema: { params: messageZoneParamsSchema, body: messageZoneBodySchema, response: { 200: messageZoneResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, zone: await service.editMessageZone(ctx, scopeOf(req), req.params.id, req.body) }));
  r.delete(`${zones}/:id`, {
    schema: { params: messageZoneParamsSchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await service.removeMessageZone(ctx, scopeOf(req), req.params.id);
    return ok;
  });

  r.get("/api/companies/:companyId/reports/:id/neighbours", {
    // Whoever may notify the neighbours follows the delivery (a patrol does neither).
    schema: { params: messageParamsSchema, response: { 200: neighboursNoticeResponseSchema, ...errors } },
  }, async (req) => {
    const scope = scopeOf(req);
    await requireVisibleReport(ctx.db, scope, req.params.id);
    const notice = await neighbourNotice(ctx.db, scope, req.params.id);
    if (!notice) throw notFound();
    return { ...ok, notice };
  });

  // The provider's approval queue (root users: groups 1 and 100).
  r.get("/api/provider/messages/pending", {
    schema: { response: { 200: pendingMessagesResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, messages: await service.pendingMessages(ctx, actorOf(req)) }));
  r.post("/api/provider/messages/:id/:decision", {
    schema: { params: providerMessageParamsSchema, body: messageActionBodySchema, response: { 200: messageResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, message: await service.decideMessage(ctx, actorOf(req), req.params.id, req.params.decision, req.body?.reason) }));

  // The reporter app.
  r.get("/api/app/messages", {
    schema: { querystring: appInboxQuerySchema, response: { 200: appInboxResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, ...(await listInbox(ctx.db, actorOf(req).user.id, req.query.page, pickLanguage(req.headers["accept-language"]))) }));
  r.post("/api/app/messages/:id/open", {
    schema: { params: appInboxParamsSchema, response: { 200: z.object({ success: z.literal(true), item: appInboxItemSchema }), ...errors } },
  }, async (req) => {
    const opened = await ctx.db.transaction((tx) => openInboxItem(tx, actorOf(req).user.id, req.params.id, pickLanguage(req.headers["accept-language"])));
    if (!opened) throw notFound();
    if (opened.first && opened.messageId) await publishMessageCounts(ctx, opened.messageId);
    return { ...ok, item: opened.item };
  });
  r.get("/api/app/messages/:id/attachment", {
    schema: { params: appInboxParamsSchema },
  }, async (req, reply) => {
    const messageId = await inboxMessageId(ctx.db, actorOf(req).user.id, req.params.id);
    if (!messageId) throw notFound();
    return sendFile(reply, await service.openAttachment(ctx, await findAnyMessage(ctx.db, messageId)));
  });
  r.put("/api/app/location", {
    schema: { body: appLocationBodySchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await saveLocation(ctx.db, actorOf(req).user.id, req.body.kind, req.body.latitude, req.body.longitude);
    return ok;
  });
}
