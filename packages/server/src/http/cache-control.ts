import type { FastifyInstance } from "fastify";

/** The route patterns whose answers no cache may keep: the API's, which carry a session's token (login,
 * tickets) or someone's data (settings, users, reports…), and whose public ones (sign-up, password
 * reset, share links) are single answers to one visitor. */
const API_PREFIX = "/api/";

/** `Cache-Control: no-store` on every answer of an /api route, refusals included, unless the route chose
 * its own (a file sent `private, max-age=300`): one rule by route here rather than a header per handler,
 * so a new route cannot forget it. */
export function installNoStore(app: FastifyInstance): void {
  app.addHook("onSend", async (req, reply) => {
    // The URL, not the route pattern: an unmatched /api URL (whose pattern is the not-found handler's) too.
    if (req.url.startsWith(API_PREFIX) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
}
