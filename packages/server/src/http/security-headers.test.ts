import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment } from "@atalaya/shared";
import { servedInline } from "../files/file.routes.js";
import { body, buildCompany, buildUser, TEST_PASSWORD, testApp, testDb } from "../test/harness.js";
import { h, interactionWorld, type World } from "../test/interactions.js";
import { multipart, PDF } from "../test/sample-files.js";
import { cspHeader, docsCspDirectives, FILE_CSP, MAP_TILE_ORIGINS, portalCspDirectives } from "./csp.js";

let app: FastifyInstance;
let webDir: string;
let w: World;

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), "atalaya-web-"));
  await writeFile(join(webDir, "index.html"), "<!doctype html><title>Atalaya</title>");
  app = await testApp({ WEB_DIST_DIR: webDir });
  w = await interactionWorld();
});
afterAll(async () => {
  await app.close();
  await w.close();
  await rm(webDir, { recursive: true, force: true });
});

/** The directives of a CSP header value, by name. */
const directives = (header: unknown) =>
  Object.fromEntries(String(header).split(";").map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!, values]));

describe("security headers", () => {
  it("the portal page gets the portal CSP and the other helmet headers", async () => {
    for (const url of ["/", "/v3/events", "/index.html"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      // frame-src is this origin only: a custom dashboard opens through its frame page (organisation/dashboard-csp.test.ts).
      expect(directives(res.headers["content-security-policy"])).toEqual(portalCspDirectives());
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-frame-options"]).toBe("DENY");
    }
    const csp = directives((await app.inject({ method: "GET", url: "/" })).headers["content-security-policy"]);
    expect(csp).toMatchObject({
      "default-src": ["'self'"],
      "script-src": ["'self'"],
      "frame-ancestors": ["'none'"],
      "object-src": ["'none'"],
      "connect-src": ["'self'", "https://tile.openstreetmap.org"],
      "img-src": ["'self'", "data:", "blob:", "https://www.gravatar.com", "https://tile.openstreetmap.org"],
    });
    // Opened over plain http at a LAN address, the portal's own requests must not be upgraded to https.
    expect(csp).not.toHaveProperty("upgrade-insecure-requests");
    // The geocoder is called by the server only.
    expect(JSON.stringify(csp)).not.toContain("nominatim");
  });

  it("API answers carry the headers too", async () => {
    const res = await app.inject({ method: "GET", url: "/api/settings" });
    expect(res.statusCode).toBe(401);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("every answer says which browser features its page may use: location and full screen on its own origin, nothing else", async () => {
    for (const url of ["/", "/api/settings", "/api/health", "/open311/v2/discovery.json"]) {
      const policy = String((await app.inject({ method: "GET", url })).headers["permissions-policy"]);
      const features = Object.fromEntries(policy.split(", ").map((f) => f.split("=") as [string, string]));
      expect(features, url).toMatchObject({ geolocation: "(self)", fullscreen: "(self)", camera: "()", microphone: "()", payment: "()", usb: "()" });
    }
  });

  it("no cache keeps an answer with a token or someone's data: login, settings, tickets, users, reports, refusals alike", async () => {
    const db = await testDb();
    const companyId = (await buildCompany(db)).id;
    const user = await buildUser(db, { companyId, role: "company_admin" });
    const login = await app.inject({ method: "POST", url: "/api/login", payload: { email: user.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.headers["cache-control"]).toBe("no-store");
    const token = body<{ user: { access_token: string } }>(login).user.access_token;
    const headers = { "access-token": token };
    const answers = [
      await app.inject({ url: "/api/settings", headers }),
      await app.inject({ method: "POST", url: "/api/realtime/ticket", headers, payload: { companyId } }),
      await app.inject({ url: `/api/companies/${companyId}/users`, headers }),
      await app.inject({ url: `/api/companies/${companyId}/reports?tab=pending`, headers }),
      await app.inject({ method: "POST", url: "/api/login", payload: { email: user.email, password: "wrong-password" } }),
      await app.inject({ url: "/api/settings" }),
      await app.inject({ url: "/api/no-such-route" }),
    ];
    // Open311's requests are the organisation's reports, read with its key (or refused without one).
    const key = body<{ key: string }>(await app.inject({ method: "POST", url: `/api/companies/${companyId}/api-keys`, headers, payload: { name: "Integración" } })).key;
    answers.push(
      await app.inject({ url: `/open311/v2/requests.json?api_key=${key}&jurisdiction_id=${companyId}` }),
      await app.inject({ url: `/open311/v2/requests.xml?jurisdiction_id=${companyId}` }),
    );
    for (const res of answers) expect(res.headers["cache-control"], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe("no-store");
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 400, 401, 404, 200, 403]);
    // The portal's pages keep their own rule (revalidated, never stored by the API's).
    expect((await app.inject({ url: "/v3/events" })).headers["cache-control"]).toBe("no-cache");
  });

  it("frames its own origin only (custom dashboards open through their frame pages)", () => {
    expect(directives(cspHeader(portalCspDirectives()))["frame-src"]).toEqual(["'self'"]);
  });

  it("the API documentation has its own CSP and still loads", async () => {
    const page = await app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(directives(page.headers["content-security-policy"])).toEqual(docsCspDirectives());
    for (const asset of ["swagger-ui-bundle.js", "swagger-initializer.js", "swagger-ui.css"]) {
      const res = await app.inject({ method: "GET", url: `/api/docs/static/${asset}` });
      expect(res.statusCode, asset).toBe(200);
      expect(directives(res.headers["content-security-policy"])).toEqual(docsCspDirectives());
    }
    // Other routes keep the portal's.
    expect(directives((await app.inject({ method: "GET", url: "/api/settings" })).headers["content-security-policy"])).toEqual(portalCspDirectives());
  });

  it("allows the configured map styles' origins and MAP_ORIGINS, and the settings name the styles", async () => {
    const mapped = await testApp({ WEB_DIST_DIR: webDir, MAP_STYLE_URL: "https://maps.example.cl/day.json", MAP_ORIGINS: "https://tiles.example.cl,https://glyphs.example.cl" });
    try {
      const page = await mapped.inject({ method: "GET", url: "/v3/login" });
      const csp = directives(page.headers["content-security-policy"]);
      for (const name of ["connect-src", "img-src"]) {
        expect(csp[name]).toEqual(expect.arrayContaining([...MAP_TILE_ORIGINS, "https://maps.example.cl", "https://tiles.example.cl", "https://glyphs.example.cl"]));
      }
      const settings = await mapped.inject({ method: "GET", url: "/api/settings", headers: h(w.tokens.opA) });
      // Without MAP_DARK_STYLE_URL the day style serves the night too.
      expect(body<{ maps: unknown }>(settings).maps).toEqual({ day: "https://maps.example.cl/day.json", dark: "https://maps.example.cl/day.json" });
    } finally {
      await mapped.close();
    }
    const plain = await app.inject({ method: "GET", url: "/api/settings", headers: h(w.tokens.opA) });
    expect(body<{ maps: unknown }>(plain).maps).toEqual({ day: null, dark: null });
  });

  it("allows the map tile hosts of the portal's map style, and only them", async () => {
    const style = await readFile(join(dirname(fileURLToPath(import.meta.url)), "../../../web/src/lib/map-style.ts"), "utf8");
    const origins = [...new Set([...style.matchAll(/https?:\/\/[^/"'`\s]+/g)].map((m) => new URL(m[0]).origin))];
    expect(origins.length).toBeGreaterThan(0);
    expect([...origins].sort()).toEqual([...MAP_TILE_ORIGINS].sort());
  });
});

describe("uploaded files", () => {
  it("only passive types are shown inline; HTML, SVG, XML, uploaded PDFs and anything else is downloaded", () => {
    for (const mime of ["image/jpeg", "image/png", "video/mp4", "audio/mpeg", "audio/wav", "text/plain; charset=utf-8", "text/plain"])
      expect(servedInline(mime), mime).toBe(true);
    for (const mime of ["application/pdf", "image/svg+xml", "text/html", "text/html; charset=utf-8", "application/xhtml+xml", "text/xml", "application/xml", "image/svg", "text/csv; charset=utf-8", "application/zip", "image/pngx", "application/pdf+html", "text/plainx", "text/javascript"])
      expect(servedInline(mime), mime).toBe(false);
  });

  it("are served as sandboxed documents that load nothing, and a scriptable type as a download", async () => {
    const r = await w.communityReport();
    const media = [];
    for (const [filename, data] of [["informe.pdf", PDF], ["nota.txt", Buffer.from("<script>alert(1)</script>\n")]] as const) {
      const f = multipart({ body: `Adjunto ${filename}` }, [{ filename, data }]);
      const res = await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${r.id}/comments`, headers: { ...h(w.tokens.opA), ...f.headers }, payload: f.payload });
      expect(res.statusCode, res.body).toBe(200);
      media.push(...body<{ comment: Comment }>(res).comment.media);
    }
    expect(media).toHaveLength(2);
    for (const m of media) {
      const file = await w.app.inject({ method: "GET", url: m.url, headers: h(w.tokens.opA) });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-security-policy"]).toBe(FILE_CSP);
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      // An uploaded PDF is never opened inline from the portal's origin (issue 14); the text file is.
      expect(file.headers["content-disposition"]).toMatch(m.mime === "application/pdf" ? /^attachment; / : /^inline; /);
    }
    // Were a scriptable type ever stored (older data, a future bug), it would still be downloaded.
    await w.db.query("update stored_files set mime = 'image/svg+xml' where name = $1", [media[1]!.name]);
    const svg = await w.app.inject({ method: "GET", url: media[1]!.url, headers: h(w.tokens.opA) });
    expect(svg.headers["content-disposition"]).toMatch(/^attachment; /);
    expect(svg.headers["content-security-policy"]).toBe(FILE_CSP);
  });
});
