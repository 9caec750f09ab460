import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATROL_MARKER_LIFETIME_MS, type Patrol, type RealtimeMessage } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, type TestUser } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";
import { presentPatrol } from "./patrol.service.js";

let app: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let patrolUser: TestUser;
let patrol: string;
let operator: string;
let other: string;

const h = (t: string) => ({ "access-token": t });
const position = (payload: Record<string, unknown>, token = patrol) => app.inject({ method: "POST", url: "/api/app/positions", headers: h(token), payload });
const patrols = async (token = operator, cid = companyId) => {
  const res = await app.inject({ method: "GET", url: `/api/companies/${cid}/patrols`, headers: h(token) });
  return { res, list: res.statusCode === 200 ? body<{ patrols: Patrol[] }>(res).patrols : [] };
};

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  patrolUser = await buildUser(db, { companyId, role: "patrol" });
  patrol = await loginAs(app, patrolUser);
  operator = await loginAs(app, await buildUser(db, { companyId, role: "operator" }));
  other = await loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "operator" }));
});
afterAll(() => app.close());

describe("patrols", () => {
  it("401 without a session; 403 for a user who is nobody's patrol; 404 for another company's list; 400 for bad positions", async () => {
    expect((await app.inject({ method: "POST", url: "/api/app/positions", payload: { latitude: -33.45, longitude: -70.65 } })).statusCode).toBe(401);
    expect((await position({ latitude: -33.45, longitude: -70.65 }, operator)).statusCode).toBe(403);
    expect((await patrols(other)).res.statusCode).toBe(404);
    expect((await patrols(patrol)).res.statusCode).toBe(403);
    for (const bad of [
      { latitude: 91, longitude: 0 },
      { latitude: -33.45 },
      { latitude: "x", longitude: 0 },
      { latitude: -33.45, longitude: -70.65, speed: -1 },
      { latitude: -33.45, longitude: -70.65, extra: 1 },
      { latitude: -33.45, longitude: -70.65, recordedAt: "ayer" },
      { latitude: -33.45, longitude: -70.65, recordedAt: new Date(Date.now() - 2 * PATROL_MARKER_LIFETIME_MS).toISOString() },
      { latitude: -33.45, longitude: -70.65, recordedAt: new Date(Date.now() + 3_600_000).toISOString() },
    ]) {
      const res = await position(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const [row] = await db.query<{ n: number }>("select count(*)::int as n from patrol_positions where user_id = $1", [patrolUser.id]);
    expect(row!.n).toBe(0);
  });

  it("a position puts the patrol on the map, online, and reaches the company's sockets; its status follows the app", async () => {
    const before = (await patrols()).list.find((p) => p.id === patrolUser.id)!;
    expect(before).toMatchObject({ status: "offline", position: null, report: null });

    const heard: RealtimeMessage[] = [];
    const off = app.ctx.bus.subscribe((m) => void (m.type === "patrol" && m.companyId === companyId && heard.push(m)));
    const res = await position({ latitude: -33.4372, longitude: -70.6506, heading: 90, speed: 8.5, accuracy: 12 });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ status: "online", companies: [companyId] });
    const now = (await patrols()).list.find((p) => p.id === patrolUser.id)!;
    expect(now).toMatchObject({ status: "online", position: { latitude: -33.4372, longitude: -70.6506, heading: 90 } });
    // Through Redis when the tests run with it: the message arrives a moment after the answer.
    await waitFor(() => heard.length > 0);
    expect(heard.at(-1)).toMatchObject({ seq: 0, data: { patrol: { id: patrolUser.id, status: "online" } } });

    const busy = await app.inject({ method: "PUT", url: "/api/app/patrol-status", headers: h(patrol), payload: { status: "busy" } });
    expect(busy.statusCode).toBe(200);
    expect((await patrols()).list.find((p) => p.id === patrolUser.id)!.status).toBe("busy");
    await waitFor(() => heard.length > 1);
    expect(heard.at(-1)).toMatchObject({ data: { patrol: { status: "busy" } } });
    expect((await app.inject({ method: "PUT", url: "/api/app/patrol-status", headers: h(patrol), payload: { status: "sleeping" } })).statusCode).toBe(400);
    off();

    // An older position arriving late is stored but does not move the marker back.
    await position({ latitude: -33.5, longitude: -70.7, recordedAt: new Date(Date.now() - 60_000).toISOString() });
    expect((await patrols()).list.find((p) => p.id === patrolUser.id)!.position).toMatchObject({ latitude: -33.4372 });
  });

  it("shows the open report assigned to the patrol", async () => {
    const [r] = await db.query<{ id: number }>(
      "insert into reports (type_id, initial_type_id, title, description, latitude, longitude) values (0, 0, 'Robo en curso', 'x', -33.44, -70.65) returning id",
    );
    await db.query("insert into report_attentions (company_id, report_id, status, assigned_patrol_id) values ($1, $2, 'in_progress', $3)", [companyId, r!.id, patrolUser.id]);
    const p = (await patrols()).list.find((x) => x.id === patrolUser.id)!;
    expect(p.report).toMatchObject({ id: r!.id, title: "Robo en curso", status: "in_progress" });
  });

  it("turns offline 5 minutes after the last position and leaves the map an hour after it (SPEC §9)", () => {
    const row = {
      id: 1, uuid: "u", first_name: "Patrulla", last_name: "Norte", patrol_status: "busy" as const,
      last_latitude: -33.4, last_longitude: -70.6, last_heading: null, last_position_at: new Date("2026-03-10T12:00:00Z"),
      report_id: null, report_uuid: null, report_type: null, report_title: null, report_status: null,
    };
    const at = (minutes: number) => Date.parse("2026-03-10T12:00:00Z") + minutes * 60_000;
    expect(presentPatrol(row, at(4))).toMatchObject({ status: "busy", position: { latitude: -33.4 } });
    expect(presentPatrol(row, at(6))).toMatchObject({ status: "offline", position: { latitude: -33.4 } });
    expect(presentPatrol(row, at(60))).toMatchObject({ status: "offline", position: { latitude: -33.4 } });
    expect(presentPatrol(row, at(61))).toMatchObject({ status: "offline", position: null });
  });
});
