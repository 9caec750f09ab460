import type { FastifyInstance } from "fastify";

/** The address prefixes whose answers no cache may keep: the API's, which carry a session's token (login,
 * tickets) or someone's data (settings, users, reports…), and whose public ones (sign-up, password
 * reset, share links) are single answers to one visitor; and Open311's, whose requests are the
 * organisation's reports read with its API key (in the query string, where a cache keys on it). */
const NO_STORE_PREFIXES = ["/api/", "/open311/"];

/** `Cache-Control: no-store` on every answer of an /api or /open311 route, refusals included, unless the route chose
 * its own (a file sent `private, max-age=300`): one rule by route here rather than a header per handler,
 * so a new route cannot forget it. */
export function installNoStore(app: FastifyInstance): void {
  app.addHook("onSend", async (req, reply) => {
    // The URL, not the route pattern: an unmatched /api URL (whose pattern is the not-found handler's) too.
    if (NO_STORE_PREFIXES.some((p) => req.url.startsWith(p)) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
}
