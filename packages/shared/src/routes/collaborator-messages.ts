import { companyIdParamSchema } from "../auth.js";
import { collaboratorMessageBodySchema, collaboratorMessageParamsSchema, collaboratorMessageResponseSchema, collaboratorMessagesQuerySchema, collaboratorMessagesResponseSchema, collaboratorUnreadResponseSchema } from "../collaborator-messages.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's collaborator-messages/ folder (collaborator-messages/collaborator-message.routes.ts). */
export const collaboratorMessagesRouteTable = defineRoutes({
  getCompaniesByCompanyIdCollaboratorMessages: {
    method: "GET",
    path: "/api/companies/:companyId/collaborator-messages",
    tags: ["collaborator-messages"],
    summary: "The caller's received (box=received, default) or sent (box=sent) messages, newest first; page (first 1), pageSize (default 10); with the unread count",
    access: { kind: "company", permission: "collaboratorMessages.read" },
    params: companyIdParamSchema,
    query: collaboratorMessagesQuerySchema,
    answer: collaboratorMessagesResponseSchema,
    errors: [400, 403, 404],
  },
  postCompaniesByCompanyIdCollaboratorMessages: {
    method: "POST",
    path: "/api/companies/:companyId/collaborator-messages",
    tags: ["collaborator-messages"],
    summary: "Write to members: title, body, and userIds, teamIds or everyone (400 collaboratorNoRecipients, collaboratorRecipientInvalid, collaboratorTeamInvalid); delivered live to whoever is online",
    access: { kind: "company", permission: "collaboratorMessages.send" },
    params: companyIdParamSchema,
    body: collaboratorMessageBodySchema,
    answer: collaboratorMessageResponseSchema,
    errors: [400, 403, 404],
  },
  getCompaniesByCompanyIdCollaboratorMessagesUnreadCount: {
    method: "GET",
    path: "/api/companies/:companyId/collaborator-messages/unread-count",
    tags: ["collaborator-messages"],
    summary: "How many received messages the caller has not read",
    access: { kind: "company", permission: "collaboratorMessages.read" },
    params: companyIdParamSchema,
    answer: collaboratorUnreadResponseSchema,
    errors: [400, 403, 404],
  },
  getCompaniesByCompanyIdCollaboratorMessagesById: {
    method: "GET",
    path: "/api/companies/:companyId/collaborator-messages/:id",
    tags: ["collaborator-messages"],
    summary: "One message (its sender, a recipient or a company admin; else 404) with each recipient's read receipt for its sender and company admins",
    access: { kind: "company", permission: "collaboratorMessages.read" },
    params: collaboratorMessageParamsSchema,
    answer: collaboratorMessageResponseSchema,
    errors: [400, 403, 404],
  },
  postCompaniesByCompanyIdCollaboratorMessagesByIdRead: {
    method: "POST",
    path: "/api/companies/:companyId/collaborator-messages/:id/read",
    tags: ["collaborator-messages"],
    summary: "The caller read a message that reached them (else 404): the receipt is kept, the sender told live",
    access: { kind: "company", permission: "collaboratorMessages.read" },
    params: collaboratorMessageParamsSchema,
    answer: collaboratorUnreadResponseSchema,
    errors: [400, 403, 404],
  },
});
