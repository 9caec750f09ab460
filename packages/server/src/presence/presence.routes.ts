import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { routes } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { at } from "../http/route.js";
import { currentViewers, openPresenceStore, updatePresence } from "./presence.service.js";

/** Who has a report open: heartbeat and leave (POST), current viewers (GET). */
export async function presenceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = await openPresenceStore(ctx, (err) => app.log.error({ err }, "presence redis"));
  app.addHook("onClose", () => store.close());

  r.route({
    ...at(routes.postCompaniesByCompanyIdReportsByIdPresence),
    handler: async (req) => ({
      success: true as const,
      viewers: await updatePresence(ctx, store, scopeOf(req), req.params.id, req.body.open, (err) => req.log.warn({ err }, "presence publish")),
    }),
  });

  r.route({
    ...at(routes.getCompaniesByCompanyIdReportsByIdPresence),
    handler: async (req) => ({ success: true as const, viewers: await currentViewers(ctx, store, scopeOf(req), req.params.id) }),
  });
}
