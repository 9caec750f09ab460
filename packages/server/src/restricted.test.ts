import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "./test/harness.js";
import { apiRoutes, fillPath, payloadOf } from "./test/route-walk.js";

// SPEC §6 restrictions are access rules: a user limited to zones, report types or the reports assigned
// to them never gets a report outside them, by any route. Walked over the OpenAPI document, so a route
// added later is covered without being named here.
let app: FastifyInstance;
let companyId: number;
let adminToken: string;
let zonedToken: string;
let assignedOnlyToken: string;
let assignedOnlyUserId: number;
let adminUserId: number;
const reports = { visible: 0, otherZone: 0, otherType: 0, assignedToOther: 0 };
const uuids: Record<string, string> = {};

type ReportKey = keyof typeof reports;
const hidden: ReportKey[] = ["otherZone", "otherType"];

async function insertReport(typeId: number, zoneId: number, assignedUserId: number | null = null): Promise<number> {
  const db = await testDb();
  const [r] = await db.query<{ id: number; uuid: string }>(
    "insert into reports (type_id, initial_type_id, description, latitude, longitude) values ($1, $1, 'Reporte de prueba', -33.45, -70.65) returning id, uuid::text as uuid",
    [typeId],
  );
  await db.query(
    "insert into report_attentions (company_id, report_id, zone_ids, status, assigned_user_id) values ($1, $2, $3, $4, $5)",
    [companyId, r!.id, [zoneId], assignedUserId ? "in_progress" : "pending", assignedUserId],
  );
  uuids[r!.id] = r!.uuid;
  return r!.id;
}

/** What a change to a report would leave behind, to prove a refused request changed nothing. */
async function footprint(reportId: number) {
  const db = await testDb();
  const [row] = await db.query(
    `select a.status, a.priority, a.version, a.is_private, a.assigned_user_id, r.likes_count, r.shares_counter,
            (select count(*)::int from comments c where c.report_id = r.id) as comments,
            (select count(*)::int from notes n where n.report_id = r.id) as notes,
            (select count(*)::int from followers f where f.report_id = r.id) as followers,
            (select count(*)::int from activity_log l where l.report_id = r.id) as activity
       from report_attentions a join reports r on r.id = a.report_id where a.report_id = $1`,
    [reportId],
  );
  return row;
}

beforeAll(async () => {
  app = await testApp();
  await app.ready();
  const db = await testDb();
  const company = await buildCompany(db);
  companyId = company.id;
  const [zoneB] = await db.query<{ id: number }>(
    "insert into zones (company_id, name, geojson, area) values ($1, 'Norte', '{}', '((-70.7,-33.4),(-70.6,-33.4),(-70.6,-33.3),(-70.7,-33.3))'::polygon) returning id",
    [companyId],
  );
  const admin = await buildUser(db, { companyId, role: "company_admin" });
  adminUserId = admin.id;
  const zoned = await buildUser(db, { companyId, role: "operator" });
  await db.query("update memberships set zone_ids = $3, report_type_ids = $4 where company_id = $1 and user_id = $2", [companyId, zoned.id, [company.zoneId], [0]]);
  const assignedOnly = await buildUser(db, { companyId, role: "operator" });
  await db.query(`update users set settings = settings || '{"onlyAssignedReports": true}' where id = $1`, [assignedOnly.id]);
  assignedOnlyUserId = assignedOnly.id;
  [adminToken, zonedToken, assignedOnlyToken] = await Promise.all([loginAs(app, admin), loginAs(app, zoned), loginAs(app, assignedOnly)]);

  reports.visible = await insertReport(0, company.zoneId);
  reports.otherZone = await insertReport(0, zoneB!.id);
  reports.otherType = await insertReport(3, company.zoneId);
  reports.assignedToOther = await insertReport(0, company.zoneId, admin.id);
});
afterAll(() => app.close());

const reportRoutes = () => apiRoutes(app).filter((r) => r.path.startsWith("/api/companies/{companyId}/reports/{"));

describe("an operator restricted to a zone and a report type", () => {
  it("gets 404 from every report route for a report outside the zone or the type, and changes nothing", async () => {
    const routes = reportRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const key of hidden) {
      const id = reports[key];
      const before = await footprint(id);
      for (const route of routes) {
        const payload = route.method === "GET" || route.method === "DELETE" ? undefined : payloadOf(route);
        const url = fillPath(route.path, { companyId, id, uuid: uuids[id] });
        const res = await app.inject({ method: route.method as "POST", url, headers: { "access-token": zonedToken }, ...(payload === undefined ? {} : { payload }) });
        if (res.statusCode !== 404) failures.push(`${route.key} (${key}) → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
      expect(await footprint(id)).toEqual(before);
    }
    expect(failures).toEqual([]);
  });

  it("reads every report route of a report inside the restriction (the 404s above are not incidental)", async () => {
    const failures: string[] = [];
    for (const route of reportRoutes().filter((r) => r.method === "GET")) {
      const url = fillPath(route.path, { companyId, id: reports.visible, uuid: uuids[reports.visible] });
      const res = await app.inject({ method: "GET", url, headers: { "access-token": zonedToken } });
      if (res.statusCode !== 200) failures.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
  });

  it("lists and counts only the reports inside the restriction", async () => {
    const res = await app.inject({ method: "GET", url: `/api/companies/${companyId}/reports?status=pending`, headers: { "access-token": zonedToken } });
    const { reports: list, total, counters } = body<{ reports: { id: number }[]; total: number; counters: Record<string, number> }>(res);
    expect(list.map((r) => r.id)).toEqual([reports.visible]);
    expect(total).toBe(1);
    expect(counters).toMatchObject({ pending: 1, in_progress: 1 });
    const polled = await app.inject({ method: "GET", url: `/api/companies/${companyId}/reports?reportFollowupId=0`, headers: { "access-token": zonedToken } });
    expect(body<{ reports: { id: number }[] }>(polled).reports.map((r) => r.id).sort()).toEqual([reports.visible, reports.assignedToOther].sort());
  });

  it("gets 404 for such a report by its own URL, its share link and its files", async () => {
    const auth = { "access-token": zonedToken };
    for (const key of hidden) {
      expect((await app.inject({ method: "GET", url: `/api/reports/${reports[key]}`, headers: auth })).statusCode).toBe(404);
      expect((await app.inject({ method: "GET", url: `/api/reports/share/${reports[key]}`, headers: auth })).statusCode).toBe(404);
    }
    const own = await app.inject({ method: "GET", url: `/api/reports/${reports.visible}`, headers: auth });
    expect(own.statusCode).toBe(200);
    expect(body<{ success: boolean; report: { id: number } }>(own)).toMatchObject({ success: true, report: { id: reports.visible } });
    expect((await app.inject({ method: "GET", url: `/api/reports/share/${reports.visible}`, headers: auth })).statusCode).toBe(200);

    // A note file on a hidden report: the admin reads it, the restricted operator does not.
    const boundary = "----atalaya";
    const multipart = [
      `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nNota con archivo\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="acta.txt"\r\nContent-Type: text/plain\r\n\r\nActa de la visita\r\n`,
      `--${boundary}--\r\n`,
    ].join("");
    const note = await app.inject({
      method: "POST",
      url: `/api/companies/${companyId}/reports/${reports.otherZone}/notes`,
      headers: { "access-token": adminToken, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(note.statusCode).toBe(200);
    const file = body<{ note: { file: { name: string } } }>(note).note.file.name;
    expect((await app.inject({ method: "GET", url: `/api/files/${file}`, headers: { "access-token": adminToken } })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: `/api/files/${file}`, headers: auth })).statusCode).toBe(404);
  });

  it("catches up on events of reports inside the restriction only, past the ones filtered out", async () => {
    const auth = { "access-token": zonedToken };
    const start = body<{ lastSeq: number }>(await app.inject({ method: "GET", url: `/api/companies/${companyId}/events?after=0`, headers: auth })).lastSeq;
    for (const id of [reports.otherZone, reports.visible, reports.otherType]) {
      const res = await app.inject({ method: "POST", url: `/api/companies/${companyId}/reports/${id}/like`, headers: { "access-token": adminToken }, payload: { value: 1 } });
      expect(res.statusCode).toBe(200);
    }
    const res = await app.inject({ method: "GET", url: `/api/companies/${companyId}/events?after=${start}`, headers: auth });
    const { events, lastSeq } = body<{ events: { seq: number; data: { reportId?: number } }[]; lastSeq: number }>(res);
    expect(events.map((e) => e.data.reportId)).toEqual([reports.visible]);
    // The cursor moves past the filtered events too, so the client does not ask for them again.
    expect(lastSeq).toBeGreaterThanOrEqual(start + 3);
    const admin = body<{ events: { data: { reportId?: number } }[] }>(
      await app.inject({ method: "GET", url: `/api/companies/${companyId}/events?after=${start}`, headers: { "access-token": adminToken } }),
    );
    expect(admin.events.map((e) => e.data.reportId)).toEqual([reports.otherZone, reports.visible, reports.otherType]);
  });
});

describe("a restricted operator creating a report", () => {
  it("may create one of their types inside their zones, and gets 400 (creating nothing) outside them", async () => {
    const auth = { "access-token": zonedToken };
    const url = `/api/companies/${companyId}/reports`;
    const create = (payload: object) => app.inject({ method: "POST", url, headers: auth, payload: { description: "Robo en la esquina", informerType: "anonymous", ...payload } });
    const db = await testDb();
    const count = async () => (await db.query<{ n: number }>("select count(*)::int as n from report_attentions where company_id = $1", [companyId]))[0]!.n;
    const before = await count();
    const otherType = await create({ type: 3, latitude: -33.45, longitude: -70.65 });
    expect(otherType.statusCode).toBe(400);
    expect(body<{ error: { fields: unknown[] } }>(otherType).error.fields).toEqual([{ field: "type", code: "invalid_type" }]);
    const outside = await create({ type: 0, latitude: -33.35, longitude: -70.65 });
    expect(outside.statusCode).toBe(400);
    expect(body<{ error: { fields: unknown[] } }>(outside).error.fields).toEqual([{ field: "latitude", code: "outside_zones" }]);
    expect(await count()).toBe(before);
    const inside = await create({ type: 0, latitude: -33.45, longitude: -70.65 });
    expect(inside.statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});

describe("an operator limited to the reports assigned to them", () => {
  it("sees only those, and gets 404 for the others", async () => {
    const auth = { "access-token": assignedOnlyToken };
    const mine = await insertReport(0, (await testDb().then((db) => db.query<{ id: number }>("select id from zones where company_id = $1 order by id limit 1", [companyId])))[0]!.id, assignedOnlyUserId);
    const res = await app.inject({ method: "GET", url: `/api/companies/${companyId}/reports?status=in_progress`, headers: auth });
    expect(body<{ reports: { id: number }[] }>(res).reports.map((r) => r.id)).toEqual([mine]);
    expect((await app.inject({ method: "GET", url: `/api/companies/${companyId}/reports/${mine}`, headers: auth })).statusCode).toBe(200);
    for (const id of [reports.visible, reports.assignedToOther])
      expect((await app.inject({ method: "GET", url: `/api/companies/${companyId}/reports/${id}`, headers: auth })).statusCode).toBe(404);

    // Reassigned to someone else, the report leaves their sight: the change reaches them as its removal.
    const start = body<{ lastSeq: number }>(await app.inject({ method: "GET", url: `/api/companies/${companyId}/events?after=0`, headers: auth })).lastSeq;
    const assign = await app.inject({ method: "POST", url: `/api/companies/${companyId}/reports/${mine}/assign`, headers: { "access-token": adminToken }, payload: { userId: adminUserId } });
    expect(assign.statusCode).toBe(200);
    const events = body<{ events: { type: string; data: Record<string, unknown> }[] }>(
      await app.inject({ method: "GET", url: `/api/companies/${companyId}/events?after=${start}`, headers: auth }),
    ).events;
    expect(events).toEqual([expect.objectContaining({ type: "removeReport", data: { reportId: mine } })]);
    expect((await app.inject({ method: "GET", url: `/api/companies/${companyId}/reports/${mine}`, headers: auth })).statusCode).toBe(404);
  });
});
