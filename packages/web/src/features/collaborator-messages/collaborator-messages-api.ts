import {
  COLLABORATOR_MESSAGES_PAGE_SIZE,
  collaboratorMessageResponseSchema,
  collaboratorMessagesResponseSchema,
  collaboratorUnreadResponseSchema,
  type CollaboratorBox,
  type CollaboratorMessageBody,
  type CollaboratorMessageResponse,
  type CollaboratorMessagesResponse,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** TanStack Query keys of a company's collaborator messages (lists, one message, the unread count). */
export const collaboratorKeys = {
  all: (companyId: number) => ["collaborator-messages", companyId] as const,
  list: (companyId: number, box: CollaboratorBox, page: number) => ["collaborator-messages", companyId, "list", box, page] as const,
  one: (companyId: number, id: number) => ["collaborator-messages", companyId, "one", id] as const,
  unread: (companyId: number) => ["collaborator-messages", companyId, "unread"] as const,
};

const base = (companyId: number): string => `/companies/${companyId}/collaborator-messages`;

/** `GET …/collaborator-messages?box=&page=`: the caller's received or sent messages, 10 a page from page 1. */
export function fetchCollaboratorMessages(companyId: number, box: CollaboratorBox, page: number, signal?: AbortSignal): Promise<CollaboratorMessagesResponse> {
  return api.get(base(companyId), { query: { box, page, pageSize: COLLABORATOR_MESSAGES_PAGE_SIZE }, schema: collaboratorMessagesResponseSchema, signal });
}

/** `GET …/collaborator-messages/{id}`: the message, with its receipts for its sender and admins. */
export function fetchCollaboratorMessage(companyId: number, id: number, signal?: AbortSignal): Promise<CollaboratorMessageResponse> {
  return api.get(`${base(companyId)}/${id}`, { schema: collaboratorMessageResponseSchema, signal });
}

/** `POST …/collaborator-messages`: sends it; 400 with field codes for missing text or recipients. */
export function sendCollaboratorMessage(companyId: number, body: CollaboratorMessageBody): Promise<CollaboratorMessageResponse> {
  return api.post(base(companyId), body, { schema: collaboratorMessageResponseSchema });
}

/** `POST …/collaborator-messages/{id}/read`: answers the unread count left. */
export async function markCollaboratorMessageRead(companyId: number, id: number): Promise<number> {
  return (await api.post(`${base(companyId)}/${id}/read`, {}, { schema: collaboratorUnreadResponseSchema })).unread;
}

/** `GET …/collaborator-messages/unread-count`. */
export async function fetchCollaboratorUnread(companyId: number, signal?: AbortSignal): Promise<number> {
  return (await api.get(`${base(companyId)}/unread-count`, { schema: collaboratorUnreadResponseSchema, signal })).unread;
}
