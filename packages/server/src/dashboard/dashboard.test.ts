import { MODULES } from "@atalaya/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  DashboardApps,
  DashboardOperators,
  DashboardReports,
  DashboardSummary,
  DashboardUsers,
  ReportStatus,
  Shift,
} from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, unique } from "../test/harness.js";
import { changePct, instantWindow, localWindow, windowDays } from "./window.js";

const WITHOUT_V2 = MODULES.filter((m) => m !== "statistics_v2");

let app: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let centro: number;
let norte: number;
let adminToken: string;
let zonedToken: string;
let patrolToken: string;
let otherToken: string;
let opA: number;
let opB: number;
let adminId: number;
const users: Record<string, number> = {};
const ids: Record<string, number> = {};

const h = (t: string) => ({ "access-token": t });

// The week of Monday 2 to Sunday 8 March 2026 in Santiago (UTC-3 then: summer time until 4 April).
const WEEK = "start_date=03-02-2026&start_time=00:00:00&end_date=03-08-2026&end_time=23:59:59";

interface ReportSpec {
  createdAt: string;
  company?: number;
  type?: number;
  zones?: number[];
  status?: ReportStatus;
  userId?: number | null;
  anonymous?: boolean;
  closedAt?: string;
  closedBy?: number;
  dueDate?: string;
  authorDeleted?: boolean;
  adminDeleted?: boolean;
  source?: string | null;
}

/** A report received by the company at createdAt (report and attention alike, as at intake). */
async function report(key: string, o: ReportSpec): Promise<number> {
  const [r] = await db.query<{ id: number }>(
    `insert into reports (type_id, initial_type_id, description, latitude, longitude, user_id, is_anonymous, source, created_at, deleted_at, deleted_by)
     values ($1, $1, 'Reporte del tablero', -33.45, -70.65, $2, $3, $4, $5, $6, $7) returning id`,
    [o.type ?? 0, o.userId ?? null, o.anonymous ?? false, o.source === undefined ? "app" : o.source, o.createdAt, o.authorDeleted ? o.createdAt : null, o.authorDeleted ? "author" : null],
  );
  const status = o.status ?? "pending";
  await db.query(
    `insert into report_attentions (company_id, report_id, zone_ids, status, closing_kind, closed_at, closed_by_user_id, due_date, deleted_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      o.company ?? companyId, r!.id, o.zones ?? [centro], status, status === "solved" || status === "false" ? status : null,
      o.closedAt ?? null, o.closedBy ?? null, o.dueDate ?? null, o.adminDeleted ? o.createdAt : null, o.createdAt,
    ],
  );
  ids[key] = r!.id;
  return r!.id;
}

async function activity(reportId: number, actor: number, action: string, at: string, data: Record<string, unknown> = {}) {
  await db.query("insert into activity_log (company_id, report_id, actor_user_id, action, data, created_at) values ($1, $2, $3, $4, $5, $6)", [
    companyId, reportId, actor, action, JSON.stringify(data), at,
  ]);
}

async function communityUser(key: string, createdAt: string): Promise<number> {
  const u = await buildUser(db);
  await db.query("update users set created_at = $2, first_name = $3, last_name = 'Vecino' where id = $1", [u.id, createdAt, key]);
  users[key] = u.id;
  return u.id;
}

/** A company with this id (the SPEC §6 gates name companies by id): the sequence moves past it so no
 * other test's company takes it; undefined when one already has it. */
async function companyWithId(id: number): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    await tx.query("lock table companies in exclusive mode");
    if ((await tx.query("select 1 from companies where id = $1", [id])).length) return undefined;
    await tx.query("select setval('companies_id_seq', greatest($1::bigint, (select last_value from companies_id_seq)))", [id]);
    await tx.query("insert into companies (id, name, bound_latitude, bound_longitude, modules) values ($1, $2, -33.44, -70.65, $3)", [id, unique("Apps"), [...MODULES]]);
    return id;
  });
}

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  // Every module but the beta statistics v2, which one test turns on.
  const company = await buildCompany(db, { modules: WITHOUT_V2 });
  companyId = company.id;
  centro = company.zoneId;
  const [zone] = await db.query<{ id: number }>(
    "insert into zones (company_id, name, geojson, area) values ($1, 'Norte', '{}', '((-70.7,-33.4),(-70.6,-33.4),(-70.6,-33.3),(-70.7,-33.3))'::polygon) returning id",
    [companyId],
  );
  norte = zone!.id;
  otherCompanyId = (await buildCompany(db)).id;
  const admin = await buildUser(db, { companyId, role: "company_admin" });
  const a = await buildUser(db, { companyId, role: "operator" });
  const b = await buildUser(db, { companyId, role: "operator" });
  const zoned = await buildUser(db, { companyId, role: "operator" });
  await db.query("update memberships set zone_ids = $3, report_type_ids = $4 where company_id = $1 and user_id = $2", [companyId, zoned.id, [centro], [0]]);
  adminId = admin.id;
  opA = a.id;
  opB = b.id;
  [adminToken, zonedToken, patrolToken, otherToken] = await Promise.all([
    loginAs(app, admin),
    loginAs(app, zoned),
    loginAs(app, await buildUser(db, { companyId, role: "patrol" })),
    loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" })),
  ]);

  // c1 joined at 23:30 of 2 March in Santiago (02:30 of the 3rd in UTC); c2 long before; c3 reported only
  // a not-applicable report; c4 joined in the week and reported nothing.
  await communityUser("c1", "2026-03-03T02:30:00Z");
  await communityUser("c2", "2025-01-01T12:00:00Z");
  await communityUser("c3", "2026-03-05T12:00:00Z");
  await communityUser("c4", "2026-03-04T12:00:00Z");

  // Monday 10:00, pending.
  await report("r1", { createdAt: "2026-03-02T13:00:00Z", userId: users.c1 });
  // Tuesday 09:00: taken at 09:10 by A (Mañana), closed at 10:00 by A, due at 09:30: closed late.
  await report("r2", { createdAt: "2026-03-03T12:00:00Z", userId: users.c1, status: "solved", closedAt: "2026-03-03T13:00:00Z", closedBy: opA, dueDate: "2026-03-03T12:30:00Z" });
  await activity(ids.r2!, opA, "taken", "2026-03-03T12:10:00Z");
  // Tuesday 23:30 in Santiago (Wednesday 02:30 UTC), zone Norte, type 3: assigned to B by the admin at 23:50
  // (Noche), closed by B at 02:30 (Noche, past midnight), before its due time.
  await report("r3", {
    createdAt: "2026-03-04T02:30:00Z", type: 3, zones: [norte], userId: users.c2, status: "solved",
    closedAt: "2026-03-04T05:30:00Z", closedBy: opB, dueDate: "2026-03-04T06:00:00Z",
  });
  await activity(ids.r3!, adminId, "assigned", "2026-03-04T02:50:00Z", { userId: opB });
  await activity(ids.r3!, opB, "taken", "2026-03-04T03:10:00Z");
  // Thursday 12:00, anonymous: taken by B at 12:30 (Mañana).
  await report("r4", { createdAt: "2026-03-05T15:00:00Z", userId: users.c1, anonymous: true, status: "in_progress" });
  await activity(ids.r4!, opB, "taken", "2026-03-05T15:30:00Z");
  // Friday 11:00, closed as not applicable by A: in the false counter only.
  await report("r5", { createdAt: "2026-03-06T14:00:00Z", userId: users.c3, status: "false", closedAt: "2026-03-06T15:00:00Z", closedBy: opA });
  await activity(ids.r5!, opA, "taken", "2026-03-06T14:10:00Z");
  // Saturday 17:00, type 3, in no zone: taken by A at 17:05 and closed at 20:00 (both outside every shift).
  await report("r6", { createdAt: "2026-03-07T20:00:00Z", type: 3, zones: [], status: "solved", closedAt: "2026-03-07T23:00:00Z", closedBy: opA });
  await activity(ids.r6!, opA, "taken", "2026-03-07T20:05:00Z");
  // Sunday 10:00, in both zones, in observation (taken before the log existed: no take time).
  await report("r13", { createdAt: "2026-03-08T13:00:00Z", zones: [centro, norte], status: "in_observation" });
  // Left out: deleted by its author, deleted by an admin, just outside the week on either side, another company's.
  await report("authorDeleted", { createdAt: "2026-03-05T13:00:00Z", userId: users.c1, authorDeleted: true });
  await report("adminDeleted", { createdAt: "2026-03-05T13:00:00Z", userId: users.c1, adminDeleted: true });
  await report("before", { createdAt: "2026-03-02T02:30:00Z" });
  await report("beforeSolved", { createdAt: "2026-02-27T12:00:00Z", status: "solved", closedAt: "2026-02-27T14:00:00Z", closedBy: opA });
  await report("after", { createdAt: "2026-03-09T03:30:00Z" });
  await report("stranger", { createdAt: "2026-03-04T12:00:00Z", company: otherCompanyId, zones: [] });

  // Complaints: two in the week about c1's reports, one about its anonymous report (not shown), one before
  // the week; about c2 a comment on r3 (zone Norte) and one an operator filed about the user.
  const complaint = async (by: string, target: string, kind: string, reportId: number | null, at: string, company: number | null = null) =>
    db.query(
      `insert into user_complaints (complainant_id, target_user_id, target_kind, target_id, report_id, company_id, reason, created_at)
       values ($1, $2, $3, $4, $5, $6, 'spam', $7)`,
      [users[by] ?? by, users[target], kind, reportId ?? users[target], reportId, company, at],
    );
  await complaint("c2", "c1", "report", ids.r1!, "2026-03-04T12:00:00Z");
  await complaint("c3", "c1", "report", ids.r2!, "2026-03-05T12:00:00Z");
  await complaint("c2", "c1", "report", ids.r4!, "2026-03-05T12:00:00Z");
  await complaint("c3", "c1", "report", ids.r1!, "2026-02-01T12:00:00Z");
  await db.query(
    `insert into user_complaints (complainant_id, target_user_id, target_kind, target_id, report_id, company_id, reason, created_at)
     values ($1, $2, 'report', $3, $3, null, 'spam', '2026-02-01T12:00:00Z'), ($4, $2, 'comment', 999999, $5, null, 'offensive', '2026-03-06T12:00:00Z'),
            ($6, $2, 'user', $2, null, $7, 'harassment', '2026-03-07T12:00:00Z')`,
    [users.c4, users.c2, ids.r3, users.c1, ids.r3, adminId, companyId],
  );
});
afterAll(() => app.close());

async function get<T>(path: string, token = adminToken, cid = companyId): Promise<T> {
  const res = await app.inject({ method: "GET", url: `/api/companies/${cid}/${path}`, headers: h(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body<T>(res);
}

const TABS = ["summary", "reports", "operators", "users"] as const;

describe("dashboard access and filter", () => {
  it("401 without a token, 404 for another company, 403 for a patrol", async () => {
    for (const tab of [...TABS, "apps"]) {
      const url = `/api/companies/${companyId}/dashboard/${tab}`;
      expect((await app.inject({ method: "GET", url })).statusCode, tab).toBe(401);
      expect((await app.inject({ method: "GET", url: `/api/companies/${otherCompanyId}/dashboard/${tab}`, headers: h(adminToken) })).statusCode, tab).toBe(404);
      expect((await app.inject({ method: "GET", url, headers: h(otherToken) })).statusCode, tab).toBe(404);
      expect((await app.inject({ method: "GET", url, headers: h(patrolToken) })).statusCode, tab).toBe(403);
    }
  });

  it("400 with the field for a bad period, date, time or list, never a 500", async () => {
    const cases: [string, string][] = [
      ["period=5", "period"],
      ["period=abc", "period"],
      ["period=6.0", "period"],
      ["start_date=2026-11-25", "start_date"],
      ["start_date=13-40-2026", "start_date"],
      ["start_date=02-30-2026", "start_date"],
      ["end_date=11-25-26", "end_date"],
      ["start_date=11-01-2026&start_time=25:00:00", "start_time"],
      ["start_date=11-01-2026&start_time=10:00", "start_time"],
      ["end_date=11-01-2026&end_time=10%3A00%3A00%01", "end_time"],
      ["types=2147483648", "types"],
      ["types=1,,2", "types"],
      ["types=-1", "types"],
      ["types=1%01", "types"],
      ["types=1%00", "types"],
      ["status=everything", "status"],
      ["status=pending%0A", "status"],
      ["zones_id=99999999999", "zones_id"],
      ["start_time=10:00:00", "start_date"],
      ["end_time=10:00:00", "end_date"],
      ["start_date=03-08-2026&end_date=03-02-2026", "end_date"],
      ["start_date=01-01-2024&end_date=01-01-2026", "start_date"],
    ];
    for (const [query, field] of cases) {
      const res = await app.inject({ method: "GET", url: `/api/companies/${companyId}/dashboard/summary?${query}`, headers: h(adminToken) });
      expect(res.statusCode, query).toBe(400);
      const fields = body<{ error: { code: string; fields: { field: string }[] } }>(res).error;
      expect(fields.code, query).toBe("validation");
      expect(fields.fields.map((f) => f.field), query).toContain(field);
    }
  });

  it("a period ends now (6 days by default); dates are read in the company's timezone", async () => {
    const fresh = await buildCompany(db);
    const token = await loginAs(app, await buildUser(db, { companyId: fresh.id, role: "operator" }));
    const ago = (days: number) => new Date(Date.now() - days * 24 * 3600_000).toISOString();
    for (const [days, status] of [[0.5, "pending"], [3, "solved"], [10, "pending"], [40, "pending"]] as const) {
      await report(`ago${days}`, { createdAt: ago(days), company: fresh.id, status, zones: [fresh.zoneId] });
    }
    const byDefault = await get<DashboardSummary>("dashboard/summary", token, fresh.id);
    expect(byDefault.window.period).toBe(6);
    expect(byDefault.window.timezone).toBe("America/Santiago");
    expect(Date.parse(byDefault.window.to) - Date.parse(byDefault.window.from)).toBe(6 * 24 * 3600_000);
    expect(byDefault.counters).toEqual({ pending: 1, in_progress: 0, solved: 1, false: 0, in_observation: 0 });
    expect(byDefault.per_day.length).toBeGreaterThanOrEqual(6);
    expect((await get<DashboardSummary>("dashboard/summary?period=1", token, fresh.id)).total).toBe(1);
    expect((await get<DashboardSummary>("dashboard/summary?period=14", token, fresh.id)).total).toBe(3);
    expect((await get<DashboardSummary>("dashboard/summary?period=90", token, fresh.id)).total).toBe(4);
    // Dates win over a period; the window is the week in Santiago, its end second included.
    const week = await get<DashboardSummary>(`dashboard/summary?period=1&${WEEK}`);
    expect(week.window).toEqual({ from: "2026-03-02T03:00:00.000Z", to: "2026-03-09T03:00:00.000Z", timezone: "America/Santiago", period: null });
    // Without times: the whole days.
    expect((await get<DashboardSummary>("dashboard/summary?start_date=03-02-2026&end_date=03-08-2026")).window).toMatchObject(week.window);
  });
});

describe("GET …/dashboard/summary", () => {
  it("counts the week by status, day (23:30 in Santiago is that day), type, weekday and hour; not-applicable only in false", async () => {
    const s = await get<DashboardSummary>(`dashboard/summary?${WEEK}`);
    expect(s.counters).toEqual({ pending: 1, in_progress: 1, solved: 3, false: 1, in_observation: 1 });
    expect(s.total).toBe(6);
    expect(s.per_day).toEqual([
      { date: "2026-03-02", count: 1 },
      { date: "2026-03-03", count: 2 },
      { date: "2026-03-04", count: 0 },
      { date: "2026-03-05", count: 1 },
      { date: "2026-03-06", count: 0 },
      { date: "2026-03-07", count: 1 },
      { date: "2026-03-08", count: 1 },
    ]);
    expect(s.per_type).toEqual([{ type: 0, count: 4 }, { type: 3, count: 2 }]);
    expect(s.by_weekday).toEqual([1, 2, 0, 1, 0, 1, 1].map((count, i) => ({ weekday: i + 1, count })));
    expect(s.by_hour.filter((x) => x.count > 0)).toEqual([{ hour: 9, count: 1 }, { hour: 10, count: 2 }, { hour: 12, count: 1 }, { hour: 17, count: 1 }, { hour: 23, count: 1 }]);
    expect(s.by_hour).toHaveLength(24);
    expect(s.by_weekday_hour).toEqual([
      { weekday: 1, hour: 10, count: 1 },
      { weekday: 2, hour: 9, count: 1 },
      { weekday: 2, hour: 23, count: 1 },
      { weekday: 4, hour: 12, count: 1 },
      { weekday: 6, hour: 17, count: 1 },
      { weekday: 7, hour: 10, count: 1 },
    ]);
    expect(s.previous).toBeNull();
  });

  it("times to take (first take or assignment) and to close, against due times", async () => {
    const s = await get<DashboardSummary>(`dashboard/summary?${WEEK}`);
    // Takes: r2 10 min, r3 20 min (its assignment, before B's take), r4 30 min, r6 5 min; r5 is not applicable.
    expect(s.attention.take).toEqual({ count: 4, average_seconds: 975, median_seconds: 900 });
    // Closings: r2 1 h, r3 3 h, r6 3 h.
    expect(s.attention.close).toEqual({ count: 3, average_seconds: 8400, median_seconds: 10800 });
    expect(s.attention.due).toEqual({ closed_with_due: 2, closed_late: 1, late_share: 0.5 });
  });

  it("applies the types, status and zones filters", async () => {
    const types = await get<DashboardSummary>(`dashboard/summary?${WEEK}&types=3`);
    expect(types.counters).toEqual({ pending: 0, in_progress: 0, solved: 2, false: 0, in_observation: 0 });
    expect(types.attention.close).toEqual({ count: 2, average_seconds: 10800, median_seconds: 10800 });
    const status = await get<DashboardSummary>(`dashboard/summary?${WEEK}&status=pending,false`);
    expect(status.counters).toEqual({ pending: 1, in_progress: 0, solved: 0, false: 1, in_observation: 0 });
    expect(status.total).toBe(1);
    const zones = await get<DashboardSummary>(`dashboard/summary?${WEEK}&zones_id=${norte}`);
    expect(zones.counters).toEqual({ pending: 0, in_progress: 0, solved: 1, false: 0, in_observation: 1 });
    expect((await get<DashboardSummary>(`dashboard/summary?${WEEK}&types=`)).total).toBe(6);
  });

  it("shows a restricted operator only their zones' and types' reports", async () => {
    const s = await get<DashboardSummary>(`dashboard/summary?${WEEK}`, zonedToken);
    // r1, r2, r4, r5 and r13 (in Centro too); r3 is in Norte and of type 3, r6 of type 3.
    expect(s.counters).toEqual({ pending: 1, in_progress: 1, solved: 1, false: 1, in_observation: 1 });
    expect(s.per_type).toEqual([{ type: 0, count: 4 }]);
    expect(s.attention.take).toEqual({ count: 2, average_seconds: 1200, median_seconds: 1200 });
  });

  it("statistics v2: each figure of the period before and its change in %", async () => {
    await db.query("update companies set modules = $2 where id = $1", [companyId, [...WITHOUT_V2, "statistics_v2"]]);
    try {
      const s = await get<DashboardSummary>(`dashboard/summary?${WEEK}`);
      // The week before: 23 February 03:00 UTC to 2 March 03:00 UTC, holding `before` (pending) and
      // `beforeSolved` (closed in 2 h).
      expect(s.previous).toMatchObject({ from: "2026-02-23T03:00:00.000Z", to: "2026-03-02T03:00:00.000Z" });
      expect(s.previous!.figures).toEqual({
        total: { previous: 2, change_pct: 200 },
        pending: { previous: 1, change_pct: 0 },
        in_progress: { previous: 0, change_pct: null },
        solved: { previous: 1, change_pct: 200 },
        false: { previous: 0, change_pct: null },
        in_observation: { previous: 0, change_pct: null },
        take_average_seconds: { previous: null, change_pct: null },
        take_median_seconds: { previous: null, change_pct: null },
        close_average_seconds: { previous: 7200, change_pct: 16.7 },
        close_median_seconds: { previous: 7200, change_pct: 50 },
        late_share: { previous: null, change_pct: null },
      });
    } finally {
      await db.query("update companies set modules = $2 where id = $1", [companyId, WITHOUT_V2]);
    }
  });
});

describe("GET …/dashboard/reports", () => {
  it("by status, type and zone (a report in two zones counts in each), and each day by status", async () => {
    const r = await get<DashboardReports>(`dashboard/reports?${WEEK}`);
    expect(r.by_status).toEqual({ pending: 1, in_progress: 1, solved: 3, false: 1, in_observation: 1 });
    expect(r.by_type).toEqual([{ type: 0, count: 4 }, { type: 3, count: 2 }]);
    expect(r.by_zone).toEqual([
      { zone_id: centro, name: "Centro", count: 4 },
      { zone_id: norte, name: "Norte", count: 2 },
      { zone_id: null, name: null, count: 1 },
    ]);
    const none = { pending: 0, in_progress: 0, solved: 0, false: 0, in_observation: 0 };
    expect(r.per_day).toEqual([
      { date: "2026-03-02", ...none, pending: 1 },
      { date: "2026-03-03", ...none, solved: 2 },
      { date: "2026-03-04", ...none },
      { date: "2026-03-05", ...none, in_progress: 1 },
      { date: "2026-03-06", ...none, false: 1 },
      { date: "2026-03-07", ...none, solved: 1 },
      { date: "2026-03-08", ...none, in_observation: 1 },
    ]);
    const north = await get<DashboardReports>(`dashboard/reports?${WEEK}&zones_id=${norte}`);
    expect(north.by_zone).toEqual([{ zone_id: norte, name: "Norte", count: 2 }]);
    const zoned = await get<DashboardReports>(`dashboard/reports?${WEEK}`, zonedToken);
    expect(zoned.by_zone).toEqual([{ zone_id: centro, name: "Centro", count: 4 }, { zone_id: norte, name: "Norte", count: 1 }]);
  });
});

describe("shifts", () => {
  const url = (rest = "") => `/api/companies/${companyId}/shifts${rest}`;

  it("admins define them (name unique per company, HH:mm:ss, may cross midnight); operators read them", async () => {
    const create = (payload: object, token = adminToken) => app.inject({ method: "POST", url: url(), headers: h(token), payload });
    const night = await create({ name: "Noche", start_time: "22:00:00", end_time: "06:00:00" });
    expect(night.statusCode, night.body).toBe(200);
    expect(body<{ shift: Shift }>(night).shift).toMatchObject({ name: "Noche", start_time: "22:00:00", end_time: "06:00:00" });
    const morning = body<{ shift: Shift }>(await create({ name: "Mañana", start_time: "08:00:00", end_time: "13:00:00" })).shift;
    expect((await create({ name: "Tarde", start_time: "14:00:00", end_time: "20:00:00" }, zonedToken)).statusCode).toBe(403);
    const again = await create({ name: "  noche ", start_time: "21:00:00", end_time: "05:00:00" });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ error: { code: "conflict", fields: [{ field: "name", code: "taken" }] } });
    for (const payload of [
      { name: "", start_time: "08:00:00", end_time: "10:00:00" },
      { name: "Sin fin", start_time: "08:00:00" },
      { name: "Mal", start_time: "8:00", end_time: "10:00:00" },
      { name: "Mal", start_time: "24:00:00", end_time: "10:00:00" },
      { name: "Igual", start_time: "08:00:00", end_time: "08:00:00" },
      { name: "Control\u0007", start_time: "08:00:00", end_time: "10:00:00" },
    ]) {
      expect((await create(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Edit: the morning shift ends at 14:00.
    const edit = await app.inject({ method: "PUT", url: url(`/${morning.id}`), headers: h(adminToken), payload: { name: "Mañana", start_time: "08:00:00", end_time: "14:00:00" } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await app.inject({ method: "PUT", url: url(`/${morning.id}`), headers: h(adminToken), payload: { name: "Noche", start_time: "08:00:00", end_time: "14:00:00" } })).statusCode).toBe(409);
    const list = await get<{ shifts: Shift[] }>("shifts", zonedToken);
    expect(list.shifts.map((s) => [s.name, s.start_time, s.end_time])).toEqual([["Mañana", "08:00:00", "14:00:00"], ["Noche", "22:00:00", "06:00:00"]]);
    expect((await app.inject({ method: "GET", url: url(), headers: h(patrolToken) })).statusCode).toBe(403);
    // Another company cannot see, edit or delete them.
    expect((await app.inject({ method: "GET", url: `/api/companies/${otherCompanyId}/shifts`, headers: h(adminToken) })).statusCode).toBe(404);
    const otherShifts = body<{ shifts: Shift[] }>(await app.inject({ method: "GET", url: `/api/companies/${otherCompanyId}/shifts`, headers: h(otherToken) })).shifts;
    expect(otherShifts).toEqual([]);
    const foreign = { name: "Ajeno", start_time: "08:00:00", end_time: "09:00:00" };
    expect((await app.inject({ method: "PUT", url: `/api/companies/${otherCompanyId}/shifts/${morning.id}`, headers: h(otherToken), payload: foreign })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: `/api/companies/${otherCompanyId}/shifts/${morning.id}`, headers: h(otherToken) })).statusCode).toBe(404);
    // Delete one and put it back: the name is free again.
    const temp = body<{ shift: Shift }>(await create({ name: "Temporal", start_time: "01:00:00", end_time: "02:00:00" })).shift;
    expect((await app.inject({ method: "DELETE", url: url(`/${temp.id}`), headers: h(zonedToken) })).statusCode).toBe(403);
    expect((await app.inject({ method: "DELETE", url: url(`/${temp.id}`), headers: h(adminToken) })).statusCode).toBe(200);
    expect((await app.inject({ method: "DELETE", url: url(`/${temp.id}`), headers: h(adminToken) })).statusCode).toBe(404);
    expect((await get<{ shifts: Shift[] }>("shifts")).shifts).toHaveLength(2);
  });
});

describe("GET …/dashboard/operators", () => {
  it("the top closers and each operator's takes and closings with times, by shift (Noche crosses midnight)", async () => {
    const o = await get<DashboardOperators>(`dashboard/operators?${WEEK}`);
    const [morning, night] = o.shifts;
    expect(o.shifts.map((s) => s.name)).toEqual(["Mañana", "Noche"]);
    expect(o.top).toEqual([{ user_id: opA, name: "Test User", closed: 2 }, { user_id: opB, name: "Test User", closed: 1 }]);
    const d = (count: number, average: number | null, median = average) => ({ count, average_seconds: average, median_seconds: median });
    // No reporter rated these reports (issue 17).
    const unrated = { rating: { count: 0, average: null } };
    const none = { taken: 0, closed: 0, take: d(0, null), close: d(0, null), ...unrated };
    expect(o.operators).toEqual([
      {
        user_id: opA, name: "Test User", taken: 2, closed: 2, take: d(2, 450), close: d(2, 7200), ...unrated,
        by_shift: [
          // r2 taken at 09:10 and closed at 10:00; r6 taken at 17:05 and closed at 20:00, outside every shift.
          { shift_id: morning!.id, taken: 1, closed: 1, take: d(1, 600), close: d(1, 3600), ...unrated },
          { shift_id: night!.id, ...none },
          { shift_id: null, taken: 1, closed: 1, take: d(1, 300), close: d(1, 10800), ...unrated },
        ],
      },
      {
        user_id: opB, name: "Test User", taken: 2, closed: 1, take: d(2, 1500), close: d(1, 10800), ...unrated,
        by_shift: [
          // r4 taken at 12:30; r3 assigned to B at 23:50 and closed at 02:30 the next day: both Noche.
          { shift_id: morning!.id, taken: 1, closed: 0, take: d(1, 1800), close: d(0, null), ...unrated },
          { shift_id: night!.id, taken: 1, closed: 1, take: d(1, 1200), close: d(1, 10800), ...unrated },
          { shift_id: null, ...none },
        ],
      },
    ]);
  });

  it("shows a restricted operator only their reports' figures", async () => {
    const o = await get<DashboardOperators>(`dashboard/operators?${WEEK}`, zonedToken);
    expect(o.operators.map((x) => [x.user_id, x.taken, x.closed])).toEqual([[opA, 1, 1], [opB, 1, 0]]);
  });

  it("lists at most 3 in the top", async () => {
    const fresh = await buildCompany(db);
    const closers = await Promise.all([0, 1, 2, 3].map(() => buildUser(db, { companyId: fresh.id, role: "operator" })));
    for (const [i, closer] of closers.entries()) {
      for (let n = 0; n <= i; n++) {
        await report(`top${i}-${n}`, { createdAt: "2026-03-03T12:00:00Z", company: fresh.id, zones: [fresh.zoneId], status: "solved", closedAt: "2026-03-03T12:30:00Z", closedBy: closer.id });
      }
    }
    const token = await loginAs(app, closers[0]!);
    const o = await get<DashboardOperators>(`dashboard/operators?${WEEK}`, token, fresh.id);
    expect(o.top.map((t) => [t.user_id, t.closed])).toEqual([[closers[3]!.id, 4], [closers[2]!.id, 3], [closers[1]!.id, 2]]);
    expect(o.operators).toHaveLength(4);
  });
});

describe("GET …/dashboard/users", () => {
  it("the community users who report most, the most reported users and new users per day", async () => {
    const u = await get<DashboardUsers>(`dashboard/users?${WEEK}`);
    // c1: r1 and r2 (r4 is anonymous); c2: r3; c3 only a not-applicable report.
    expect(u.top_reporters).toEqual([{ user_id: users.c1, name: "c1 Vecino", reports: 2 }, { user_id: users.c2, name: "c2 Vecino", reports: 1 }]);
    // c1: complaints about r1 and r2 in the week; c2: about a comment on r3 and the operator's about the user.
    expect(u.reported_users).toEqual([
      { user_id: users.c1, name: "c1 Vecino", complaints: 2, locked: false },
      { user_id: users.c2, name: "c2 Vecino", complaints: 2, locked: false },
    ]);
    // c1 joined at 23:30 of 2 March in Santiago.
    expect(u.new_users_per_day.find((d) => d.count > 0)).toEqual({ date: "2026-03-02", count: 1 });
    expect(u.new_users_per_day.reduce((n, d) => n + d.count, 0)).toBe(1);
    expect(u.new_users_per_day).toHaveLength(7);
  });

  it("shows a restricted operator only what their reports hold", async () => {
    const u = await get<DashboardUsers>(`dashboard/users?${WEEK}`, zonedToken);
    expect(u.top_reporters).toEqual([{ user_id: users.c1, name: "c1 Vecino", reports: 2 }]);
    expect(u.reported_users).toEqual([{ user_id: users.c1, name: "c1 Vecino", complaints: 2, locked: false }]);
  });
});

describe("GET …/dashboard/apps", () => {
  it("403 for a company outside the SPEC §6 gate; reports per app and version and active reporters for 110 and 268", async () => {
    expect((await app.inject({ method: "GET", url: `/api/companies/${companyId}/dashboard/apps?${WEEK}`, headers: h(adminToken) })).statusCode).toBe(403);
    const gated = (await companyWithId(268)) ?? (await companyWithId(110));
    if (gated === undefined) throw new Error("companies 268 and 110 both exist already: the apps gate cannot be tested");
    const token = await loginAs(app, await buildUser(db, { companyId: gated, role: "operator" }));
    const at = (day: number, hour = 12) => `2026-03-0${day}T${String(hour).padStart(2, "0")}:00:00Z`;
    await report("a1", { company: gated, createdAt: at(2), source: "app/5.2.1", userId: users.c1, zones: [] });
    await report("a2", { company: gated, createdAt: at(2, 15), source: "app/5.2.1", userId: users.c2, zones: [] });
    await report("a3", { company: gated, createdAt: at(3), source: "app/5.3.0", userId: users.c1, zones: [] });
    await report("a4", { company: gated, createdAt: at(3, 14), source: "portal", userId: null, zones: [] });
    await report("a5", { company: gated, createdAt: at(4), source: "app/5.3.0", userId: users.c3, status: "false", zones: [] });
    await report("a6", { company: gated, createdAt: at(4, 13), source: null, userId: users.c2, anonymous: true, zones: [] });
    const a = await get<DashboardApps>(`dashboard/apps?${WEEK}`, token, gated);
    expect(a.by_source).toEqual([
      { source: "app", version: "5.2.1", reports: 2 },
      { source: "app", version: "5.3.0", reports: 1 },
      { source: "portal", version: null, reports: 1 },
      { source: "unknown", version: null, reports: 1 },
    ]);
    expect(a.active_reporters_per_day.slice(0, 4)).toEqual([
      { date: "2026-03-02", count: 2 },
      { date: "2026-03-03", count: 1 },
      { date: "2026-03-04", count: 1 },
      { date: "2026-03-05", count: 0 },
    ]);
  });
});

describe("dashboard window helpers", () => {
  it("reads the filter's window", () => {
    expect(localWindow({})).toEqual({ start: null, end: null, period: 6 });
    expect(localWindow({ period: 30 })).toEqual({ start: null, end: null, period: 30 });
    expect(localWindow({ period: 30, start_date: "11-01-2026" })).toEqual({ start: "2026-11-01 00:00:00", end: null, period: null });
    expect(localWindow({ end_date: "11-25-2026", end_time: "18:30:00" })).toEqual({ start: null, end: "2026-11-25 18:30:00", period: null });
    const now = new Date("2026-11-25T12:00:00Z");
    expect(instantWindow({ start: null, end: null, period: 1 }, null, null, now)).toEqual({ from: new Date("2026-11-24T12:00:00Z"), to: now });
    // Only an end: the default period before it.
    expect(instantWindow({ start: null, end: "x", period: null }, null, new Date("2026-11-25T02:59:59Z"), now)).toEqual({
      from: new Date("2026-11-19T03:00:00Z"), to: new Date("2026-11-25T03:00:00Z"),
    });
  });

  it("lists every day of the window in the company's calendar, and the change in %", () => {
    const w = { from: new Date("2026-03-02T03:00:00Z"), to: new Date("2026-03-05T03:00:00Z") };
    expect(windowDays(w, "America/Santiago")).toEqual(["2026-03-02", "2026-03-03", "2026-03-04"]);
    expect(windowDays(w, "UTC")).toEqual(["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"]);
    expect(changePct(3, 2)).toBe(50);
    expect(changePct(1, 3)).toBe(-66.7);
    expect(changePct(1, 0)).toBeNull();
    expect(changePct(null, 2)).toBeNull();
  });
});
