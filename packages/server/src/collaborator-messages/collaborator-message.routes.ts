import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import * as service from "./collaborator-message.service.js";

const ok = { success: true as const };

/** Messages to collaborators under /api/companies/{companyId}/collaborator-messages: every member reads
 * what reached them; company admins and operators write to people, teams or everyone. */
export async function collaboratorMessageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getCompaniesByCompanyIdCollaboratorMessages),
    handler: async (req) => ({ ...ok, ...(await service.myMessages(ctx, scopeOf(req), req.query)), page: req.query.page, pageSize: req.query.pageSize }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdCollaboratorMessages),
    handler: async (req) => ({ ...ok, message: await service.sendMessage(ctx, scopeOf(req), req.body), receipts: null }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdCollaboratorMessagesUnreadCount),
    handler: async (req) => ({ ...ok, unread: await service.unreadCount(ctx, scopeOf(req)) }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdCollaboratorMessagesById),
    handler: async (req) => ({ ...ok, ...(await service.showMessage(ctx, scopeOf(req), req.params.id)) }),
  });

  r.route({
    ...at(routes.postCompaniesByCompanyIdCollaboratorMessagesByIdRead),
    handler: async (req) => ({ ...ok, unread: await service.readMessage(ctx, scopeOf(req), req.params.id) }),
  });
}
