import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityFeedEntry, Report } from "@atalaya/shared";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";
import { historyWindow, parseIdentifier } from "./history.service.js";

let app: FastifyInstance;
let companyId: number;
let otherCompanyId: number;
let zoneId: number;
let otherZoneId: number;
let adminId: number;
let operatorId: number;
let adminToken: string;
let operatorToken: string;
let zonedToken: string;
let otherToken: string;

const HOUR = 3_600_000;
const ids: Record<string, number> = {};
const uuids: Record<string, string> = {};

/** A report of the company created at `createdAt`, in `zone`, with the attention's status. */
async function insertReport(
  key: string,
  o: { createdAt: Date; typeId?: number; zone?: number; status?: string; assignedTo?: number | null; authorDeleted?: boolean },
): Promise<number> {
  const db = await testDb();
  const [r] = await db.query<{ id: number; uuid: string }>(
    `insert into reports (type_id, initial_type_id, description, latitude, longitude, created_at, deleted_at, deleted_by)
     values ($1, $1, 'Reporte de historial', -33.45, -70.65, $2, $3, $4) returning id, uuid::text as uuid`,
    [o.typeId ?? 0, o.createdAt.toISOString(), o.authorDeleted ? o.createdAt.toISOString() : null, o.authorDeleted ? "author" : null],
  );
  await db.query(
    `insert into report_attentions (company_id, report_id, zone_ids, status, closing_kind, assigned_user_id) values ($1, $2, $3, $4, $5, $6)`,
    [companyId, r!.id, [o.zone ?? zoneId], o.status ?? "pending", o.status === "false" ? "false" : null, o.assignedTo ?? null],
  );
  ids[key] = r!.id;
  uuids[key] = r!.uuid;
  return r!.id;
}

beforeAll(async () => {
  app = await testApp();
  const db = await testDb();
  const company = await buildCompany(db);
  companyId = company.id;
  zoneId = company.zoneId;
  const [zoneB] = await db.query<{ id: number }>(
    "insert into zones (company_id, name, geojson, area) values ($1, 'Norte', '{}', '((-70.7,-33.4),(-70.6,-33.4),(-70.6,-33.3),(-70.7,-33.3))'::polygon) returning id",
    [companyId],
  );
  otherZoneId = zoneB!.id;
  otherCompanyId = (await buildCompany(db)).id;
  const admin = await buildUser(db, { companyId, role: "company_admin" });
  const operator = await buildUser(db, { companyId, role: "operator" });
  const zoned = await buildUser(db, { companyId, role: "operator" });
  await db.query("update memberships set zone_ids = $3, report_type_ids = $4 where company_id = $1 and user_id = $2", [companyId, zoned.id, [zoneId], [0]]);
  adminId = admin.id;
  operatorId = operator.id;
  [adminToken, operatorToken, zonedToken, otherToken] = await Promise.all([
    loginAs(app, admin),
    loginAs(app, operator),
    loginAs(app, zoned),
    loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" })),
  ]);
  const now = Date.now();
  await insertReport("recent", { createdAt: new Date(now - 2 * HOUR) });
  await insertReport("old", { createdAt: new Date(now - 3 * 24 * HOUR) });
  await insertReport("notApplicable", { createdAt: new Date(now - 3 * HOUR), status: "false" });
  await insertReport("byAuthor", { createdAt: new Date(now - 4 * HOUR), authorDeleted: true });
  await insertReport("toDelete", { createdAt: new Date(now - 5 * HOUR), status: "in_progress", assignedTo: operatorId });
  await insertReport("otherZone", { createdAt: new Date(now - HOUR), zone: otherZoneId });
  await insertReport("otherType", { createdAt: new Date(now - HOUR), typeId: 3 });
  // 23:30 of 9 March 2026 in Santiago (UTC-3) is 02:30 of 10 March in UTC.
  await insertReport("santiagoNight", { createdAt: new Date("2026-03-10T02:30:00Z") });
});
afterAll(() => app.close());

const h = (t: string) => ({ "access-token": t });
const historyUrl = (cid = companyId) => `/api/companies/${cid}/reports/history`;
async function history(payload: Record<string, unknown> = {}, token = adminToken) {
  const res = await app.inject({ method: "POST", url: historyUrl(), headers: h(token), payload });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ success: true; reports: Report[]; total: number; from: string; to: string }>(res);
}
const idsOf = (reports: { id: number }[]) => reports.map((r) => r.id);

describe("POST /api/companies/:companyId/reports/history", () => {
  it("401 without a token, 404 for another company, 400 with field codes for bad dates", async () => {
    expect((await app.inject({ method: "POST", url: historyUrl(), payload: {} })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: historyUrl(otherCompanyId), headers: h(adminToken), payload: {} })).statusCode).toBe(404);
    const bad = await app.inject({ method: "POST", url: historyUrl(), headers: h(adminToken), payload: { start_date: "2026-13-01", end_date: "ayer" } });
    expect(bad.statusCode).toBe(400);
    const fields = body<{ error: { fields: { field: string; code: string }[] } }>(bad).error.fields;
    expect(fields.map((f) => f.field).sort()).toEqual(["end_date", "start_date"]);
    const feb30 = await app.inject({ method: "POST", url: historyUrl(), headers: h(adminToken), payload: { start_date: "2026-02-30" } });
    expect(body(feb30)).toMatchObject({ error: { code: "validation", fields: [{ field: "start_date" }] } });
    const reversed = await app.inject({
      method: "POST", url: historyUrl(), headers: h(adminToken), payload: { start_date: "2026-03-10T00:00:00Z", end_date: "2026-03-09T00:00:00Z" },
    });
    expect(body(reversed)).toMatchObject({ error: { code: "validation", fields: [{ field: "end_date", code: "before_start" }] } });
    for (const payload of [{ types: ["robo"] }, { user_id: 99999999999 }, { identifier: "12\u0000" }, { limit: 1000 }, { unknown: 1 }]) {
      const res = await app.inject({ method: "POST", url: historyUrl(), headers: h(adminToken), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("reads the last day in UTC by default, not-applicable and author-deleted reports included, newest first", async () => {
    const page = await history();
    expect(Date.parse(page.to) - Date.parse(page.from)).toBe(24 * HOUR);
    expect(idsOf(page.reports)).toEqual(expect.arrayContaining([ids.recent, ids.notApplicable, ids.byAuthor, ids.toDelete, ids.otherZone, ids.otherType]));
    expect(idsOf(page.reports)).not.toContain(ids.old);
    expect(page.total).toBe(6);
    const createdAt = page.reports.map((r) => Date.parse(r.createdAt));
    expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));
    const notApplicable = page.reports.find((r) => r.id === ids.notApplicable)!;
    expect(notApplicable).toMatchObject({ status: "false", displayStatus: "false", deletedBy: null });
    expect(page.reports.find((r) => r.id === ids.byAuthor)).toMatchObject({ displayStatus: "in_deleting_progress", deletedBy: "author" });
    // The rows are the panel's report shape (same presenter).
    expect(notApplicable.can).toMatchObject({ delete: true });
  });

  it("reads the given window; a day is a UTC day, an instant keeps its offset (23:30 in Santiago is that day there)", async () => {
    const three = new Date(Date.now() - 4 * 24 * HOUR).toISOString();
    expect(idsOf((await history({ start_date: three })).reports)).toContain(ids.old);
    // Santiago's 9 March, written with its offset: the 23:30 report is in it.
    const santiago = await history({ start_date: "2026-03-09T00:00:00-03:00", end_date: "2026-03-09T23:59:59-03:00" });
    expect(idsOf(santiago.reports)).toEqual([ids.santiagoNight]);
    // As UTC days, the same instant is on 10 March.
    expect(idsOf((await history({ start_date: "2026-03-09", end_date: "2026-03-09" })).reports)).toEqual([]);
    expect(idsOf((await history({ start_date: "2026-03-10", end_date: "2026-03-10" })).reports)).toEqual([ids.santiagoNight]);
    // Only an end: the day before it.
    expect(idsOf((await history({ end_date: "2026-03-10T03:00:00Z" })).reports)).toEqual([ids.santiagoNight]);
  });

  it("filters by id, uuid or its start, types and operator; pages", async () => {
    expect(idsOf((await history({ identifier: String(ids.recent) })).reports)).toEqual([ids.recent]);
    expect(idsOf((await history({ identifier: `#${ids.recent}` })).reports)).toEqual([ids.recent]);
    expect(idsOf((await history({ identifier: uuids.recent!.toUpperCase() })).reports)).toEqual([ids.recent]);
    expect(idsOf((await history({ identifier: uuids.recent!.slice(0, 13) })).reports)).toEqual([ids.recent]);
    expect((await history({ identifier: "robo en la esquina" })).total).toBe(0);
    // A code of digits alone (the uuid's first 8 characters, one in 40 reports) finds its report too.
    const db = await testDb();
    await db.query("update reports set uuid = $2::uuid where id = $1", [ids.recent, `20261129-${uuids.recent!.slice(9)}`]);
    try {
      expect(idsOf((await history({ identifier: "20261129" })).reports)).toEqual([ids.recent]);
    } finally {
      await db.query("update reports set uuid = $2::uuid where id = $1", [ids.recent, uuids.recent]);
    }
    expect(idsOf((await history({ types: [3] })).reports)).toEqual([ids.otherType]);
    expect(idsOf((await history({ user_id: operatorId })).reports)).toEqual([ids.toDelete]);
    const first = await history({ limit: 2 });
    const second = await history({ limit: 2, offset: 2 });
    expect(first.total).toBe(6);
    expect(first.reports).toHaveLength(2);
    expect(idsOf(second.reports).some((id) => idsOf(first.reports).includes(id))).toBe(false);
  });

  it("shows a restricted operator only the reports of their zones and types", async () => {
    const page = await history({}, zonedToken);
    expect(idsOf(page.reports)).not.toContain(ids.otherZone);
    expect(idsOf(page.reports)).not.toContain(ids.otherType);
    expect(page.total).toBe(4);
    expect((await history({ identifier: String(ids.otherZone) }, zonedToken)).total).toBe(0);
  });
});

describe("DELETE /api/companies/:companyId/reports/:id", () => {
  const url = (id: number, cid = companyId) => `/api/companies/${cid}/reports/${id}`;

  it("401, 404 for another company's id or report, 403 for an operator", async () => {
    expect((await app.inject({ method: "DELETE", url: url(ids.recent!) })).statusCode).toBe(401);
    expect((await app.inject({ method: "DELETE", url: url(ids.recent!, otherCompanyId), headers: h(adminToken) })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: url(ids.recent!), headers: h(otherToken) })).statusCode).toBe(404);
    const refused = await app.inject({ method: "DELETE", url: url(ids.recent!), headers: h(operatorToken) });
    expect(refused.statusCode).toBe(403);
    expect((await history({ identifier: String(ids.recent) })).reports[0]!.deletedBy).toBeNull();
    // The operator's copy of the report says they may not.
    const detail = await app.inject({ method: "GET", url: url(ids.recent!), headers: h(operatorToken) });
    expect(body<{ report: Report }>(detail).report.can.delete).toBe(false);
  });

  it("takes the report out of the panel's lists and counters, tells the company, keeps it in history and the detail", async () => {
    const db = await testDb();
    const panel = async () => {
      const res = await app.inject({ method: "GET", url: `/api/companies/${companyId}/reports?status=in_progress`, headers: h(adminToken) });
      return body<{ reports: Report[]; counters: Record<string, number> }>(res);
    };
    const before = await panel();
    expect(idsOf(before.reports)).toContain(ids.toDelete);
    const [{ seq: seqBefore } = { seq: 0 }] = await db.query<{ seq: number }>("select coalesce(max(seq), 0)::int as seq from events where company_id = $1", [companyId]);

    const res = await app.inject({ method: "DELETE", url: url(ids.toDelete!), headers: h(adminToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ report: Report }>(res).report).toMatchObject({ deletedBy: "admin", status: "in_progress", displayStatus: "in_progress" });

    const after = await panel();
    expect(idsOf(after.reports)).not.toContain(ids.toDelete);
    expect(after.counters.in_progress).toBe(before.counters.in_progress! - 1);
    const events = await db.query<{ type: string; data: { reportId: number } }>("select type, data from events where company_id = $1 and seq > $2", [companyId, seqBefore]);
    expect(events).toEqual([{ type: "removeReport", data: { reportId: ids.toDelete } }]);

    const detail = await app.inject({ method: "GET", url: url(ids.toDelete!), headers: h(adminToken) });
    expect(detail.statusCode).toBe(200);
    const report = body<{ report: Report }>(detail).report;
    expect(report).toMatchObject({ deletedBy: "admin" });
    expect(report.deletedAt).not.toBeNull();
    expect(Object.values(report.can).every((v) => v === false)).toBe(true);

    const inHistory = (await history({ identifier: String(ids.toDelete) })).reports[0];
    expect(inHistory).toMatchObject({ id: ids.toDelete, deletedBy: "admin" });

    // It can no longer be worked, nor deleted twice.
    const again = await app.inject({ method: "DELETE", url: url(ids.toDelete!), headers: h(adminToken) });
    expect(body(again)).toMatchObject({ error: { code: "invalidTransition", reason: "deletedByAdmin" } });
    const work = await app.inject({ method: "PUT", url: url(ids.toDelete!), headers: h(adminToken), payload: { priority: "high" } });
    expect(work.statusCode).toBe(409);

    // The author-deleted report stays in the panel as in_deleting_progress.
    const pending = await app.inject({ method: "GET", url: `/api/companies/${companyId}/reports?status=pending`, headers: h(adminToken) });
    expect(body<{ reports: Report[] }>(pending).reports.find((r) => r.id === ids.byAuthor)).toMatchObject({ displayStatus: "in_deleting_progress" });

    const logged = await app.inject({ method: "GET", url: `/api/companies/${companyId}/activity?action=deletedByAdmin`, headers: h(adminToken) });
    expect(body<{ activity: ActivityFeedEntry[] }>(logged).activity).toMatchObject([{ action: "deletedByAdmin", actor: { id: adminId }, report: { id: ids.toDelete } }]);
  });
});

describe("GET /api/companies/:companyId/activity", () => {
  const url = (query = "", cid = companyId) => `/api/companies/${cid}/activity${query}`;
  let takenAt: string;

  beforeAll(async () => {
    const db = await testDb();
    // A community member (no membership): what they and the system do is not the operations room's activity.
    const communityId = (await buildUser(db)).id;
    await db.query(
      `insert into activity_log (company_id, report_id, actor_user_id, action, data, created_at) values
         ($1, $2, $3, 'taken', '{}', now() - interval '2 hours'),
         ($1, $2, $3, 'commented', '{}', now() - interval '1 hour'),
         ($1, $4, $5, 'closed', '{"kind":"false"}', now() - interval '3 days'),
         ($1, $6, $5, 'taken', '{}', now() - interval '30 minutes'),
         ($1, $2, null, 'comment_hidden', '{}', now() - interval '20 minutes'),
         ($1, $2, $7, 'liked', '{}', now() - interval '10 minutes')`,
      [companyId, ids.recent, operatorId, ids.notApplicable, adminId, ids.otherZone, communityId],
    );
    // A minute after the 'taken' two hours ago (and well before the comment an hour ago): the database
    // clock counts microseconds, Date.now() milliseconds, so the instant itself could fall either side.
    takenAt = new Date(Date.now() - 2 * HOUR + 60_000).toISOString();
  });

  it("401, 404 for another company, 400 for bad filters", async () => {
    expect((await app.inject({ method: "GET", url: url() })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: url("", otherCompanyId), headers: h(adminToken) })).statusCode).toBe(404);
    for (const q of ["?from=ayer", "?operator=abc", "?action=drop%20table", "?limit=0", "?from=2026-03-10&to=2026-03-09"]) {
      expect((await app.inject({ method: "GET", url: url(q), headers: h(adminToken) })).statusCode, q).toBe(400);
    }
  });

  it("pages what operators did, newest first, with the report and the actor; filters by operator, action and dates", async () => {
    const all = body<{ activity: ActivityFeedEntry[]; total: number }>(await app.inject({ method: "GET", url: url(), headers: h(adminToken) }));
    const ours = all.activity.filter((a) => a.action !== "deletedByAdmin");
    expect(ours.map((a) => a.action)).toEqual(["taken", "commented", "taken", "closed"]);
    expect(ours[1]).toMatchObject({ actor: { id: operatorId, name: "Test User" }, report: { id: ids.recent, uuid: uuids.recent, type: 0 } });
    const byOperator = body<{ activity: ActivityFeedEntry[] }>(await app.inject({ method: "GET", url: url(`?operator=${operatorId}`), headers: h(adminToken) }));
    expect(byOperator.activity.map((a) => a.action)).toEqual(["commented", "taken"]);
    const taken = body<{ activity: ActivityFeedEntry[] }>(await app.inject({ method: "GET", url: url("?action=taken"), headers: h(adminToken) }));
    expect(taken.activity.map((a) => a.report.id)).toEqual([ids.otherZone, ids.recent]);
    const from = new Date(Date.now() - 2 * 24 * HOUR).toISOString();
    const window = body<{ activity: ActivityFeedEntry[] }>(await app.inject({ method: "GET", url: url(`?from=${encodeURIComponent(from)}&to=${encodeURIComponent(takenAt)}`), headers: h(adminToken) }));
    expect(window.activity.map((a) => a.action)).toEqual(["taken"]);
    const paged = body<{ activity: ActivityFeedEntry[]; total: number }>(await app.inject({ method: "GET", url: url("?limit=1&offset=1"), headers: h(adminToken) }));
    expect(paged.activity).toHaveLength(1);
    expect(paged.total).toBe(all.total);
  });

  it("shows a restricted operator only what was done to reports they may see", async () => {
    const res = body<{ activity: ActivityFeedEntry[] }>(await app.inject({ method: "GET", url: url(), headers: h(zonedToken) }));
    expect(res.activity.map((a) => a.report.id)).not.toContain(ids.otherZone);
    expect(res.activity.map((a) => a.action)).toEqual(expect.arrayContaining(["commented", "closed"]));
  });
});

describe("history filter helpers", () => {
  it("reads an identifier as an id, a uuid or the start of one", () => {
    expect(parseIdentifier("42")).toEqual({ id: 42 });
    expect(parseIdentifier("0")).toBeNull();
    // Too big for an id: only the start of a uuid could match it.
    expect(parseIdentifier("99999999999")).toEqual({ uuidPrefix: "99999999999" });
    // A code of digits alone (one uuid in 40 starts so) is looked for as an id and as a code.
    expect(parseIdentifier("20261129")).toEqual({ id: 20261129, uuidPrefix: "20261129" });
    expect(parseIdentifier("#20261129")).toEqual({ id: 20261129 });
    expect(parseIdentifier("4242")).toEqual({ id: 4242, uuidPrefix: "4242" });
    expect(parseIdentifier("1B4E28BA-2FA1-11D2-883F-0016D3CCA427")).toEqual({ uuid: "1b4e28ba-2fa1-11d2-883f-0016d3cca427" });
    expect(parseIdentifier("1b4e28ba")).toEqual({ uuidPrefix: "1b4e28ba" });
    expect(parseIdentifier("robo")).toBeNull();
  });

  it("defaults to the last day ending now", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(historyWindow(undefined, undefined, now)).toEqual({ from: new Date("2026-11-22T12:00:00Z"), to: now });
    expect(historyWindow("2026-11-20", undefined, now)).toEqual({ from: new Date("2026-11-20T00:00:00Z"), to: now });
    expect(historyWindow("2026-11-20", "2026-11-20", now)).toEqual({ from: new Date("2026-11-20T00:00:00Z"), to: new Date("2026-11-21T00:00:00Z") });
  });
});
