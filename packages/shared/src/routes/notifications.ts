import { notificationCountQuerySchema, notificationCountResponseSchema, notificationParamsSchema, notificationResponseSchema, notificationsQuerySchema, notificationsReadAllBodySchema, notificationsReadAllResponseSchema, notificationsResponseSchema } from "../notifications.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's notifications/ folder (notifications/notification.routes.ts). */
export const notificationsRouteTable = defineRoutes({
  getNotifications: {
    method: "GET",
    path: "/api/notifications",
    tags: ["notifications"],
    summary: "The caller's notifications in a company they belong to (companyId; default their first), newest first, paged, with the unread count",
    access: { kind: "account" },
    query: notificationsQuerySchema,
    answer: notificationsResponseSchema,
    errors: [400, 401, 404],
  },
  getNotificationsUnreadCount: {
    method: "GET",
    path: "/api/notifications/unread-count",
    tags: ["notifications"],
    summary: "How many of the caller's notifications in the company are unread",
    access: { kind: "account" },
    query: notificationCountQuerySchema,
    answer: notificationCountResponseSchema,
    errors: [400, 401, 404],
  },
  postNotificationsByIdRead: {
    method: "POST",
    path: "/api/notifications/:id/read",
    tags: ["notifications"],
    summary: "Marks one of the caller's notifications read (someone else's answers 404)",
    access: { kind: "account" },
    params: notificationParamsSchema,
    answer: notificationResponseSchema,
    errors: [400, 401, 404],
  },
  postNotificationsReadAll: {
    method: "POST",
    path: "/api/notifications/read-all",
    tags: ["notifications"],
    summary: "Marks every unread notification of the caller in the company read",
    access: { kind: "account" },
    body: notificationsReadAllBodySchema,
    answer: notificationsReadAllResponseSchema,
    errors: [400, 401, 404],
  },
});
