import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  notificationCountQuerySchema,
  notificationCountResponseSchema,
  notificationParamsSchema,
  notificationResponseSchema,
  notificationsQuerySchema,
  notificationsReadAllBodySchema,
  notificationsReadAllResponseSchema,
  notificationsResponseSchema,
} from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { myNotifications, myUnreadCount, readAllNotifications, readNotification } from "./notification.service.js";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The signed-in user's own notification centre: list, unread count, mark one or all read. */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/notifications", {
    schema: {
      querystring: notificationsQuerySchema,
      response: { 200: notificationsResponseSchema, ...errors },
    },
  }, async (req) => ({ success: true as const, ...(await myNotifications(ctx, actorOf(req), req.query)) }));

  r.get("/api/notifications/unread-count", {
    schema: { querystring: notificationCountQuerySchema, response: { 200: notificationCountResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, unread: await myUnreadCount(ctx, actorOf(req), req.query.companyId) }));

  r.post("/api/notifications/:id/read", {
    schema: { params: notificationParamsSchema, response: { 200: notificationResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await readNotification(ctx, actorOf(req), req.params.id)) }));

  r.post("/api/notifications/read-all", {
    schema: { body: notificationsReadAllBodySchema, response: { 200: notificationsReadAllResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, ...(await readAllNotifications(ctx, actorOf(req), req.body?.companyId)) }));
}
