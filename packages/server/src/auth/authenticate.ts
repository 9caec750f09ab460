import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/db.js";
import { notAuthenticatedBody } from "../http/error-handler.js";
import type { Actor } from "./access.js";
import { findUserByToken } from "./auth.repository.js";

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Routes reachable without an access token. */
    public?: boolean;
    /** Public routes that still identify the caller when a valid token comes (a bad one is 401). */
    optionalAuth?: boolean;
  }
}

/** The token of a request: `access-token` header, else `Authorization: Bearer`. */
export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers["access-token"];
  if (typeof header === "string" && header) return header;
  const auth = req.headers.authorization;
  if (auth?.startsWith("Bearer ")) return auth.slice(7).trim() || undefined;
  return undefined;
}

/** Every /api route needs a valid token unless its config says public; without one it answers 401. */
export function installAuthentication(app: FastifyInstance, db: Db): void {
  app.decorateRequest("actor", null);
  app.addHook("onRequest", async (req, reply) => {
    const config = req.routeOptions.config;
    const token = tokenOf(req);
    if (config?.optionalAuth && !token) return;
    if ((config?.public && !config.optionalAuth) || !req.url.startsWith("/api/") || req.url.startsWith("/api/docs") || req.is404) return;
    const user = token ? await findUserByToken(db, token) : undefined;
    if (!token || !user || user.locked) {
      return reply.code(401).send(notAuthenticatedBody);
    }
    req.actor = { user, token };
  });
}

/** The authenticated actor of a route that is not public. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new Error("actorOf called on a public route");
  return req.actor;
}

/** The actor of a route with optional authentication, or null for an anonymous caller. */
export function actorOrNull(req: FastifyRequest): Actor | null {
  return req.actor;
}
