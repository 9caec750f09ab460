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
const ok = { success: true as const };

/** Messages to collaborators under /api/companies/{companyId}/collaborator-messages: every member reads
 * what reached them; company admins and operators write to people, teams or everyone. */
export async function collaboratorMessageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/companies/:companyId/collaborator-messages";

  r.get(base, {
    schema: {
      params: companyIdParamSchema,
      querystring: collaboratorMessagesQuerySchema,
      response: { 200: collaboratorMessagesResponseSchema, ...errors },
    },
  }, async (req) => ({ ...ok, ...(await service.myMessages(ctx, scopeOf(req), req.query)), page: req.query.page, pageSize: req.query.pageSize }));

  r.post(base, {
    schema: {
      params: companyIdParamSchema,
      body: collaboratorMessageBodySchema,
      response: { 200: collaboratorMessageResponseSchema, ...errors },
    },
  }, async (req) => ({ ...ok, message: await service.sendMessage(ctx, scopeOf(req), req.body), receipts: null }));

  r.get(`${base}/unread-count`, {
    schema: { params: companyIdParamSchema, response: { 200: collaboratorUnreadResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, unread: await service.unreadCount(ctx, scopeOf(req)) }));

  r.get(`${base}/:id`, {
    schema: {
      params: collaboratorMessageParamsSchema,
      response: { 200: collaboratorMessageResponseSchema, ...errors },
    },
  }, async (req) => ({ ...ok, ...(await service.showMessage(ctx, scopeOf(req), req.params.id)) }));

  r.post(`${base}/:id/read`, {
    schema: { params: collaboratorMessageParamsSchema, response: { 200: collaboratorUnreadResponseSchema, ...errors } },
  }, async (req) => ({ ...ok, unread: await service.readMessage(ctx, scopeOf(req), req.params.id) }));
}
