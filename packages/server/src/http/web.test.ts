import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { testApp, testBus, testDb } from "../test/harness.js";
import { inlineScriptHashes, serveWeb } from "./web.js";

let app: FastifyInstance;
let webDir: string;
const SCRIPT = `console.log(${JSON.stringify("Atalaya ".repeat(400))});`;
// As the prerendered login page's first script (web: signed-in-redirect.ts): inline, in the page's head.
const LOGIN_SCRIPT = 'try{if(localStorage.getItem("atalaya.session")){history.replaceState(null,"","/v3/events")}}catch(e){}';
const cspOf = (header: unknown) => Object.fromEntries(String(header).split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), "atalaya-web-"));
  await mkdir(join(webDir, "assets"));
  await writeFile(join(webDir, "index.html"), "<!doctype html><title>Atalaya</title>");
  await writeFile(join(webDir, "events.html"), "<!doctype html><title>Atalaya</title><link rel=modulepreload href=/assets/events-panel.js>");
  await writeFile(join(webDir, "login.html"), `<!doctype html><title>Atalaya</title><script>${LOGIN_SCRIPT}</script><form></form>`);
  // As the build leaves them: the file and its brotli and gzip copies; the icon without copies.
  await writeFile(join(webDir, "assets/index-abc123.js"), SCRIPT);
  await writeFile(join(webDir, "assets/index-abc123.js.br"), brotliCompressSync(SCRIPT));
  await writeFile(join(webDir, "assets/index-abc123.js.gz"), gzipSync(SCRIPT));
  await writeFile(join(webDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  app = await testApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await app.close();
  await rm(webDir, { recursive: true, force: true });
});

describe("the built portal", () => {
  it("sends hashed assets precompressed by what the browser accepts, cached for a year as immutable", async () => {
    const url = "/assets/index-abc123.js";
    const br = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    const gz = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await app.inject({ method: "GET", url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("sends the events panel's addresses its page, which preloads the panel's code; other routes index.html", async () => {
    for (const url of ["/v3", "/v3/", "/v3/events", "/v3/events/new", "/v3/events/0b6c5d1e-8f3a-4d2b-9c7e-1a2b3c4d5e6f?tab=1"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("events-panel.js");
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
    for (const url of ["/", "/v3/history", "/v3/eventsx", "/v3/dashboard/events"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.body, url).toBe("<!doctype html><title>Atalaya</title>");
    }
  });

  it("answers 404, not the portal's page, for a file the build does not have", async () => {
    for (const url of ["/favicon.ico", "/apple-touch-icon.png", "/robots.txt", "/.well-known/security.txt", "/assets/gone-abc123.js"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^application\/json/);
    }
    // A screen's address keeps its page, whatever its last segment looks like.
    for (const url of ["/v3/search?q=a.b", "/v3/auth/resetPassword/ab.cd", "/public/0b6c5d1e-8f3a-4d2b-9c7e-1a2b3c4d5e6f"]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(200);
    }
  });

  it("revalidates index.html (and every client route) on each visit; other files are kept an hour", async () => {
    for (const url of ["/", "/v3/login", "/shared/00000000-0000-4000-8000-000000000000"]) {
      const res = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
    const icon = await app.inject({ method: "GET", url: "/favicon.svg", headers: { "accept-encoding": "br" } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-encoding"]).toBeUndefined();
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("sends the prerendered login page for /v3/login only (with or without a query)", async () => {
    for (const url of ["/v3/login", "/v3/login?from=10"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.body, url).toContain("<form>");
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
    for (const url of ["/", "/v3/events", "/v3/login/extra"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.body, url).not.toContain("<form>");
    }
  });

  it("allows the login page's own inline script by its hash, on that page only", async () => {
    const hash = `'sha256-${createHash("sha256").update(LOGIN_SCRIPT).digest("base64")}'`;
    expect(inlineScriptHashes(`<head><script>${LOGIN_SCRIPT}</script><script type="module" src="/assets/a.js"></script></head>`)).toEqual([hash]);
    const login = await app.inject({ method: "GET", url: "/v3/login?from=10" });
    expect(cspOf(login.headers["content-security-policy"])["script-src"]).toEqual(["'self'", hash]);
    // The rest of the portal's policy is the same as every page's.
    const index = await app.inject({ method: "GET", url: "/v3/events" });
    expect({ ...cspOf(login.headers["content-security-policy"]), "script-src": ["'self'"] }).toEqual(cspOf(index.headers["content-security-policy"]));
    expect(cspOf(index.headers["content-security-policy"])["script-src"]).toEqual(["'self'"]);
  });

  it("answers 404 for a missing asset, never index.html", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/missing-000.js", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(404);
  });

  it("answers an Open311 address that names nothing with Open311's 404 in the caller's language, never the portal's page", async () => {
    const json = await app.inject({ method: "GET", url: "/open311/v2/service.json?jurisdiction_id=1", headers: { "accept-language": "fr-FR" } });
    expect(json.statusCode).toBe(404);
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
    expect(json.json()).toEqual([{ code: 404, description: "Cette ressource Open311 n'existe pas : voir discovery.json." }]);
    const xml = await app.inject({ method: "GET", url: "/open311/v2/services/0/extra.xml", headers: { "accept-language": "es" } });
    expect(xml.statusCode).toBe(404);
    expect(xml.headers["content-type"]).toMatch(/^text\/xml/);
    expect(xml.body).toContain("<description>No existe ese recurso Open311: consulta discovery.json.</description>");
    for (const url of ["/open311/v2", "/open311/v2/"]) {
      const bare = await app.inject({ method: "GET", url });
      expect(bare.statusCode, url).toBe(404);
      expect(bare.json(), url).toEqual([{ code: 404, description: "No such Open311 resource: see discovery.json." }]);
    }
    // The routes that exist still answer.
    expect((await app.inject({ method: "GET", url: "/open311/v2/discovery.json" })).statusCode).toBe(200);
  });
});

describe("a start beside the portal's build (npm start)", () => {
  it("serves no portal until the caller adds it once built, then serves it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "atalaya-web-"));
    const config = loadConfig({ LOG_LEVEL: "silent", WEB_DIST_DIR: dir, SUMMARY_MAILS: "off" });
    const bus = await testBus();
    const late = await buildApp(config, { db: await testDb(), bus, webLater: true });
    if (bus.kind === "redis") late.addHook("onClose", () => bus.close());
    try {
      // The build writes the portal after the server's start began; server.ts adds it then.
      await writeFile(join(dir, "index.html"), "<!doctype html><title>Atalaya</title>");
      await serveWeb(late, config);
      const res = await late.inject({ method: "GET", url: "/v3/events" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>Atalaya</title>");
    } finally {
      await late.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("without webLater, a portal missing at the start is not served (only the API)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "atalaya-web-"));
    const config = loadConfig({ LOG_LEVEL: "silent", WEB_DIST_DIR: dir, SUMMARY_MAILS: "off" });
    const bus = await testBus();
    const early = await buildApp(config, { db: await testDb(), bus });
    if (bus.kind === "redis") early.addHook("onClose", () => bus.close());
    try {
      await writeFile(join(dir, "index.html"), "<!doctype html><title>Atalaya</title>");
      expect((await early.inject({ method: "GET", url: "/v3/events" })).statusCode).toBe(404);
    } finally {
      await early.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
