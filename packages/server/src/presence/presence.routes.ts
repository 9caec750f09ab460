import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorBodySchema, presenceBodySchema, presenceResponseSchema, reportParamsSchema } from "@atalaya/shared";
import { scopeOf } from "../auth/company-scope.js";
import type { AppContext } from "../context.js";
import { currentViewers, openPresenceStore, updatePresence } from "./presence.service.js";

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Who has a report open: heartbeat and leave (POST), current viewers (GET). */
export async function presenceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = await openPresenceStore(ctx, (err) => app.log.error({ err }, "presence redis"));
  app.addHook("onClose", () => store.close());
  const url = "/api/companies/:companyId/reports/:id/presence";

  r.post(url, {
    schema: { params: reportParamsSchema, body: presenceBodySchema, response: { 200: presenceResponseSchema, ...errors } },
  }, async (req) => ({
    success: true as const,
    viewers: await updatePresence(ctx, store, scopeOf(req), req.params.id, req.body.open, (err) => req.log.warn({ err }, "presence publish")),
  }));

  r.get(url, {
    schema: { params: reportParamsSchema, response: { 200: presenceResponseSchema, ...errors } },
  }, async (req) => ({ success: true as const, viewers: await currentViewers(ctx, store, scopeOf(req), req.params.id) }));
}
