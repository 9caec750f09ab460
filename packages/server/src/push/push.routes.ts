import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorBodySchema, pushKeyResponseSchema, pushSubscriptionBodySchema, pushUnsubscribeBodySchema, successSchema } from "@atalaya/shared";
import { actorOf } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { subscribe, unsubscribe, vapidKeys } from "./push.service.js";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** Browser push for the signed-in user: the deployment's public key, and this browser's subscription. */
export async function pushRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/push/key", {
    schema: { response: { 200: pushKeyResponseSchema, ...errors } },
  }, async () => ({ success: true as const, publicKey: (await vapidKeys(ctx.db)).publicKey }));
  r.post("/api/push/subscriptions", {
    schema: { body: pushSubscriptionBodySchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    await subscribe(ctx.db, ctx.config, actorOf(req).user.id, req.body);
    return { success: true as const };
  });
  r.delete("/api/push/subscriptions", {
    schema: { body: pushUnsubscribeBodySchema, response: { 200: successSchema, ...errors } },
  }, async (req) => {
    if (!(await unsubscribe(ctx.db, actorOf(req).user.id, req.body.endpoint))) throw notFound();
    return { success: true as const };
  });
}
