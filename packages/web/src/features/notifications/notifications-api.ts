import {
  notificationsRouteTable as routes,
  type NotificationsResponse,
} from "@atalaya/shared";
import { call } from "../../lib/call";

/** TanStack Query keys of the signed-in user's notifications in one company. */
export const notificationKeys = { all: (companyId: number) => ["notifications", companyId] as const };

/** `GET /api/notifications?companyId=&page=&pageSize=`: the user's own, newest first, with the unread count. */
export async function fetchNotifications(companyId: number, page: number, pageSize: number, signal?: AbortSignal): Promise<NotificationsResponse> {
  return call(routes.getNotifications, { query: { companyId, page, pageSize }, signal });
}

/** `POST /api/notifications/{id}/read`: answers the unread count left. */
export async function markNotificationRead(id: number): Promise<number> {
  return (await call(routes.postNotificationsByIdRead, { params: { id } })).unread;
}

/** `POST /api/notifications/read-all` for the company. */
export async function markAllNotificationsRead(companyId: number): Promise<void> {
  await call(routes.postNotificationsReadAll, { body: { companyId } });
}
