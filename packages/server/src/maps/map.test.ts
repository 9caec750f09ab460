import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAP_MAX_POINTS, gridCellDegrees, type MapHeatResponse, type MapReportsResponse, type ReportStatus } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";

let app: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let zoneId: number;
let admin: string;
let restricted: string;
let other: string;

const h = (t: string) => ({ "access-token": t });
const url = (rest: string, cid = companyId) => `/api/companies/${cid}/maps/${rest}`;
// A day of March 2026 in Santiago (UTC-3): every report below is created within it.
const DAY = "start_date=03-10-2026&start_time=00:00:00&end_date=03-10-2026&end_time=23:59:59";

/** A report the company received at 12:00 Santiago on 10 March 2026, at the point, with the status. */
async function report(o: { lng: number; lat: number; type?: number; status?: ReportStatus; zones?: number[]; deleted?: boolean; company?: number }): Promise<number> {
  const at = "2026-03-10T15:00:00Z";
  const [r] = await db.query<{ id: number }>(
    `insert into reports (type_id, initial_type_id, title, description, latitude, longitude, created_at)
     values ($1, $1, 'En el mapa', 'Reporte del mapa', $2, $3, $4) returning id`,
    [o.type ?? 0, o.lat, o.lng, at],
  );
  await db.query(
    `insert into report_attentions (company_id, report_id, status, zone_ids, created_at, deleted_at) values ($1, $2, $3, $4, $5, $6)`,
    [o.company ?? companyId, r!.id, o.status ?? "pending", o.zones ?? [], at, o.deleted ? at : null],
  );
  return r!.id;
}

let ids: Record<string, number>;

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  const company = await buildCompany(db);
  companyId = company.id;
  zoneId = company.zoneId;
  otherCompanyId = (await buildCompany(db)).id;
  admin = await loginAs(app, await buildUser(db, { companyId, role: "company_admin" }));
  const zoned = await buildUser(db, { companyId, role: "operator" });
  await db.query("update memberships set zone_ids = $3 where company_id = $1 and user_id = $2", [companyId, zoned.id, [zoneId]]);
  restricted = await loginAs(app, zoned);
  other = await loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" }));
  ids = {
    a: await report({ lng: -70.65, lat: -33.45, zones: [zoneId] }),
    b: await report({ lng: -70.6501, lat: -33.4501, type: 2, status: "in_progress", zones: [zoneId] }),
    outside: await report({ lng: -70.5, lat: -33.3, status: "solved" }),
    notApplicable: await report({ lng: -70.65, lat: -33.45, status: "false", zones: [zoneId] }),
    deleted: await report({ lng: -70.65, lat: -33.45, deleted: true, zones: [zoneId] }),
    otherCompany: await report({ lng: -70.65, lat: -33.45, company: otherCompanyId }),
  };
});
afterAll(() => app.close());

const idsOf = (r: MapReportsResponse) => r.collection.features.map((f) => ("id" in f.properties ? f.properties.id : -1)).sort();

describe("maps", () => {
  it("401 without a session, 404 for another company, 400 for a bad filter or view", async () => {
    expect((await app.inject({ method: "GET", url: url(`reports?${DAY}`) })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: url(`reports?${DAY}`), headers: h(other) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: url(`heat?${DAY}`), headers: h(other) })).statusCode).toBe(404);
    for (const q of ["period=5", "zoom=25", "zoom=abc", "bbox=1,2,3", "bbox=10,0,5,1", "bbox=-200,0,5,1", "types=2147483648", "start_date=2026-03-10", "status=closed", "bbox=1,2,3,%00"]) {
      const res = await app.inject({ method: "GET", url: url(`reports?${q}`), headers: h(admin) });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it("answers the window's reports as GeoJSON points, never not-applicable, deleted or another company's ones", async () => {
    const res = await app.inject({ method: "GET", url: url(`reports?${DAY}`), headers: h(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const data = body<MapReportsResponse>(res);
    expect(data.clustered).toBe(false);
    expect(data.total).toBe(3);
    expect(idsOf(data)).toEqual([ids.a!, ids.b!, ids.outside!].sort());
    const b = data.collection.features.find((f) => "id" in f.properties && f.properties.id === ids.b)!;
    expect(b).toMatchObject({ type: "Feature", geometry: { type: "Point", coordinates: [-70.6501, -33.4501] }, properties: { type: 2, status: "in_progress", title: "En el mapa" } });
    // Outside the window: nothing.
    const before = await app.inject({ method: "GET", url: url("reports?start_date=03-09-2026&end_date=03-09-2026"), headers: h(admin) });
    expect(body<MapReportsResponse>(before).total).toBe(0);
  });

  it("filters by type, status and the part of the map in view; a restricted operator sees only their zones", async () => {
    const byType = body<MapReportsResponse>(await app.inject({ method: "GET", url: url(`reports?${DAY}&types=2`), headers: h(admin) }));
    expect(idsOf(byType)).toEqual([ids.b!]);
    const byStatus = body<MapReportsResponse>(await app.inject({ method: "GET", url: url(`reports?${DAY}&status=pending,solved`), headers: h(admin) }));
    expect(idsOf(byStatus)).toEqual([ids.a!, ids.outside!].sort());
    const inView = body<MapReportsResponse>(await app.inject({ method: "GET", url: url(`reports?${DAY}&bbox=-70.7,-33.5,-70.6,-33.4`), headers: h(admin) }));
    expect(idsOf(inView)).toEqual([ids.a!, ids.b!].sort());
    const zoned = body<MapReportsResponse>(await app.inject({ method: "GET", url: url(`reports?${DAY}`), headers: h(restricted) }));
    expect(idsOf(zoned)).toEqual([ids.a!, ids.b!].sort());
  });

  it("counts the heat map on a grid for the zoom, each cell at its reports' mean position", async () => {
    const res = await app.inject({ method: "GET", url: url(`heat?${DAY}&zoom=14`), headers: h(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const heat = body<MapHeatResponse>(res);
    expect(heat.cell_degrees).toBeCloseTo(gridCellDegrees(14));
    expect(heat.total).toBe(3);
    // a and b are 0.0001° apart: one cell of two; the solved report far away: a cell of one.
    const counts = heat.collection.features.map((f) => f.properties.count).sort();
    expect(counts).toEqual([1, 2]);
    expect(heat.max).toBe(2);
    const pair = heat.collection.features.find((f) => f.properties.count === 2)!;
    expect(pair.geometry.coordinates[0]).toBeCloseTo(-70.65005, 5);
    expect(pair.geometry.coordinates[1]).toBeCloseTo(-33.45005, 5);
  });

  it(`sends grid clusters instead of points beyond ${MAP_MAX_POINTS} reports`, async () => {
    const dense = (await buildCompany(db)).id;
    const token = await loginAs(app, await buildUser(db, { companyId: dense, role: "operator" }));
    await db.query(
      `with r as (
         insert into reports (type_id, initial_type_id, description, latitude, longitude, created_at)
         select 0, 0, 'Denso', -33.45 + (i % 50) * 0.001, -70.65 + (i / 50) * 0.001, '2026-03-10T15:00:00Z' from generate_series(1, $2::int) i
         returning id)
       insert into report_attentions (company_id, report_id, created_at) select $1, id, '2026-03-10T15:00:00Z' from r`,
      [dense, MAP_MAX_POINTS + 20],
    );
    const data = body<MapReportsResponse>(await app.inject({ method: "GET", url: url(`reports?${DAY}&zoom=10`, dense), headers: h(token) }));
    expect(data.clustered).toBe(true);
    expect(data.total).toBe(MAP_MAX_POINTS + 20);
    expect(data.collection.features.length).toBeLessThan(50);
    expect(data.collection.features.every((f) => "cluster" in f.properties && f.properties.point_count > 0)).toBe(true);
  });
});
