import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Where the built portal is, unless WEB_DIST_DIR says otherwise. */
export const DEFAULT_WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "web", "dist");

/** Serves the built single-page portal; any non-API path gets index.html so client routes work. */
export async function serveWeb(app: FastifyInstance, dir: string): Promise<void> {
  if (!existsSync(join(dir, "index.html"))) {
    app.log.warn({ dir }, "web portal not built: only the API is served");
    return;
  }
  await app.register(fastifyStatic, { root: dir, wildcard: false, index: false });
  const sendIndex = (reply: import("fastify").FastifyReply) =>
    reply.header("cache-control", "no-cache").sendFile("index.html");
  app.get("/", { config: { public: true }, schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  app.get("/*", { config: { public: true }, schema: { hide: true } }, (req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path === "/api") {
      return reply.code(404).send({ success: false, error: { code: "notFound", message: `Route ${req.method} ${path} not found` } });
    }
    // Hashed assets are immutable; anything else is a client route.
    if (path.startsWith("/assets/")) return reply.header("cache-control", "public, max-age=31536000, immutable").sendFile(path.slice(1));
    if (/\.[a-z0-9]+$/i.test(path) && existsSync(join(dir, path))) return reply.sendFile(path.slice(1));
    return sendIndex(reply);
  });
}
