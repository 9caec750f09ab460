import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildUser, loginAs, testApp, testDb, type TestUser } from "./test/harness.js";
import { accessOf, apiRoutes, fillPath, isPublicAccess, payloadOf, type ApiRoute } from "./test/route-walk.js";

// Route-wide guarantees, checked over every route the OpenAPI document lists, so a route added later
// without its guard fails here even if its own tests forget the case.
let app: FastifyInstance;
let routes: { method: string; path: string; security: boolean }[];
let token: string;
let admin: TestUser;
let strangerCompanyId: number;
let ownReportId: number;
let ownCompanyId: number;
let strangerAnswerId: number;
let strangerUserId: number;

const fill = (path: string, companyId: number, id: number) => fillPath(path, { companyId, id });
// Reads whose query is required: a valid one, so the answer is about the company, not the query.
const REQUIRED_QUERY: Record<string, string> = { "{companyId}/events": "?after=0", "{companyId}/duplicates": "?ids=1", "app-users/by-phone": "?phone=%2B56987654321", "{companyId}/form-submissions": "?templateId=1" };

beforeAll(async () => {
  app = await testApp();
  await app.ready();
  // Who needs a token comes from the route table (public routes; Open311's, which authenticate with the
  // organisation's api_key, not a session: their own tests cover them).
  routes = apiRoutes(app).map((r) => ({ method: r.method, path: r.path, security: !isPublicAccess(accessOf(r)) }));
  const db = await testDb();
  const own = await buildCompany(db);
  strangerCompanyId = (await buildCompany(db)).id;
  ownCompanyId = own.id;
  const [answer] = await db.query<{ id: number }>(
    "insert into automatic_answers (company_id, title, answer, answer_type) values ($1, 'Ajena', 'Texto ajeno', 'comment') returning id",
    [strangerCompanyId],
  );
  strangerAnswerId = answer!.id;
  admin = await buildUser(db, { companyId: own.id, role: "company_admin" });
  token = await loginAs(app, admin);
  strangerUserId = (await buildUser(db, { companyId: strangerCompanyId })).id;
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
      const url = fill(r.path, strangerCompanyId, ownReportId) + (REQUIRED_QUERY[r.path.split("/").slice(-2).join("/")] ?? "");
      const res = await app.inject({ method: "GET", url, headers: { "access-token": token } });
      if (res.statusCode !== 404) failures.push(`${r.method} ${r.path} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("every company write", () => {
  it("answers 404 for another company's id, and for an id of a record the company does not own, changing nothing", async () => {
    const db = await testDb();
    const before = await db.query("select * from report_attentions where report_id = $1", [ownReportId]);
    const failures: string[] = [];
    let checked = 0;
    for (const route of apiRoutes(app)) {
      const { method, path, key } = route;
      if (method === "GET" || !path.includes("{companyId}")) continue;
      const payload = payloadOf(route);
      const id = path.includes("automatic-answers") ? strangerAnswerId : path.includes("/users/") ? strangerUserId : ownReportId;
      // The other company's path; then the caller's own company with the other company's record.
      const cases = [path.replace("{companyId}", String(strangerCompanyId)), ...(path.includes("{id}") ? [path.replace("{companyId}", String(ownCompanyId))] : [])];
      // A comment or note of the report (issue 17 edits): a record the caller does not own either way; a
      // message action (issue 15) by one of its names.
      for (const url of cases.map((u) => u.replace("{id}", String(id)).replace("{itemId}", String(id)).replace("{action}", "archive"))) {
        const res = await app.inject({ method: method as "POST", url, headers: { "access-token": token }, ...(payload === undefined ? {} : { payload }) });
        checked++;
        if (res.statusCode !== 404) failures.push(`${key} as ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(25);
    expect(await db.query("select * from report_attentions where report_id = $1", [ownReportId])).toEqual(before);
    expect(await db.query("select title, answer from automatic_answers where id = $1", [strangerAnswerId])).toEqual([{ title: "Ajena", answer: "Texto ajeno" }]);
  });
});

describe("every report read outside /api/companies/{companyId}", () => {
  it("answers 404 for a report only another company attends", async () => {
    const found = apiRoutes(app).filter((r) => r.method === "GET" && r.path.startsWith("/api/reports/") && r.path.includes("{id}"));
    expect(found.map((r) => r.key)).toEqual(expect.arrayContaining(["GET /api/reports/{id}", "GET /api/reports/share/{id}"]));
    const failures: string[] = [];
    for (const route of found) {
      const res = await app.inject({ method: "GET", url: fill(route.path, ownCompanyId, ownReportId), headers: { "access-token": token } });
      if (res.statusCode !== 404) failures.push(`${route.key} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

// Routes outside /api/companies/{companyId} that still act in a company named by the caller.
const COMPANY_FIELDS = ["companyId", "company_id"];
// A client error report names the selected company but acts in none: the company is recorded only for a
// member and dropped otherwise, never refused (client-errors/client-errors.test.ts covers it).
const RECORDS_COMPANY_ONLY = new Set(["POST /api/client-errors"]);
const takesCompanyElsewhere = (r: ApiRoute) =>
  !r.path.includes("{companyId}") && !RECORDS_COMPANY_ONLY.has(r.key) && (r.query.some((q) => COMPANY_FIELDS.includes(q)) || COMPANY_FIELDS.some((f) => r.body?.properties?.[f]));

// Routes whose own-company answer is not 200 for the company these tests build: an upgrade request is
// only for freemium organisations (400 not_freemium), which provider/provider.test.ts covers.
const OWN_COMPANY_STATUS: Record<string, number> = { "POST /api/app-companies/freemium/upgrade-request": 400 };

describe("every route that takes the company from its query or body", () => {
  it("answers 404 for another company's id and 200 for one's own", async () => {
    const found = apiRoutes(app).filter(takesCompanyElsewhere);
    expect(found.map((r) => r.key).sort()).toEqual(
      expect.arrayContaining([
        "GET /api/operator/monitoring", "GET /api/settings", "POST /api/logs-pusher", "POST /api/realtime/ticket",
        "GET /api/notifications", "GET /api/notifications/unread-count", "POST /api/notifications/read-all",
      ]),
    );
    const failures: string[] = [];
    for (const route of found) {
      for (const [companyId, expected] of [[strangerCompanyId, 404], [ownCompanyId, OWN_COMPANY_STATUS[route.key] ?? 200]] as const) {
        const field = COMPANY_FIELDS.find((f) => route.query.includes(f) || route.body?.properties?.[f])!;
        const inQuery = route.query.includes(field);
        const payload = inQuery ? payloadOf(route) : { ...(payloadOf(route) as object), [field]: companyId };
        const url = route.path + (inQuery ? `?${field}=${companyId}` : "");
        const res = await app.inject({ method: route.method as "POST", url, headers: { "access-token": token }, ...(payload === undefined ? {} : { payload }) });
        if (res.statusCode !== expected) failures.push(`${route.key} with ${field}=${companyId} → ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

// What a client can send that no form of ours would: each must be refused with a 4xx, never a 500.
// Integers beyond PostgreSQL's integer, exponents, NUL bytes and lone surrogates too (issue 14, case 5).
const JUNK_IDS = ["abc", "-1", "0", "1.5", "99999999999999999999", "2147483648", "8.881e3", "%00", "%ED%A0%80", "1%20or%201=1"];
const JUNK_BODIES: unknown[] = [
  [],
  "texto",
  42,
  null,
  { id: { $gt: 0 } },
  { description: "x".repeat(100_000), type: "0", latitude: "norte" },
  { email: "a\u0000", password: "x\u0000", description: "hola \ud800 mundo", body: "\udc00", q: "x\u0000", name: "\u0000" },
  { id: 2147483648, companyId: 2147483648, type: 2147483648, userId: 9007199254740991, version: 2147483648, tagIds: [2147483648] },
  { "\u0000": 1 },
  // Organisation administration (issue 12): teams, tags, selectors, dashboards.
  { name: "a b", members: [2147483648, -1, "x"], color: "#zzz" },
  { name: "x", members: [{}], color: ["#fff"], lang: "xx", translations: { es: 5, pt: "\u0007" } },
  { name: "x", group: {}, items: [{ name: "a" }, { name: "A" }, "b", null], link: "javascript:alert(1)" },
  { name: "x", items: Array.from({ length: 501 }, (_, i) => ({ name: String(i) })), link: "http://a;b/" },
  // Messages to collaborators and browser push (issue 15).
  { title: "x", body: "\u0000", everyone: "yes", userIds: [2147483648, -1], teamIds: ["x"] },
  { title: "x".repeat(10_000), body: "y", userIds: Array.from({ length: 1001 }, (_, i) => i + 1) },
  { endpoint: "javascript:alert(1)", keys: { p256dh: "\u0000", auth: 5 } },
  { endpoint: `https://push.example/${"x".repeat(5000)}`, keys: { p256dh: "a".repeat(5000), auth: "b" } },
  // Assets and safe tags (issue 17).
  { category: "x\u0000", description: ["x"], externalUrl: "javascript:alert(1)", tags: [1, null, "\u0007"], enabled: "yes", latitude: 91, longitude: "oeste" },
  { category: "x", description: "y", externalUrl: "https://a.cl/" + "x".repeat(3000), tags: Array.from({ length: 50 }, (_, i) => `t${i}`), latitude: Number.MAX_VALUE, longitude: -2147483649 },
  { name: "lote", size: 2147483648, type: "1e3", message: "\u0000", latitude: "x" },
  { name: "lote", size: -1, message: "hola", latitude: 10 },
  // Dynamic forms (issue 16): templates, categories, submissions, links.
  { title: "x", components: [{ type: "section", fieldKey: "s", children: [{ type: "section", fieldKey: "t", children: "x" }] }], category: 2147483648 },
  { title: "\u0000", components: [{ type: "radio", fieldKey: "r", options: [{ label: "a", value: "a", percentage: 1000 }], dependsOn: "r" }], reportType: -1 },
  { title: "x", components: Array.from({ length: 301 }, (_, i) => ({ type: "text", fieldKey: `k${i}` })) },
  { values: { a: { lat: "x" }, b: ["\u0000"] }, extras: { a: 5 }, parentId: 2147483648, expiresAt: "mañana", templateId: 2147483648 },
  { values: [], extras: null },
  // Activities (issue 16): repeated forms, ids beyond integer, periods and dates that do not exist.
  { name: "x", groups: [{ operator: "xor", formIds: [2147483648, 1, 1] }], userIds: [-1], teamIds: ["x"], period: "hourly", customDays: 0, timesPerPeriod: 1e9, totalPeriods: -1, startDate: "2026-02-30", endDate: "\u0000" },
  { name: "\u0000", groups: Array.from({ length: 11 }, () => ({ operator: "and", formIds: [1] })), userIds: Array.from({ length: 501 }, (_, i) => i + 1), period: "custom", customDays: 2147483648, timesPerPeriod: 1, totalPeriods: 1, startDate: "2026-05-01", endDate: "2026-04-01" },
];
const JUNK_QUERIES = [
  "?status=everything&sort=random&offset=-5&limit=1000000",
  "?after=-1",
  "?after=abc",
  "?reportFollowupId=1e400",
  "?after=9007199254740991&reportFollowupId=2147483648&limit=2147483648&operator=2147483648",
  "?q=%00&phone=%00&from=%ED%A0%80",
  "?templateId=2147483648&filters=%7B%22a%22%3A%7B%7D%7D&page=0&authorId=-1",
  "?templateId=1&filters=%00&from=2026-13-45T00%3A00%3A00Z&includeDeleted=maybe",
  "?userId=2147483648&state=late&period=hourly&activityId=-1&pageSize=201",
];

/** The junk queries a route is sent: those naming a parameter it declares and, whatever it declares, all
 * of them at once (parameters it does not declare must be as harmless). A query naming only undeclared
 * parameters is that same request again: the schema drops what it does not declare. */
function junkQueriesFor(declared: string[]): string[] {
  const names = (q: string) => [...new URLSearchParams(q).keys()];
  const all = `?${JUNK_QUERIES.map((q) => q.slice(1)).join("&")}`;
  return [...JUNK_QUERIES.filter((q) => names(q).some((n) => declared.includes(n))), all];
}

/** The junk bodies a write route is sent: every one that is not an object, and the objects sharing a
 * property with its schema (every one when the schema names none: a union, an upload). An object of
 * properties the schema does not name reaches the handler as {}, which the id and query junk send. */
function junkBodiesFor(schema: ApiRoute["body"]): unknown[] {
  const known = Object.keys(schema?.properties ?? {});
  return JUNK_BODIES.filter(
    (b) => typeof b !== "object" || b === null || Array.isArray(b) || known.length === 0 || Object.keys(b).some((k) => known.includes(k)),
  );
}

// Ending its session is what a request to these may do: each gets a session of its own. No other request
// may answer 401, which would mean the sweep's session had ended: the rest of the sweep would only meet
// the authentication hook (until logout had a session of its own, nine in ten of its requests did).
const ENDS_SESSION = new Set(["GET /api/logout", "POST /api/logout"]);

describe("every route, given junk", () => {
  // A sweep of every route with every kind of junk that can reach it: a few thousand requests that change
  // nothing, sent a few at a time.
  it("answers 4xx, never 5xx nor 401, to malformed ids, bodies and queries", async () => {
    const failures: string[] = [];
    const requests: (() => Promise<void>)[] = [];
    const wrong = (status: number) => status >= 500 || status === 401;
    for (const r of apiRoutes(app).filter((x) => x.path !== "/api/realtime")) {
      const method = r.method as "POST";
      const hasBody = r.method !== "GET" && r.method !== "DELETE";
      const session = async () => ({ "access-token": ENDS_SESSION.has(r.key) ? await loginAs(app, admin) : token });
      // A path without parameters is the same URL for every junk id: sent once.
      const urls = new Set([
        ...JUNK_IDS.map((junk) => r.path.replace(/\{[a-zA-Z]+\}/g, junk)),
        ...junkQueriesFor(r.query).map((q) => fill(r.path, ownCompanyId, ownReportId) + q),
      ]);
      for (const url of urls) {
        requests.push(async () => {
          const res = await app.inject({ method, url, headers: await session(), ...(hasBody ? { payload: {} } : {}) });
          if (wrong(res.statusCode)) failures.push(`${r.method} ${url} → ${res.statusCode}`);
        });
      }
      if (!hasBody) continue;
      for (const body of junkBodiesFor(r.body)) {
        const url = fill(r.path, ownCompanyId, ownReportId);
        requests.push(async () => {
          const res = await app.inject({ method, url, headers: { ...(await session()), "content-type": "application/json" }, payload: JSON.stringify(body) });
          if (wrong(res.statusCode)) failures.push(`${r.method} ${url} with ${JSON.stringify(body).slice(0, 40)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
        });
      }
    }
    for (let i = 0; i < requests.length; i += 6) await Promise.all(requests.slice(i, i + 6).map((send) => send()));
    expect(failures).toEqual([]);
  });

  it("tries every kind of junk query and body on the routes it can reach", () => {
    const routes = apiRoutes(app);
    for (const q of JUNK_QUERIES) expect(routes.some((r) => junkQueriesFor(r.query).includes(q)), q).toBe(true);
    for (const b of JUNK_BODIES) expect(routes.some((r) => r.method !== "GET" && r.method !== "DELETE" && junkBodiesFor(r.body).includes(b)), JSON.stringify(b).slice(0, 60)).toBe(true);
    // Undeclared parameters go to every route, all at once; a body of unknown properties only where it reaches.
    expect(junkQueriesFor([])).toEqual([`?${JUNK_QUERIES.map((q) => q.slice(1)).join("&")}`]);
    expect(junkBodiesFor({ type: "object", properties: { title: {} } })).toEqual(expect.arrayContaining([[], "texto", 42, null]));
    expect(junkBodiesFor({ type: "object", properties: { title: {} } })).not.toContainEqual({ "\u0000": 1 });
  });
});
