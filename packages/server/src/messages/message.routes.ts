import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MESSAGE_ATTACHMENT_MAX_BYTES, routes } from "@atalaya/shared";
import { requireVisibleReport } from "../auth/access.js";
import { actorOf } from "../auth/authenticate.js";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { readUploadForm, sendStoredFile, uploadLimitsOf } from "../files/index.js";
import { notFound } from "../http/errors.js";
import { pickLanguage } from "../http/messages.js";
import { at } from "../http/route.js";
import { neighbourNotice, publishMessageCounts } from "./delivery.js";
import { inboxMessageId, listInbox, openInboxItem, saveLocation } from "./inbox.repository.js";
import { findAnyMessage } from "./message.repository.js";
import * as service from "./message.service.js";

const ok = { success: true as const };
// A message's attachment is saved as "attachment" (with its sender's name where the browser takes it), never kept.
const attachment = { name: "attachment", cacheControl: "private, no-store" };

/** Mass messages (issue 15): the company's messages and custom zones under /api/companies/{cid}/, the
 * provider's approval queue, and the reporter app's inbox. */
export async function messageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdMessages),
    handler: async (req) => ({ ...ok, ...(await service.companyMessages(ctx, scopeOf(req), req.query)), page: req.query.page, pageSize: req.query.pageSize }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdMessages),
    handler: async (req) => ({ ...ok, message: await service.createMessage(ctx, scopeOf(req), req.body) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdMessagesById),
    handler: async (req) => ({ ...ok, message: await service.showMessage(ctx, scopeOf(req), req.params.id) }),
  });

  r.route({
    ...at(routes.putCompaniesByCompanyIdMessagesById),
    handler: async (req) => ({ ...ok, message: await service.editMessage(ctx, scopeOf(req), req.params.id, req.body) }),
  });

  r.route({
    ...at(routes.deleteCompaniesByCompanyIdMessagesById),
    handler: async (req) => ({ ...ok, message: await service.messageAction(ctx, scopeOf(req), req.params.id, "delete") }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdMessagesByIdByAction),
    handler: async (req) => ({ ...ok, message: await service.messageAction(ctx, scopeOf(req), req.params.id, req.params.action, req.body?.reason) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdMessagesByIdAttachment),
    handler: async (req, reply) => sendStoredFile(reply, await service.companyAttachment(ctx, scopeOf(req), req.params.id), attachment),
  });

  r.route({
    ...at(routes.deleteCompaniesByCompanyIdMessagesByIdAttachment),
    handler: async (req) => ({ ...ok, message: await service.detachFile(ctx, scopeOf(req), req.params.id) }),
  });

  // The attachment arrives as multipart (field `file`), parsed only in this scope.
  const limits = { ...uploadLimitsOf(ctx.config), maxBytes: Math.min(MESSAGE_ATTACHMENT_MAX_BYTES, ctx.config.maxUploadBytes) };
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: limits.maxBytes, files: 1 } });
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...at(routes.postCompaniesByCompanyIdMessagesByIdAttachment),
      handler: async (req) => {
        // Another company's message, or one that cannot change, is refused before its upload is read.
        await service.requireEditable(ctx, scopeOf(req), req.params.id);
        const form = await readUploadForm(req, limits);
        return { ...ok, message: await service.attachFile(ctx, scopeOf(req), req.params.id, form.file) };
      },
    });
  });

  // Custom zones.
  r.route({
    ...at(routes.getCompaniesByCompanyIdMessageZones),
    handler: async (req) => ({ ...ok, ...(await service.messageZones(ctx, scopeOf(req))) }),
  });
  r.route({
    ...at(routes.postCompaniesByCompanyIdMessageZones),
    handler: async (req) => ({ ...ok, zone: await service.createMessageZone(ctx, scopeOf(req), req.body) }),
  });
  r.route({
    ...at(routes.putCompaniesByCompanyIdMessageZonesById),
    handler: async (req) => ({ ...ok, zone: await service.editMessageZone(ctx, scopeOf(req), req.params.id, req.body) }),
  });
  r.route({
    ...at(routes.deleteCompaniesByCompanyIdMessageZonesById),
    handler: async (req) => {
      await service.removeMessageZone(ctx, scopeOf(req), req.params.id);
      return ok;
    },
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsByIdNeighbours),
    // Whoever may notify the neighbours follows the delivery (a patrol does neither).
    handler: async (req) => {
      const scope = scopeOf(req);
      await requireVisibleReport(ctx.db, scope, req.params.id);
      const notice = await neighbourNotice(ctx.db, scope, req.params.id);
      if (!notice) throw notFound();
      return { ...ok, notice };
    },
  });

  // The provider's approval queue (root users: groups 1 and 100).
  r.route({
    ...at(routes.getProviderMessagesPending),
    handler: async (req) => ({ ...ok, messages: await service.pendingMessages(ctx, actorOf(req)) }),
  });
  r.route({
    ...at(routes.postProviderMessagesByIdByDecision),
    handler: async (req) => ({ ...ok, message: await service.decideMessage(ctx, actorOf(req), req.params.id, req.params.decision, req.body?.reason) }),
  });

  // The reporter app.
  r.route({
    ...at(routes.getAppMessages),
    handler: async (req) => ({ ...ok, ...(await listInbox(ctx.db, actorOf(req).user.id, req.query.page, pickLanguage(req.headers["accept-language"]))) }),
  });
  r.route({
    ...at(routes.postAppMessagesByIdOpen),
    handler: async (req) => {
      const opened = await ctx.db.transaction((tx) => openInboxItem(tx, actorOf(req).user.id, req.params.id, pickLanguage(req.headers["accept-language"])));
      if (!opened) throw notFound();
      if (opened.first && opened.messageId) await publishMessageCounts(ctx, opened.messageId);
      return { ...ok, item: opened.item };
    },
  });
  r.route({
    ...at(routes.getAppMessagesByIdAttachment),
    handler: async (req, reply) => {
      const messageId = await inboxMessageId(ctx.db, actorOf(req).user.id, req.params.id);
      if (!messageId) throw notFound();
      return sendStoredFile(reply, await service.openAttachment(ctx, await findAnyMessage(ctx.db, messageId)), attachment);
    },
  });
  r.route({
    ...at(routes.putAppLocation),
    handler: async (req) => {
      await saveLocation(ctx.db, actorOf(req).user.id, req.body.kind, req.body.latitude, req.body.longitude);
      return ok;
    },
  });
}
