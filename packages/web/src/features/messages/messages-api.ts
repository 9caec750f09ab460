import {
  messageListResponseSchema,
  messageResponseSchema,
  messageZoneResponseSchema,
  messageZonesResponseSchema,
  pendingMessagesResponseSchema,
  type Message,
  type MessageAction,
  type MessageBody,
  type MessageZone,
  type MessageZoneBody,
  type MessageZonesResponse,
} from "@atalaya/shared";
import { api } from "../../lib/api";

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

const base = (companyId: number) => `/companies/${companyId}/messages`;
const toMessage = messageResponseSchema.transform((r) => r.message);

/** `GET …/messages`: a page (10, from 1) by state and title. */
export function fetchMessages(companyId: number, query: MessageListQuery, signal?: AbortSignal) {
  return api.get(base(companyId), { query: { state: query.state, q: query.q || undefined, page: query.page }, schema: messageListResponseSchema, signal });
}

/** `POST …/messages`: a new draft. */
export function createMessage(companyId: number, body: MessageBody): Promise<Message> {
  return api.post(base(companyId), body, { schema: toMessage });
}

/** `PUT …/messages/{id}`: edits a draft or a rejected message. */
export function updateMessage(companyId: number, id: number, body: MessageBody): Promise<Message> {
  return api.put(`${base(companyId)}/${id}`, body, { schema: toMessage });
}

/** `POST …/messages/{id}/{action}` (reject carries its reason). */
export function messageAction(companyId: number, id: number, action: MessageAction, reason?: string): Promise<Message> {
  return api.post(`${base(companyId)}/${id}/${action}`, reason ? { reason } : {}, { schema: toMessage });
}

/** `POST …/messages/{id}/attachment`: one file, multipart. */
export function uploadAttachment(companyId: number, id: number, file: File): Promise<Message> {
  const form = new FormData();
  form.append("file", file);
  return api.post(`${base(companyId)}/${id}/attachment`, form, { schema: toMessage });
}

/** `DELETE …/messages/{id}/attachment`. */
export function removeAttachment(companyId: number, id: number): Promise<Message> {
  return api.delete(`${base(companyId)}/${id}/attachment`, { schema: toMessage });
}

/** `GET …/message-zones`: the default zone and the custom ones. */
export function fetchMessageZones(companyId: number, signal?: AbortSignal): Promise<MessageZonesResponse> {
  return api.get(`/companies/${companyId}/message-zones`, { schema: messageZonesResponseSchema, signal });
}

/** `POST …/message-zones`: a custom zone drawn on the map. */
export function createMessageZone(companyId: number, body: MessageZoneBody): Promise<MessageZone> {
  return api.post(`/companies/${companyId}/message-zones`, body, { schema: messageZoneResponseSchema.transform((r) => r.zone) });
}

/** `GET /api/provider/messages/pending`: the provider's queue. */
export function fetchPendingMessages(signal?: AbortSignal): Promise<Message[]> {
  return api.get("/provider/messages/pending", { schema: pendingMessagesResponseSchema.transform((r) => r.messages), signal });
}

/** `POST /api/provider/messages/{id}/{approve|reject}`. */
export function decideMessage(id: number, decision: "approve" | "reject", reason?: string): Promise<Message> {
  return api.post(`/provider/messages/${id}/${decision}`, reason ? { reason } : {}, { schema: toMessage });
}
