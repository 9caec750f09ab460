import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { cspHeader, portalCspDirectives } from "./csp.js";

/** The events panel and the signed-in home that opens it. */
const PANEL_PATH = /^\/v3(\/|\/events(\/.*)?)?$/;

/** Addresses that name a file, never a screen: a top-level name with an extension, or /.well-known/. */
const NOT_A_ROUTE = /^\/([^/]*\.[a-z0-9]+|\.well-known\/.*)$/i;

/** Where the built portal is, unless WEB_DIST_DIR says otherwise. */
export const DEFAULT_WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "web", "dist");

/** The CSP source of each inline script of a page (`'sha256-…'` of its exact text): the prerendered
 * login page's first script, which runs before the form paints, is allowed by its hash alone. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash("sha256").update(m[1]!).digest("base64")}'`);
}

/** Serves the built single-page portal (WEB_DIST_DIR, else the web package's dist/). A client route gets
 * index.html (the events panel's addresses its copy that preloads the panel's code); /v3/login its
 * prerendered copy, with the portal's CSP plus the hashes of that page's inline scripts (the map origins
 * configured are the portal CSP's, as everywhere); an address naming a file the build lacks, 404. */
export async function serveWeb(app: FastifyInstance, config: { webDistDir: string | undefined; mapOrigins: readonly string[] }): Promise<void> {
  const dir = config.webDistDir ?? DEFAULT_WEB_DIST;
  if (!existsSync(join(dir, "index.html"))) {
    app.log.warn({ dir }, "web portal not built: only the API is served");
    return;
  }
  // The build writes .br and .gz copies of its text files: they are sent as they are to browsers that
  // accept them. Every file goes through the route below (serve: false), which sets the cache headers
  // (the plugin's own routes sent max-age=0, so hashed files were revalidated on every visit).
  await app.register(fastifyStatic, { root: dir, serve: false, index: false, preCompressed: true, cacheControl: false });
  // /v3/login has a prerendered copy (the form paints before the scripts arrive); any other route, or a
  // build without it, gets index.html.
  const loginFile = existsSync(join(dir, "login.html")) ? "login.html" : "index.html";
  const portalCsp = portalCspDirectives({ mapOrigins: config.mapOrigins });
  const loginCsp = cspHeader({ ...portalCsp, "script-src": [...portalCsp["script-src"]!, ...inlineScriptHashes(readFileSync(join(dir, loginFile), "utf8"))] });
  // The events panel's addresses (the portal's home leads there) get its copy of index.html, which also
  // preloads the panel's code (packages/web/route-pages.mjs).
  const panelPage = existsSync(join(dir, "events.html")) ? "events.html" : null;
  const sendPage = (reply: FastifyReply, file: string) => reply.header("cache-control", "no-cache").header("vary", "accept-encoding").sendFile(file);
  const sendIndex = (reply: FastifyReply) => sendPage(reply, "index.html");
  const sendLogin = (reply: FastifyReply) => sendPage(reply.header("content-security-policy", loginCsp), loginFile);
  app.get("/", { config: { public: true }, schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  app.get("/*", { config: { public: true }, schema: { hide: true } }, (req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path === "/api") {
      return reply.code(404).send({ success: false, error: { code: "notFound", message: `Route ${req.method} ${path} not found` } });
    }
    // Hashed assets are immutable; other files (icons) are kept an hour; anything else is a client route.
    if (path.startsWith("/assets/"))
      return reply.header("cache-control", "public, max-age=31536000, immutable").header("vary", "accept-encoding").sendFile(path.slice(1));
    // The service worker (issue 15) is checked for a new version on every visit.
    if (path === "/sw.js" && existsSync(join(dir, "sw.js")))
      return reply.header("cache-control", "no-cache").header("vary", "accept-encoding").sendFile("sw.js");
    if (/\.[a-z0-9]+$/i.test(path) && existsSync(join(dir, path)))
      return reply.header("cache-control", "public, max-age=3600").header("vary", "accept-encoding").sendFile(path.slice(1));
    // A file the build does not have (a browser's /favicon.ico, a crawler's /.well-known/…) is not a
    // client route: answering it the portal's page would hand an HTML page, with 200, to what wants a file.
    if (NOT_A_ROUTE.test(path)) return reply.callNotFound();
    if (path === "/v3/login") return sendLogin(reply);
    return sendPage(reply, panelPage && PANEL_PATH.test(path) ? panelPage : "index.html");
  });
}
