import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { at } from "../http/route.js";
import { subscribe, unsubscribe, vapidKeys } from "./push.service.js";

/** Browser push for the signed-in user: the deployment's public key, and this browser's subscription. */
export async function pushRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...at(routes.getPushKey),
    handler: async () => ({ success: true as const, publicKey: (await vapidKeys(ctx.db)).publicKey }),
  });
  r.route({
    ...at(routes.postPushSubscriptions),
    handler: async (req) => {
      await subscribe(ctx.db, ctx.config, actorOf(req).user.id, req.body);
      return { success: true as const };
    },
  });
  r.route({
    ...at(routes.deletePushSubscriptions),
    handler: async (req) => {
      if (!(await unsubscribe(ctx.db, actorOf(req).user.id, req.body.endpoint))) throw notFound();
      return { success: true as const };
    },
  });
}
