import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildUser, loginAs, testApp, testDb } from "./test/harness.js";

// Route-wide guarantees, checked over every route the OpenAPI document lists, so a route added later
// without its guard fails here even if its own tests forget the case.
let app: FastifyInstance;
let routes: { method: string; path: string; security: boolean }[];
let token: string;
let strangerCompanyId: number;
let ownReportId: number;

// Routes a caller may use without a token (SPEC: login; the reporter app; the real-time socket, which
// authenticates with its ticket; files of public reports).
const PUBLIC = new Set(["POST /api/login", "POST /api/app/login", "POST /api/app/reports", "GET /api/realtime", "GET /api/app/reports/{uuid}", "GET /api/files/{name}"]);
const UUID = "6f1c2d3e-0000-4000-8000-000000000001";

function fill(path: string, companyId: number, id: number): string {
  return path
    .replace("{companyId}", String(companyId))
    .replace("{uuid}", UUID)
    .replace("{name}", "x.png")
    .replace(/\{[a-zA-Z]+\}/g, String(id));
}

beforeAll(async () => {
  app = await testApp();
  await app.ready();
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path, security: !PUBLIC.has(`${method.toUpperCase()} ${path}`) })),
  );
  const db = await testDb();
  const own = await buildCompany(db);
  strangerCompanyId = (await buildCompany(db)).id;
  token = await loginAs(app, await buildUser(db, { companyId: own.id, role: "company_admin" }));
  const [report] = await db.query<{ id: number }>(
    "insert into reports (type_id, initial_type_id, description, latitude, longitude) values (0, 0, 'x', -33.45, -70.65) returning id",
  );
  await db.query("insert into report_attentions (company_id, report_id) values ($1, $2)", [strangerCompanyId, report!.id]);
  ownReportId = report!.id;
});
afterAll(() => app.close());

describe("every route", () => {
  it("is listed in the OpenAPI document (sanity: the check below covers them)", () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it("answers 401 without a token unless it is public", async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.security)) {
      const res = await app.inject({ method: r.method as "GET", url: fill(r.path, strangerCompanyId, ownReportId), payload: r.method === "GET" || r.method === "DELETE" ? undefined : {} });
      if (res.statusCode !== 401) failures.push(`${r.method} ${r.path} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers 404 for another company's id on every company read", async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.method === "GET" && x.path.includes("{companyId}"))) {
      const url = fill(r.path, strangerCompanyId, ownReportId) + (r.path.endsWith("/events") ? "?after=0" : "");
      const res = await app.inject({ method: "GET", url, headers: { "access-token": token } });
      if (res.statusCode !== 404) failures.push(`${r.method} ${r.path} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
