import {
  notificationResponseSchema,
  notificationsReadAllResponseSchema,
  notificationsResponseSchema,
  type NotificationsResponse,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** TanStack Query keys of the signed-in user's notifications in one company. */
export const notificationKeys = { all: (companyId: number) => ["notifications", companyId] as const };

/** `GET /api/notifications?companyId=&page=&pageSize=`: the user's own, newest first, with the unread count. */
export function fetchNotifications(companyId: number, page: number, pageSize: number, signal?: AbortSignal): Promise<NotificationsResponse> {
  return api.get("/notifications", { query: { companyId, page, pageSize }, schema: notificationsResponseSchema, signal });
}

/** `POST /api/notifications/{id}/read`: answers the unread count left. */
export async function markNotificationRead(id: number): Promise<number> {
  return (await api.post(`/notifications/${id}/read`, {}, { schema: notificationResponseSchema })).unread;
}

/** `POST /api/notifications/read-all` for the company. */
export async function markAllNotificationsRead(companyId: number): Promise<void> {
  await api.post("/notifications/read-all", { companyId }, { schema: notificationsReadAllResponseSchema });
}
