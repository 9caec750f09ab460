import {
  collaboratorMessagesRouteTable as routes,
  COLLABORATOR_MESSAGES_PAGE_SIZE,
  type CollaboratorBox,
  type CollaboratorMessageBody,
  type CollaboratorMessageResponse,
  type CollaboratorMessagesResponse,
} from "@atalaya/shared";
import { call } from "../../lib/call";

/** TanStack Query keys of a company's collaborator messages (lists, one message, the unread count). */
export const collaboratorKeys = {
  all: (companyId: number) => ["collaborator-messages", companyId] as const,
  list: (companyId: number, box: CollaboratorBox, page: number) => ["collaborator-messages", companyId, "list", box, page] as const,
  one: (companyId: number, id: number) => ["collaborator-messages", companyId, "one", id] as const,
  unread: (companyId: number) => ["collaborator-messages", companyId, "unread"] as const,
};

/** `GET …/collaborator-messages?box=&page=`: the caller's received or sent messages, 10 a page from page 1. */
export async function fetchCollaboratorMessages(companyId: number, box: CollaboratorBox, page: number, signal?: AbortSignal): Promise<CollaboratorMessagesResponse> {
  return call(routes.getCompaniesByCompanyIdCollaboratorMessages, { params: { companyId }, query: { box, page, pageSize: COLLABORATOR_MESSAGES_PAGE_SIZE }, signal });
}

/** `GET …/collaborator-messages/{id}`: the message, with its receipts for its sender and admins. */
export async function fetchCollaboratorMessage(companyId: number, id: number, signal?: AbortSignal): Promise<CollaboratorMessageResponse> {
  return call(routes.getCompaniesByCompanyIdCollaboratorMessagesById, { params: { companyId, id }, signal });
}

/** `POST …/collaborator-messages`: sends it; 400 with field codes for missing text or recipients. */
export async function sendCollaboratorMessage(companyId: number, body: CollaboratorMessageBody): Promise<CollaboratorMessageResponse> {
  return call(routes.postCompaniesByCompanyIdCollaboratorMessages, { params: { companyId }, body });
}

/** `POST …/collaborator-messages/{id}/read`: answers the unread count left. */
export async function markCollaboratorMessageRead(companyId: number, id: number): Promise<number> {
  return (await call(routes.postCompaniesByCompanyIdCollaboratorMessagesByIdRead, { params: { companyId, id } })).unread;
}

/** `GET …/collaborator-messages/unread-count`. */
export async function fetchCollaboratorUnread(companyId: number, signal?: AbortSignal): Promise<number> {
  return (await call(routes.getCompaniesByCompanyIdCollaboratorMessagesUnreadCount, { params: { companyId }, signal })).unread;
}
