import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";

/** Paths of the health probes (their request lines are logged at debug). */
export const HEALTH_PATHS: readonly string[] = ["/healthz", "/readyz"];

/** /healthz answers while the process is up; /readyz only when the database answers too. */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/healthz", { config: { public: true }, schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    try {
      await ctx.db.ping();
      return { status: "ready", database: ctx.db.kind, bus: ctx.bus.kind };
    } catch (err) {
      req.log.warn({ err }, "database not reachable");
      return reply.code(503).send({ status: "unavailable" });
    }
  });
}
