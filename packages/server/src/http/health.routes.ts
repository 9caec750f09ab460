import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/db.js";

/** Paths of the health probes (their request lines are logged at debug). */
export const HEALTH_PATHS: readonly string[] = ["/healthz", "/readyz"];

declare module "fastify" {
  interface FastifyInstance {
    /** Set on SIGTERM (server.ts): /readyz answers 503 "draining" so a balancer stops sending work here. */
    draining: boolean;
  }
}

/** /healthz answers while the process is up; /readyz only when the database answers too and the process
 * is not draining. Both readiness answers name the process (instance and pid): behind a balancer, which
 * one answered. They take the parts of the app context they use (http/ sits below realtime/, whose bus
 * is named here by its kind). */
export async function healthRoutes(
  app: FastifyInstance,
  ctx: { config: Config; db: Db; bus: { readonly kind: string } },
): Promise<void> {
  const who = { instance: ctx.config.instanceName, pid: process.pid };
  app.get("/healthz", { config: { public: true }, schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    if (app.draining) return reply.code(503).send({ status: "draining", ...who });
    try {
      await ctx.db.ping();
      return { status: "ready", database: ctx.db.kind, bus: ctx.bus.kind, ...who };
    } catch (err) {
      req.log.warn({ err }, "database not reachable");
      return reply.code(503).send({ status: "unavailable", ...who });
    }
  });
}
