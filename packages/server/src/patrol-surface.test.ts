import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNRESTRICTED, viewOfEvent } from "./auth/restrictions.js";
import { TEST_PASSWORD, body, buildCompany, buildUser, loginAs, testApp, testDb } from "./test/harness.js";
import { accessOf, anyAccount, apiRoutes, fillPath, patrolWorks, payloadOf } from "./test/route-walk.js";

// A patrol's surface (issue 14): the patrol app's token once read every report of the company, its private
// notes and the event stream. A patrol now reaches the reports assigned to it (their comments and notes),
// its own positions and status, and its own account; nothing else. Walked over every route of the app,
// so a route added later is refused to a patrol unless it is listed here on purpose.

// What a patrol may do comes from the route table (issue 33): its own patrol routes and the routes whose
// permission the patrol role holds (auth/access.ts), always limited to the reports assigned to it; and
// what any account may do (public routes, one's own account, the reporter app's).
const REQUIRED_QUERY: Record<string, string> = { "GET /api/companies/{companyId}/events": "?after=0", "GET /api/companies/{companyId}/duplicates": "?ids=1", "GET /api/companies/{companyId}/app-users/by-phone": "?phone=%2B56987654321", "GET /api/companies/{companyId}/form-submissions": "?templateId=1" };

let app: FastifyInstance;
let companyId: number;
let token: string;
let patrolId: number;
const assigned = { id: 0, uuid: "" };
const other = { id: 0, uuid: "" };
const SECRET_NOTE = "Nota privada que la patrulla no debe leer";
const SECRET_DESCRIPTION = "Reporte de otra patrulla, fuera de su vista";
const SECRET_COMMENT = "Comentario del reporte ajeno";

async function insertReport(description: string, assignedUserId: number | null) {
  const db = await testDb();
  const [r] = await db.query<{ id: number; uuid: string }>(
    "insert into reports (type_id, initial_type_id, description, latitude, longitude) values (0, 0, $1, -33.45, -70.65) returning id, uuid::text as uuid",
    [description],
  );
  await db.query("insert into report_attentions (company_id, report_id, status, assigned_user_id) values ($1, $2, $3, $4)", [
    companyId, r!.id, assignedUserId ? "in_progress" : "pending", assignedUserId,
  ]);
  return r!;
}

beforeAll(async () => {
  app = await testApp();
  await app.ready();
  const db = await testDb();
  companyId = (await buildCompany(db)).id;
  const patrol = await buildUser(db, { companyId, role: "patrol", groups: [4] });
  const admin = await buildUser(db, { companyId, role: "company_admin" });
  patrolId = patrol.id;
  Object.assign(assigned, await insertReport("Reporte asignado a la patrulla", patrol.id));
  Object.assign(other, await insertReport(SECRET_DESCRIPTION, admin.id));
  // A private note and a comment on the other report, through the API: both are in the company's event stream.
  const adminToken = await loginAs(app, admin);
  const other_ = `/api/companies/${companyId}/reports/${other.id}`;
  for (const [path, text] of [["notes", SECRET_NOTE], ["comments", SECRET_COMMENT]]) {
    const res = await app.inject({ method: "POST", url: `${other_}/${path}`, headers: { "access-token": adminToken }, payload: { body: text } });
    expect(res.statusCode).toBe(200);
  }
  // The patrol's way in: the app's sign-in (the portal's refuses its group).
  expect((await app.inject({ method: "POST", url: "/api/login", payload: { email: patrol.email, password: TEST_PASSWORD } })).statusCode).toBe(403);
  const res = await app.inject({ method: "POST", url: "/api/app/login", payload: { email: patrol.email, password: TEST_PASSWORD } });
  expect(res.statusCode).toBe(200);
  token = body<{ user: { access_token: string } }>(res).user.access_token;
});
afterAll(() => app.close());

const call = (method: string, url: string, payload?: unknown) =>
  app.inject({ method: method as "GET", url, headers: { "access-token": token }, ...(payload === undefined ? {} : { payload: payload as object }) });

describe("a patrol's token", () => {
  it("is refused (403 or 404) by every route outside its surface, even on the report assigned to it", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of apiRoutes(app)) {
      if (patrolWorks(accessOf(route)) || anyAccount(accessOf(route))) continue;
      const url = fillPath(route.path, { companyId, id: assigned.id, uuid: assigned.uuid }) + (REQUIRED_QUERY[route.key] ?? "");
      const payload = route.method === "GET" || route.method === "DELETE" ? undefined : (payloadOf(route) ?? {});
      const res = await call(route.method, url, payload);
      checked++;
      if (res.statusCode !== 403 && res.statusCode !== 404) failures.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it("reads, comments and notes the report assigned to it", async () => {
    const base = `/api/companies/${companyId}/reports/${assigned.id}`;
    for (const url of [base, `${base}/activity`, `${base}/comments`, `${base}/notes`, `${base}/followers`, `${base}/gallery`, `/api/reports/${assigned.id}`,
      `/api/companies/${companyId}/reports/by-uuid/${assigned.uuid}`]) {
      expect({ url, status: (await call("GET", url)).statusCode }).toEqual({ url, status: 200 });
    }
    expect((await call("POST", `${base}/comments`, { body: "En camino al lugar" })).statusCode).toBe(200);
    expect((await call("POST", `${base}/notes`, { body: "Llegué, sin novedad" })).statusCode).toBe(200);
    // No actions beyond that: it may not follow, take, close or export it.
    for (const [method, url, payload] of [["POST", `${base}/take`, {}], ["POST", `${base}/follow`, {}], ["POST", `${base}/close`, { kind: "solved" }], ["GET", `${base}/pdf`, undefined]] as const) {
      expect({ url, status: (await call(method, url, payload)).statusCode }).toEqual({ url, status: 403 });
    }
  });

  it("never reaches a report not assigned to it, its private notes nor its comments", async () => {
    const base = `/api/companies/${companyId}/reports/${other.id}`;
    for (const route of apiRoutes(app).filter((r) => patrolWorks(accessOf(r)) && (r.path.includes("{id}") || r.path.includes("{uuid}")))) {
      const url = fillPath(route.path, { companyId, id: other.id, uuid: other.uuid });
      const payload = route.method === "GET" ? undefined : (payloadOf(route) ?? {});
      expect({ url, status: (await call(route.method, url, payload)).statusCode }).toEqual({ url, status: 404 });
    }
    const list = await call("GET", `/api/companies/${companyId}/reports`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(SECRET_DESCRIPTION);
    expect(list.body).toContain("Reporte asignado a la patrulla");
    expect((await call("GET", `${base}/notes`)).body).not.toContain(SECRET_NOTE);
  });

  it("gets no company-wide live messages (other patrols' positions) and no event of another report", async () => {
    const audience = (assignedUserId: number | null) => ({ zoneIds: [], typeId: 0, assignedUserId });
    const patrol = { ...UNRESTRICTED, onlyAssignedTo: patrolId, reportsOnly: true };
    expect(viewOfEvent(patrol, null)).toEqual({ kind: "hidden" });
    expect(viewOfEvent(patrol, audience(patrolId))).toEqual({ kind: "event" });
    expect(viewOfEvent(patrol, audience(patrolId + 1))).toEqual({ kind: "hidden" });
    // An operator still gets the company's live messages.
    expect(viewOfEvent(UNRESTRICTED, null)).toEqual({ kind: "event" });
    const events = await call("GET", `/api/companies/${companyId}/events?after=0`);
    expect(events.statusCode).toBe(200);
    for (const secret of [SECRET_DESCRIPTION, SECRET_NOTE, SECRET_COMMENT]) expect(events.body).not.toContain(secret);
    // The admin's reading of the same stream has them (the check above is not vacuous).
    const stored = await (await testDb()).query<{ data: unknown }>("select data from events where company_id = $1", [companyId]);
    expect(JSON.stringify(stored)).toContain(SECRET_NOTE);
  });

  it("a patrol's settings cannot widen its surface", async () => {
    const db = await testDb();
    await db.query("update users set settings = settings || '{\"onlyAssignedReports\": false}'::jsonb where id = $1", [patrolId]);
    expect((await call("GET", `/api/companies/${companyId}/reports/${other.id}`)).statusCode).toBe(404);
  });
});
