import { messagesRouteTable as routes, type Message, type MessageAction, type MessageBody, type MessageZone, type MessageZoneBody, type MessageZonesResponse } from "@atalaya/shared";
import { call } from "../../lib/call";

/** TanStack Query keys of the messages screen; `all` prefixes every list of one organisation. */
export const messageKeys = {
  all: (companyId: number) => ["messages", companyId] as const,
  list: (companyId: number, query: MessageListQuery) => ["messages", companyId, "list", query.state ?? 0, query.q ?? "", query.page ?? 1] as const,
  zones: (companyId: number) => ["messages", companyId, "zones"] as const,
  pending: ["messages", "pending"] as const,
};

/** What the list asks for: a state (1–6) or all, a title search, a page from 1. */
export interface MessageListQuery {
  state?: number | undefined;
  q?: string | undefined;
  page: number;
}

/** `GET …/messages`: a page (10, from 1) by state and title. */
export function fetchMessages(companyId: number, query: MessageListQuery, signal?: AbortSignal) {
  return call(routes.getCompaniesByCompanyIdMessages, { params: { companyId }, query: { state: query.state, q: query.q || undefined, page: query.page }, signal });
}

/** `POST …/messages`: a new draft. */
export async function createMessage(companyId: number, body: MessageBody): Promise<Message> {
  return (await call(routes.postCompaniesByCompanyIdMessages, { params: { companyId }, body })).message;
}

/** `PUT …/messages/{id}`: edits a draft or a rejected message. */
export async function updateMessage(companyId: number, id: number, body: MessageBody): Promise<Message> {
  return (await call(routes.putCompaniesByCompanyIdMessagesById, { params: { companyId, id }, body })).message;
}

/** `POST …/messages/{id}/{action}` (reject carries its reason). */
export async function messageAction(companyId: number, id: number, action: MessageAction, reason?: string): Promise<Message> {
  return (await call(routes.postCompaniesByCompanyIdMessagesByIdByAction, { params: { companyId, id, action }, body: reason ? { reason } : {} })).message;
}

/** `POST …/messages/{id}/attachment`: one file, multipart. */
export async function uploadAttachment(companyId: number, id: number, file: File): Promise<Message> {
  const form = new FormData();
  form.append("file", file);
  return (await call(routes.postCompaniesByCompanyIdMessagesByIdAttachment, { params: { companyId, id }, form })).message;
}

/** `DELETE …/messages/{id}/attachment`. */
export async function removeAttachment(companyId: number, id: number): Promise<Message> {
  return (await call(routes.deleteCompaniesByCompanyIdMessagesByIdAttachment, { params: { companyId, id } })).message;
}

/** `GET …/message-zones`: the default zone and the custom ones. */
export function fetchMessageZones(companyId: number, signal?: AbortSignal): Promise<MessageZonesResponse> {
  return call(routes.getCompaniesByCompanyIdMessageZones, { params: { companyId }, signal });
}

/** `POST …/message-zones`: a custom zone drawn on the map. */
export async function createMessageZone(companyId: number, body: MessageZoneBody): Promise<MessageZone> {
  return (await call(routes.postCompaniesByCompanyIdMessageZones, { params: { companyId }, body })).zone;
}

/** `GET /api/provider/messages/pending`: the provider's queue. */
export async function fetchPendingMessages(signal?: AbortSignal): Promise<Message[]> {
  return (await call(routes.getProviderMessagesPending, { signal })).messages;
}

/** `POST /api/provider/messages/{id}/{approve|reject}`. */
export async function decideMessage(id: number, decision: "approve" | "reject", reason?: string): Promise<Message> {
  return (await call(routes.postProviderMessagesByIdByDecision, { params: { id, decision }, body: reason ? { reason } : {} })).message;
}
