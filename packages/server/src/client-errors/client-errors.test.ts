import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientErrorGroupResponse, ClientErrorGroupsResponse, ClientErrorReport } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { purgeExpired, RETENTION } from "../jobs/retention.js";
import { buildCompany, buildUser, loginAs, testApp, testDb, unique } from "../test/harness.js";

let app: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let operator: { id: number; token: string };
let companyAdmin: string;
let provider: string;
const h = (token: string) => ({ "access-token": token });
const URL = "/api/client-errors";

const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = "10.18.0.1") =>
  app.inject({ method: "POST", url: URL, headers: { "content-type": "application/json", ...headers }, payload: JSON.stringify(payload), remoteAddress });

const report = (release: string, message: string, extra: Partial<ClientErrorReport["errors"][number]> = {}, companyId?: number): ClientErrorReport => ({
  release,
  ...(companyId === undefined ? {} : { companyId }),
  errors: [{ kind: "error", message, route: "/v3/events", ...extra }],
});

const rowsOf = (release: string) =>
  db.query<{ message: string; stack: string | null; route: string; user_id: number | null; company_id: number | null; count: number; kind: string }>(
    "select message, stack, route, user_id, company_id, count, kind from client_errors where release = $1 order by id",
    [release],
  );

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  const op = await buildUser(db, { companyId, role: "operator" });
  operator = { id: op.id, token: await loginAs(app, op) };
  companyAdmin = await loginAs(app, await buildUser(db, { companyId, role: "company_admin" }));
  provider = await loginAs(app, await buildUser(db, { companyId, role: "operator", groups: [1, 100] }));
});
afterAll(() => app.close());

describe("POST /api/client-errors", () => {
  it("stores a report without a session, with no user nor company", async () => {
    const release = unique("r");
    const res = await post(report(release, "TypeError: x is undefined", {}, companyId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, stored: 1 });
    expect(await rowsOf(release)).toEqual([expect.objectContaining({ message: "TypeError: x is undefined", user_id: null, company_id: null, route: "/v3/events", count: 1 })]);
  });

  it("records the user from a valid token and the company only when they are a member of it", async () => {
    const release = unique("r");
    expect((await post(report(release, "Own company", {}, companyId), h(operator.token))).statusCode).toBe(200);
    expect((await post(report(release, "Other company", {}, otherCompanyId), h(operator.token))).statusCode).toBe(200);
    const rows = await rowsOf(release);
    expect(rows.map((r) => [r.message, r.user_id, r.company_id])).toEqual([
      ["Own company", operator.id, companyId],
      ["Other company", operator.id, null],
    ]);
  });

  it("keeps a report sent with a stale token, without a user (never 401)", async () => {
    const release = unique("r");
    const res = await post(report(release, "After logout"), h("not-a-valid-token-at-all"));
    expect(res.statusCode).toBe(200);
    expect((await rowsOf(release))[0]).toMatchObject({ user_id: null });
  });

  it("strips tokens, query strings, e-mails and phone numbers from what it stores, and ids from the route", async () => {
    const release = unique("r");
    const res = await post({
      release,
      errors: [{
        kind: "api",
        status: 502,
        method: "GET",
        message: "GET https://portal.test/api/reports?access-token=abc123&code=998877 failed for ana.perez@municipio.cl (+56 9 6123 4567) token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig",
        stack: "Error: boom\n    at https://portal.test/assets/index.js?v=1:10:5\n    at secret 0123456789abcdef0123456789abcdef0123",
        route: "/v3/events/123e4567-e89b-42d3-a456-426614174000",
      }],
    });
    expect(res.statusCode).toBe(200);
    const [row] = await rowsOf(release);
    expect(row!.message).not.toMatch(/abc123|998877|ana\.perez|municipio|6123|eyJ/);
    expect(row!.message).toContain("[email]");
    expect(row!.message).toContain("[phone]");
    expect(row!.message).toContain("https://portal.test/api/reports");
    expect(row!.stack).toContain("Error: boom\n");
    expect(row!.stack).not.toMatch(/\?v=1|0123456789abcdef0123456789abcdef0123/);
    expect(row!.route).toBe("/v3/events/:id");
  });

  it("answers 400 with a code, never 500, to oversize, control characters and malformed reports, storing nothing", async () => {
    const release = unique("r");
    const cases: [unknown, string][] = [
      [report(release, "x".repeat(501)), "errors.0.message"],
      [report(release, "bad\u0007bell"), "errors.0.message"],
      [report(release, "ok", { stack: "line\u001bescape" }), "errors.0.stack"],
      [report(release, "ok", { route: "/v3/events?access-token=abc" }), "errors.0.route"],
      [report(release, "ok", { route: "v3/events" }), "errors.0.route"],
      [{ release: "1.0\u0000", errors: [{ kind: "error", message: "x", route: "/" }] }, "release"],
      [{ release: "not a release!", errors: [{ kind: "error", message: "x", route: "/" }] }, "release"],
      [{ release, errors: [] }, "errors"],
      [{ release, errors: Array.from({ length: 21 }, () => ({ kind: "error", message: "x", route: "/" })) }, "errors"],
      [{ release, errors: [{ kind: "panic", message: "x", route: "/" }] }, "errors.0.kind"],
      [{ release, errors: [{ kind: "error", message: "x", route: "/", count: 1001 }] }, "errors.0.count"],
      [{ release, companyId: 2147483648, errors: [{ kind: "error", message: "x", route: "/" }] }, "companyId"],
      [[], "body"],
      ["texto", "body"],
    ];
    for (const [payload, field] of cases) {
      const res = await post(payload, { "accept-language": "en" });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const error = res.json().error as { code: string; fields?: { field: string; code: string; message?: string }[] };
      expect(error.code).toBe("validation");
      expect(error.fields?.map((f) => f.field)).toContain(field);
    }
    const control = await post(report(release, "bad\u0007bell"), { "accept-language": "en" });
    expect(control.json().error.fields[0]).toMatchObject({ code: "control_characters", message: "The text contains control characters" });
    const huge = await post(report(release, "x".repeat(200_000)));
    expect(huge.statusCode).toBe(413);
    expect(await rowsOf(release)).toEqual([]);
  });
});

describe("POST /api/client-errors limits", () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await testApp({ CLIENT_ERRORS_PER_ADDRESS: "5", CLIENT_ERRORS_PER_USER: "3", CLIENT_ERRORS_WINDOW_SECONDS: "60" });
  });
  afterAll(() => limited.close());
  const send = (ip: string, token?: string) =>
    limited.inject({ method: "POST", url: URL, remoteAddress: ip, headers: token ? h(token) : {}, payload: report(unique("flood"), "Loop") });

  it("a flood from one address gets 429 with Retry-After; another address is not affected", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await send("10.18.1.1")).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await send("10.18.1.1");
    expect(refused.json().error.code).toBe("tooManyRequests");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await send("10.18.1.2")).statusCode).toBe(200);
  });

  it("a flood from one signed-in user gets 429 whatever address it comes from", async () => {
    const user = await buildUser(db, { companyId, role: "operator" });
    const token = await loginAs(limited, user);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await send(`10.18.2.${i + 1}`, token)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe("GET /api/admin/client-errors", () => {
  it("answers 401 without a session and 403 to operators and company admins", async () => {
    expect((await app.inject({ method: "GET", url: "/api/admin/client-errors" })).statusCode).toBe(401);
    for (const token of [operator.token, companyAdmin]) {
      for (const url of ["/api/admin/client-errors", `/api/admin/client-errors/${"0".repeat(32)}`]) {
        const res = await app.inject({ method: "GET", url, headers: h(token) });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe("providerOnly");
      }
    }
  });

  it("groups by message and release with counts, first and last seen, routes and users affected; filters by release and pages", async () => {
    const release = unique("r");
    const older = unique("r");
    const other = await buildUser(db, { companyId, role: "operator" });
    const otherToken = await loginAs(app, other);
    await post({ release, companyId, errors: [
      { kind: "error", message: "Boom", route: "/v3/events", count: 3 },
      { kind: "api", message: "Boom", route: "/v3/maps", status: 500, method: "GET" },
      { kind: "error", message: "Other", route: "/v3/events" },
    ] }, h(operator.token));
    await post(report(release, "Boom", { route: "/v3/events/42" }), h(otherToken));
    await post(report(older, "Boom"), h(operator.token));

    const res = await app.inject({ method: "GET", url: `/api/admin/client-errors?release=${release}`, headers: h(provider) });
    expect(res.statusCode).toBe(200);
    const list = res.json() as ClientErrorGroupsResponse;
    expect(list.total).toBe(2);
    const boom = list.groups.find((g) => g.message === "Boom")!;
    expect(boom).toMatchObject({ release, count: 5, users: 2, routes: ["/v3/events", "/v3/events/:id", "/v3/maps"], kinds: ["api", "error"] });
    expect(Date.parse(boom.firstSeen)).toBeLessThanOrEqual(Date.parse(boom.lastSeen));
    expect(list.groups.find((g) => g.message === "Other")).toMatchObject({ count: 1, users: 1 });
    expect(list.releases).toEqual(expect.arrayContaining([release, older]));

    // The same message in another release is another group.
    const olderList = (await app.inject({ method: "GET", url: `/api/admin/client-errors?release=${older}`, headers: h(provider) })).json() as ClientErrorGroupsResponse;
    expect(olderList.groups.map((g) => [g.message, g.count])).toEqual([["Boom", 1]]);
    expect(olderList.groups[0]!.id).not.toBe(boom.id);

    const page2 = (await app.inject({ method: "GET", url: `/api/admin/client-errors?release=${release}&pageSize=1&page=2`, headers: h(provider) })).json() as ClientErrorGroupsResponse;
    expect(page2.total).toBe(2);
    expect(page2.groups).toHaveLength(1);

    const detail = await app.inject({ method: "GET", url: `/api/admin/client-errors/${boom.id}`, headers: h(provider) });
    expect(detail.statusCode).toBe(200);
    const { group, occurrences } = detail.json() as ClientErrorGroupResponse;
    expect(group).toMatchObject({ id: boom.id, count: 5 });
    expect(occurrences).toHaveLength(3);
    expect(occurrences.map((o) => o.userId).sort()).toEqual([operator.id, operator.id, other.id].sort());
    expect(occurrences.find((o) => o.kind === "api")).toMatchObject({ status: 500, method: "GET", route: "/v3/maps", companyId });

    expect((await app.inject({ method: "GET", url: `/api/admin/client-errors/${"f".repeat(32)}`, headers: h(provider) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/admin/client-errors/not-a-group", headers: h(provider) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/admin/client-errors?pageSize=1000", headers: h(provider) })).statusCode).toBe(400);
  });
});

describe("retention", () => {
  it("the purge deletes client errors past 30 days and nothing newer", async () => {
    const release = unique("r");
    expect(RETENTION.clientErrorsDays).toBe(30);
    await post({ release, errors: [
      { kind: "error", message: "old", route: "/" },
      { kind: "error", message: "edge", route: "/" },
      { kind: "error", message: "new", route: "/" },
    ] });
    await db.query("update client_errors set received_at = now() - interval '30 days 1 hour' where release = $1 and message = 'old'", [release]);
    await db.query("update client_errors set received_at = now() - interval '29 days 23 hours' where release = $1 and message = 'edge'", [release]);
    // (Another test's purge may run meanwhile: the rows left are what counts.)
    expect(Object.keys(await purgeExpired(db))).toContain("clientErrors");
    expect((await rowsOf(release)).map((r) => r.message)).toEqual(["edge", "new"]);
  });
});
