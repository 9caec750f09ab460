import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { myNotifications, myUnreadCount, readAllNotifications, readNotification } from "./notification.service.js";

/** The signed-in user's own notification centre: list, unread count, mark one or all read. */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...at(routes.getNotifications),
    handler: async (req) => ({ success: true as const, ...(await myNotifications(ctx, actorOf(req), req.query)) }),
  });

  r.route({
    ...at(routes.getNotificationsUnreadCount),
    handler: async (req) => ({ success: true as const, unread: await myUnreadCount(ctx, actorOf(req), req.query.companyId) }),
  });

  r.route({
    ...at(routes.postNotificationsByIdRead),
    handler: async (req) => ({ success: true as const, ...(await readNotification(ctx, actorOf(req), req.params.id)) }),
  });

  r.route({
    ...at(routes.postNotificationsReadAll),
    handler: async (req) => ({ success: true as const, ...(await readAllNotifications(ctx, actorOf(req), req.body?.companyId)) }),
  });
}
