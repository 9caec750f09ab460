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
let ownCompanyId: number;
let strangerAnswerId: number;

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
  ownCompanyId = own.id;
  const [answer] = await db.query<{ id: number }>(
    "insert into automatic_answers (company_id, title, answer, answer_type) values ($1, 'Ajena', 'Texto ajeno', 'comment') returning id",
    [strangerCompanyId],
  );
  strangerAnswerId = answer!.id;
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

// A body that passes validation, built from the route's JSON schema (required properties only), so
// that a write reaches its tenant check instead of stopping at 400; routes whose schema has a rule
// the sampler cannot see get theirs here.
const BODIES: Record<string, unknown> = {
  "POST /api/companies/{companyId}/reports": { type: 0, description: "Robo en la esquina", latitude: -33.45, longitude: -70.65, informerType: "anonymous" },
  "PUT /api/companies/{companyId}/reports/{id}": { priority: "high" },
  "POST /api/companies/{companyId}/reports/{id}/assign": { userId: null },
};

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; enum?: unknown[]; const?: unknown; format?: string; minimum?: number; anyOf?: JsonSchema[] };

function sampleOf(s: JsonSchema | undefined): unknown {
  if (!s) return "x";
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return sampleOf(s.anyOf.find((x) => x.type !== "null") ?? s.anyOf[0]);
  switch (Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type) {
    case "object":
      return Object.fromEntries((s.required ?? []).map((k) => [k, sampleOf(s.properties?.[k])]));
    case "array":
      return [];
    case "integer":
    case "number":
      return s.minimum ?? 1;
    case "boolean":
      return true;
    default:
      return s.format === "uuid" ? UUID : "Texto de prueba";
  }
}

describe("every company write", () => {
  it("answers 404 for another company's id, and for an id of a record the company does not own, changing nothing", async () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> };
    const db = await testDb();
    const before = await db.query("select * from report_attentions where report_id = $1", [ownReportId]);
    const failures: string[] = [];
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (method === "get" || !path.includes("{companyId}")) continue;
        const key = `${method.toUpperCase()} ${path}`;
        const json = op.requestBody?.content["application/json"];
        const payload = BODIES[key] ?? (json ? sampleOf(json.schema) : undefined);
        const id = path.includes("automatic-answers") ? strangerAnswerId : ownReportId;
        // The other company's path; then the caller's own company with the other company's record.
        const cases = [path.replace("{companyId}", String(strangerCompanyId)), ...(path.includes("{id}") ? [path.replace("{companyId}", String(ownCompanyId))] : [])];
        for (const url of cases.map((u) => u.replace("{id}", String(id)))) {
          const res = await app.inject({ method: method.toUpperCase() as "POST", url, headers: { "access-token": token }, ...(payload === undefined ? {} : { payload: payload as object }) });
          checked++;
          if (res.statusCode !== 404) failures.push(`${key} as ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(25);
    expect(await db.query("select * from report_attentions where report_id = $1", [ownReportId])).toEqual(before);
    expect(await db.query("select title, answer from automatic_answers where id = $1", [strangerAnswerId])).toEqual([{ title: "Ajena", answer: "Texto ajeno" }]);
  });
});

// What a client can send that no form of ours would: each must be refused with a 4xx, never a 500.
const JUNK_IDS = ["abc", "-1", "0", "1.5", "99999999999999999999", "%00", "1%20or%201=1"];
const JUNK_BODIES: unknown[] = [[], "texto", 42, null, { id: { $gt: 0 } }, { description: "x".repeat(100_000), type: "0", latitude: "norte" }];
const JUNK_QUERIES = ["?status=everything&sort=random&offset=-5&limit=1000000", "?after=-1", "?after=abc", "?reportFollowupId=1e400"];

describe("every route, given junk", () => {
  it("answers 4xx, never 5xx, to malformed ids, bodies and queries", async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.path !== "/api/realtime")) {
      const method = r.method as "POST";
      const hasBody = r.method !== "GET" && r.method !== "DELETE";
      const urls = [
        ...JUNK_IDS.map((junk) => r.path.replace(/\{[a-zA-Z]+\}/g, junk)),
        ...JUNK_QUERIES.map((q) => fill(r.path, ownCompanyId, ownReportId) + q),
      ];
      for (const url of urls) {
        const res = await app.inject({ method, url, headers: { "access-token": token }, ...(hasBody ? { payload: {} } : {}) });
        if (res.statusCode >= 500) failures.push(`${r.method} ${url} → ${res.statusCode}`);
      }
      if (!hasBody) continue;
      for (const body of JUNK_BODIES) {
        const url = fill(r.path, ownCompanyId, ownReportId);
        const res = await app.inject({ method, url, headers: { "access-token": token, "content-type": "application/json" }, payload: JSON.stringify(body) });
        if (res.statusCode >= 500) failures.push(`${r.method} ${url} with ${JSON.stringify(body).slice(0, 40)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
