import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";

// Custom dashboards are framed through a page per dashboard (GET /api/dashboard-frames/{ticket}) whose
// CSP allows that dashboard's origin alone; the portal page frames its own origin only. So no page a
// company's viewer gets allows another company's dashboard origin.

let app: FastifyInstance;
let db: Db;
let webDir: string;
let adminA: string;
let operatorA: string;
let patrolA: string;
let adminB: string;
let operatorB: string;
let companyA: number;
let companyB: number;
const tag = `${process.pid}-${Date.now().toString(36)}`;
const A = `https://a-${tag}.example.cl`;
const B = `https://b-${tag}.example.cl`;
const h = (token: string) => ({ "access-token": token });

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), "atalaya-web-"));
  await writeFile(join(webDir, "index.html"), "<!doctype html><title>Atalaya</title>");
  app = await testApp({ WEB_DIST_DIR: webDir });
  db = await testDb();
  companyA = (await buildCompany(db)).id;
  companyB = (await buildCompany(db)).id;
  adminA = await loginAs(app, await buildUser(db, { companyId: companyA, role: "company_admin" }));
  operatorA = await loginAs(app, await buildUser(db, { companyId: companyA, role: "operator" }));
  patrolA = await loginAs(app, await buildUser(db, { companyId: companyA, role: "patrol" }));
  adminB = await loginAs(app, await buildUser(db, { companyId: companyB, role: "company_admin" }));
  operatorB = await loginAs(app, await buildUser(db, { companyId: companyB, role: "operator" }));
});
afterAll(async () => {
  await app.close();
  await rm(webDir, { recursive: true, force: true });
});

/** The directives of a CSP header value, by name. */
const directives = (header: unknown): Record<string, string[]> =>
  Object.fromEntries(String(header).split(";").map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!, values]));

async function addDashboard(token: string, cid: number, link: string, name = "Panel"): Promise<number> {
  const res = await app.inject({ method: "POST", url: `/api/companies/${cid}/dashboards`, headers: h(token), payload: { name, link } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ dashboard: { id: number } }>(res).dashboard.id;
}

const mint = (token: string, cid: number, id: number) => app.inject({ method: "POST", url: `/api/companies/${cid}/dashboards/${id}/frame`, headers: h(token) });

async function frameUrl(token: string, cid: number, id: number): Promise<string> {
  const res = await mint(token, cid, id);
  expect(res.statusCode, res.body).toBe(200);
  const { url } = body<{ url: string }>(res);
  expect(url).toMatch(/^\/api\/dashboard-frames\/[A-Za-z0-9_-]{43}$/);
  return url;
}

describe("the portal page's CSP", () => {
  it("frames its own origin only, whatever dashboards the companies store", async () => {
    await addDashboard(adminA, companyA, `${A}/embed/1?x=1`);
    await addDashboard(adminB, companyB, `${B}/x`);
    for (const path of ["/", "/v3/custom-dashboards/1", "/v3/events"]) {
      const res = await app.inject({ method: "GET", url: path });
      expect(res.statusCode).toBe(200);
      expect(directives(res.headers["content-security-policy"])["frame-src"], path).toEqual(["'self'"]);
      expect(String(res.headers["content-security-policy"])).not.toContain(A);
    }
  });
});

describe("a dashboard's frame page", () => {
  it("frames that dashboard's origin alone, for a member of its company, once", async () => {
    const a = await addDashboard(adminA, companyA, `${A}/tablero?mes=11&x="1"`, `Ventas <b>"A"</b>`);
    const b = await addDashboard(adminB, companyB, `${B}/tablero`);
    const url = await frameUrl(operatorA, companyA, a);

    // The iframe sends no access token: the ticket is the credential.
    const page = await app.inject({ method: "GET", url });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = directives(page.headers["content-security-policy"]);
    expect(csp["frame-src"]).toEqual([A]);
    expect(csp["frame-ancestors"]).toEqual(["'self'"]);
    expect(csp["default-src"]).toEqual(["'none'"]);
    expect(csp).not.toHaveProperty("script-src");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain(`<iframe src="${A}/tablero?mes=11&amp;x=&quot;1&quot;"`);
    expect(page.body).toContain("<title>Ventas &lt;b&gt;&quot;A&quot;&lt;/b&gt;</title>");
    expect(page.body).not.toContain("<b>");
    expect(page.body).toContain(`<html lang="es">`);

    // Single use.
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);

    // Company B's page frames B's origin, never A's.
    const pageB = await app.inject({ method: "GET", url: await frameUrl(operatorB, companyB, b) });
    expect(directives(pageB.headers["content-security-policy"])["frame-src"]).toEqual([B]);
    expect(pageB.body).not.toContain(A);
  });

  it("company B's viewers get no frame page of company A's dashboard (404 either way)", async () => {
    const a = await addDashboard(adminA, companyA, `${A}/privado`);
    for (const token of [adminB, operatorB]) {
      // A's dashboard id under B's company, and under A's company (B's members are not members of A).
      const underB = await mint(token, companyB, a);
      expect(underB.statusCode).toBe(404);
      expect(body<{ error: { code: string } }>(underB).error.code).toBe("notFound");
      expect((await mint(token, companyA, a)).statusCode).toBe(404);
    }
    expect(await db.query("select 1 from dashboard_frame_tickets where dashboard_id = $1", [a])).toEqual([]);
  });

  it("401 without a session, 403 for a patrol, 400 for malformed ids and tickets, 404 for a missing dashboard", async () => {
    const a = await addDashboard(adminA, companyA, `${A}/otro`);
    expect((await app.inject({ method: "POST", url: `/api/companies/${companyA}/dashboards/${a}/frame` })).statusCode).toBe(401);
    expect((await mint(patrolA, companyA, a)).statusCode).toBe(403);
    expect((await mint(adminA, companyA, 2147483647)).statusCode).toBe(404);
    for (const id of ["abc", "2147483648", "1.5"])
      expect((await app.inject({ method: "POST", url: `/api/companies/${companyA}/dashboards/${id}/frame`, headers: h(adminA) })).statusCode, id).toBe(400);
    for (const ticket of ["x", "a".repeat(44), `${"a".repeat(42)}%00`]) expect((await app.inject({ method: "GET", url: `/api/dashboard-frames/${ticket}` })).statusCode, ticket).toBe(400);
    const unknown = await app.inject({ method: "GET", url: `/api/dashboard-frames/${"a".repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(body<{ error: { code: string } }>(unknown).error.code).toBe("notFound");
  });

  it("a ticket opens nothing once expired, after its session ended, or when its dashboard was deleted", async () => {
    const a = await addDashboard(adminA, companyA, `${A}/caduca`);
    const expired = await frameUrl(operatorA, companyA, a);
    await db.query("update dashboard_frame_tickets set expires_at = now() - interval '1 second' where used_at is null and dashboard_id = $1", [a]);
    expect((await app.inject({ method: "GET", url: expired })).statusCode).toBe(404);

    const deleted = await frameUrl(operatorA, companyA, a);
    expect((await app.inject({ method: "DELETE", url: `/api/companies/${companyA}/dashboards/${a}`, headers: h(adminA) })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: deleted })).statusCode).toBe(404);

    const other = await addDashboard(adminA, companyA, `${A}/sesion`);
    const session = await loginAs(app, await buildUser(db, { companyId: companyA, role: "operator" }));
    const loggedOut = await frameUrl(session, companyA, other);
    expect((await app.inject({ method: "GET", url: "/api/logout", headers: h(session) })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: loggedOut })).statusCode).toBe(404);
  });
});
