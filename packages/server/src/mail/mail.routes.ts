import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { requireProviderAdmin } from "../auth/access.js";
import { actorOf } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { listMails } from "./mail.repository.js";

/** GET /api/admin/mail: the mails the product stored (the outbox when no SMTP server is configured),
 * newest first, for provider administrators. */
export async function mailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...at(routes.getAdminMail),
    handler: async (req) => {
      requireProviderAdmin(actorOf(req));
      return { success: true as const, messages: await listMails(ctx.db, req.query) };
    },
  });
}
