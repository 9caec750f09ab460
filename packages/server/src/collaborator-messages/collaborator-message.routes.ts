import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  collaboratorMessageBodySchema,
  collaboratorMessageParamsSchema,
  collaboratorMessageResponseSchema,
  collaboratorMessagesQuerySchema,
  collaboratorMessagesResponseSchema,
  collaboratorUnreadResponseSchema,
  companyIdParamSchema,
  errorBodySchema,
} from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import * as service from "./collaborator-message.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ["collaborator-messages"];
const ok = { success: true as const };

/** Messages to collaborators under /api/companies/{companyId}/collaborator-messages: every member reads
 * what reached them; company admins and operators write to people, teams or everyone. */
export async function collaboratorMessageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/collaborator-messages";

  r.get(base, {
    config: { permission: "collaboratorMessages.read" },
    schema: {
      tags,
      summary: "The caller's received (box=received, default) or sent (box=sent) messages, newest first; page (first 1), pageSize (default 10); with the unread count",
      params: companyIdParamSchema,
      querystring: collaboratorMessagesQuerySchema,
      response: { 200: collaboratorMessagesResponseSchema, ...errors },
    },
  }, async (req) => ({ ...ok, ...(await service.myMessages(ctx, scopeOf(req), req.query)), page: req.query.page, pageSize: req.query.pageSize }));

  r.post(base, {
    config: { permission: "collaboratorMessages.send" },
    schema: {
      tags,
      summary: "Write to members: title, body, and userIds, teamIds or everyone (400 collaboratorNoRecipients, collaboratorRecipientInvalid, collaboratorTeamInvalid); delivered live to whoever is online",
      params: companyIdParamSchema,
      body: collaboratorMessageBodySchema,
      response: { 200: collaboratorMessageResponseSchema, ...errors },
    },
  }, async (req) => ({ ...ok, message: await service.sendMessage(ctx, scopeOf(req), req.body), receipts: null }));

  r.get(`${base}/unread-count`, {
    config: { permission: "collaboratorMessages.read" },
    schema: { tags, summary: "How many received messages the caller has not read", params: companyIdParamSchema, response: { 200: collaboratorUnreadResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, unread: await service.unreadCount(ctx, scopeOf(req)) }));

  r.get(`${base}/:id`, {
    config: { permission: "collaboratorMessages.read" },
    schema: {
      tags,
      summary: "One message (its sender, a recipient or a company admin; else 404) with each recipient's read receipt for its sender and company admins",
      params: collaboratorMessageParamsSchema,
      response: { 200: collaboratorMessageResponseSchema, ...errors },
    },
  }, async (req) => ({ ...ok, ...(await service.showMessage(ctx, scopeOf(req), req.params.id)) }));

  r.post(`${base}/:id/read`, {
    config: { permission: "collaboratorMessages.read" },
    schema: { tags, summary: "The caller read a message that reached them (else 404): the receipt is kept, the sender told live", params: collaboratorMessageParamsSchema, response: { 200: collaboratorUnreadResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, unread: await service.readMessage(ctx, scopeOf(req), req.params.id) }));
}
